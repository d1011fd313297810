/**
 * Radiance's `glass` material (src/rt/glass.c): a thin pane of two parallel dielectric surfaces whose
 * internal reflections are summed in closed form. The reference model uses transmissivity 0.7627, the
 * value Radiance's own conversion gives for a normal-incidence transmittance of 0.70. The formulas below
 * are the physics of that model (Fresnel at n = 1.52, absorption along the refracted path), re-derived
 * here, so that the engine's glazing sees exactly the angular curve Radiance applies.
 */
export const GLASS_TRANSMISSIVITY = 0.7627;
export const GLASS_INDEX = 1.52;

/** Transmissivity (internal, per pass) from a normal-incidence transmittance, Radiance's conversion. */
export function transmissivityFor(transmittance: number): number {
  return (
    (Math.sqrt(0.8402528435 + 0.0072522239 * transmittance * transmittance) - 0.9166530661) /
    0.0036261119 /
    transmittance
  );
}

interface Fresnel {
  /** Single-surface reflectances, perpendicular (s) and parallel (p) polarisation. */
  rs: number;
  rp: number;
  /** Internal transmissivity along the refracted path. */
  d: number;
}

function fresnel(cosI: number, tn: number): Fresnel {
  const c = Math.min(1, Math.max(1e-9, Math.abs(cosI)));
  const n = GLASS_INDEX;
  // cos of the refraction angle, from Snell's law.
  const cos2 = Math.sqrt(1 - 1 / (n * n) + (c * c) / (n * n));
  const d = Math.pow(tn, 1 / cos2);
  let rs = (c - n * cos2) / (c + n * cos2);
  rs *= rs;
  let rp = (1 / c - n / cos2) / (1 / c + n / cos2);
  rp *= rp;
  return { rs, rp, d };
}

/** Transmittance of the pane for light at incidence cosine `cosI` (unpolarised, multiple reflections summed). */
export function glassTransmittance(cosI: number, tn = GLASS_TRANSMISSIVITY): number {
  const { rs, rp, d } = fresnel(cosI, tn);
  return (
    (0.5 * (1 - rs) * (1 - rs) * d) / (1 - rs * rs * d * d) +
    (0.5 * (1 - rp) * (1 - rp) * d) / (1 - rp * rp * d * d)
  );
}

/** Specular reflectance of the pane at incidence cosine `cosI`. */
export function glassReflectance(cosI: number, tn = GLASS_TRANSMISSIVITY): number {
  const { rs, rp, d } = fresnel(cosI, tn);
  const d2 = d * d;
  return (
    (0.5 * rs * (1 + (1 - 2 * rs) * d2)) / (1 - rs * rs * d2) +
    (0.5 * rp * (1 + (1 - 2 * rp) * d2)) / (1 - rp * rp * d2)
  );
}

/** Cosine-weighted hemispherical average of a function of the incidence cosine: ∫ f(μ) 2μ dμ. */
function hemisphericalAverage(f: (mu: number) => number): number {
  const steps = 2000;
  let s = 0;
  for (let i = 0; i < steps; i++) {
    const mu = (i + 0.5) / steps;
    s += f(mu) * 2 * mu;
  }
  return s / steps;
}

/** The normal-incidence transmittance of the reference glazing (and of every window that names none). */
export const DEFAULT_GLASS_TRANSMITTANCE = 0.7;

const T_TABLE = 1024;

/**
 * One pane's optics for the hot loops: its transmittance by incidence cosine (a table, max error ~1e-6
 * away from grazing) and its hemispherical reflectance. A window's glazing comes from its normal-incidence
 * transmittance τ (glazing datasheets give it, 0.40–0.90): the pane's transmissivity is Radiance's
 * conversion of τ, except at the reference τ = 0.70, where it is the reference scenes' exact 0.7627.
 */
export class Glazing {
  readonly transmissivity: number;
  /**
   * Diffuse stand-in for the pane's mirror reflection of room light: room light reaching the glass comes
   * from all directions, so its specular reflection returns, to first order, the same flux a Lambertian
   * surface of the hemispherical reflectance would.
   */
  readonly hemisphericalReflectance: number;
  /**
   * Its transmittance to light from all directions (the cosine-weighted average over incidence): how a
   * window's daylight scales with the glass, to first order. Lower τ costs more than τ itself says: the
   * absorbing path is longer at the oblique incidence most sky light arrives at.
   */
  readonly diffuseTransmittance: number;
  private readonly table = new Float32Array(T_TABLE + 1);

  constructor(readonly transmittance: number) {
    const tn =
      transmittance === DEFAULT_GLASS_TRANSMITTANCE ? GLASS_TRANSMISSIVITY : transmissivityFor(transmittance);
    this.transmissivity = tn;
    for (let i = 0; i <= T_TABLE; i++) this.table[i] = glassTransmittance(i / T_TABLE, tn);
    this.hemisphericalReflectance = hemisphericalAverage((mu) => glassReflectance(mu, tn));
    this.diffuseTransmittance = hemisphericalAverage((mu) => glassTransmittance(mu, tn));
  }

  /** Table-interpolated transmittance at incidence cosine `cosI`. */
  transmittanceAt(cosI: number): number {
    const x = cosI * T_TABLE;
    const i = x | 0;
    const t = this.table;
    if (i >= T_TABLE) return t[T_TABLE]!;
    const f = x - i;
    return t[i]! * (1 - f) + t[i + 1]! * f;
  }
}

const glazings = new Map<number, Glazing>();

/** The glazing of a normal-incidence transmittance (built once per value). */
export function glazingFor(transmittance = DEFAULT_GLASS_TRANSMITTANCE): Glazing {
  let g = glazings.get(transmittance);
  if (!g) {
    g = new Glazing(transmittance);
    glazings.set(transmittance, g);
  }
  return g;
}

export const DEFAULT_GLAZING = glazingFor();
export const GLASS_HEMISPHERICAL_REFLECTANCE = DEFAULT_GLAZING.hemisphericalReflectance;

/** The reference glazing's transmittance (the model's inputs are made with it). */
export const glassTransmittanceFast = (cosI: number): number => DEFAULT_GLAZING.transmittanceAt(cosI);
