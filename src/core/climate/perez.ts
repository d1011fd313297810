/**
 * The Perez all-weather sky (Perez, Seals & Michalsky 1993, Solar Energy 50(3) and its erratum 51(5)) for
 * one hour of a weather file, with the Perez et al. 1990 luminous efficacies (Solar Energy 44(5)) where the
 * hour gives irradiances only. Tables and limits are the published ones as Radiance's gendaymtx and
 * gendaylit carry them; where the two tools differ the choice is said at the constant.
 *
 * Units: irradiance W/m², illuminance lux, luminance cd/m², angles radians. World frame x east, y north,
 * z up. The sun itself is not part of the sky: it is the hour's direct-normal illuminance from `sun`.
 */
import type { Sky } from '../engine/sky';
import type { Radians } from '../units';

/** A unit direction in the world frame (x east, y north, z up). */
export interface Direction {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

/** One hour of climate data: what an EPW or a Radiance .wea line gives. */
export interface PerezHour {
  /** Sun zenith angle. It drives the model (clearness, air mass, coefficients, efficacies). */
  sunZenith: Radians;
  /** Unit vector towards the sun. Only its horizontal part (the azimuth) is read for the distribution. */
  sun: Direction;
  /** Day of the year, 1–366 (the Earth–Sun distance). */
  dayOfYear: number;
  directNormalIrradiance: number;
  diffuseHorizontalIrradiance: number;
  /** Measured diffuse horizontal illuminance (lux); modelled when absent, NaN or negative. */
  diffuseHorizontalIlluminance?: number | undefined;
  /** Measured direct-normal illuminance (lux); modelled when absent, NaN or negative. */
  directNormalIlluminance?: number | undefined;
  /** Surface dew point (°C) for the precipitable water of the efficacy model; absent or NaN: 11 °C. */
  dewPoint?: number | undefined;
}

/** The five parameters of lv(ζ, γ) = (1 + a e^{b/cos ζ})(1 + c e^{dγ} + e cos²γ). */
export interface PerezCoefficients {
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
}

/** The Perez sky of one hour, normalised to its diffuse horizontal illuminance. */
export interface PerezSky {
  /** Sky clearness ε, limited to [1, 12] (the model's range; a sky with no diffuse light reads 12 or 1). */
  epsilon: number;
  /** Sky brightness Δ as measured (the coefficients use it limited to [0.01, 0.6], see DELTA_RANGE). */
  delta: number;
  /** Clearness category 1 (overcast, ε < 1.065) … 8 (clear, ε ≥ 6.2), numbered as in the paper. */
  bin: number;
  coefficients: PerezCoefficients;
  /** The sun zenith the model used: the hour's, limited to [3°, 90°]. */
  modelZenith: number;
  /** Unit vector towards the sun as given (normalised). */
  sun: Direction;
  /** The distribution's sun: the hour's azimuth at the model zenith (what γ is measured from). */
  modelSun: Direction;
  /** lux: ∫ L cos ζ dω of this sky. */
  diffuseHorizontalIlluminance: number;
  /** lux; 0 once the whole solar disc is below the horizon. */
  directNormalIlluminance: number;
  /** lux: diffuse + direct-normal × sin(sun altitude) (the sun counted only above the horizon). */
  globalHorizontalIlluminance: number;
  /** cd/m² seen looking in the unit direction (dx, dy, dz); 0 below the horizon. */
  luminance(dx: number, dy: number, dz: number): number;
}

const DEG = Math.PI / 180;
const SOLAR_CONSTANT = 1367; // W/m², as gendaymtx and gendaylit
const KAPPA = 1.041; // ε's zenith term (Perez 1990 eq. 1), Z in radians
/** Upper limits of clearness categories 1–7 (Perez 1993, Table 1). */
export const CLEARNESS_LIMITS: readonly number[] = [1.065, 1.23, 1.5, 1.95, 2.8, 4.5, 6.2];
const EPSILON_MAX = 12; // gendaylit accepts ε < 12.01, gendaymtx caps at 11.9–12
/**
 * Δ is held in gendaylit's range [0.01, 0.6] for the coefficients and efficacies: above it they explode
 * (category 1 with the sun 5° up: c = 14 at Δ = 0.6, 1.4·10⁵ at Δ = 2; low suns under bright cloud reach
 * Δ > 1). gendaymtx applies the lower limit only.
 */
export const DELTA_RANGE: readonly [number, number] = [0.01, 0.6];
/**
 * The sun zenith the model takes: 3°…90°, as gendaymtx (which keeps the circumsolar peak off the zenith,
 * and puts a sun below the horizon on it).
 */
const ZENITH_RANGE: readonly [number, number] = [3 * DEG, 90 * DEG];
/**
 * The gradation 1 + a e^{b/cos ζ} is held at its value 6° above the horizon, the lowest point gendaymtx
 * evaluates (the centre of the Tregenza horizon band). Extrapolated lower it flips with the sign of b:
 * bins 6–8 reach b > 0 with a low sun and a bright sky, and perezlum.cal's hold at cos ζ = 0.01 then
 * gives e^{b/0.01} ≈ 10¹⁴, all of the diffuse light in the lowest half degree (a > 0) or a black band
 * (a < 0), where b slightly below 0 gives the usual bright horizon. For b < −0.5 (overcast) it is moot.
 */
const MIN_COS_ZETA = Math.sin(6 * DEG);
/** gendaymtx's sun_in_sky: the solar disc (0.533° across) has set once its centre is 0.2665° below. */
const SUN_SET_SIN = Math.sin(-0.2665 * DEG);
const DEFAULT_DEW_POINT = 11; // °C, gendaymtx's default
const NORM_ALT = 90; // normalisation grid: 1° rows …
const NORM_AZI = 180; // … × 1° cells over half the sky (the sky is symmetric about the sun's vertical plane)

/**
 * Perez 1993 Table 1 (with the erratum), per category: for a, b, c, d, e four numbers x1…x4 with
 * p = x1 + x2·Z + Δ(x3 + x4·Z). Category 1's c and d take their own forms (perezCoefficients).
 */
const PEREZ_1993: readonly (readonly number[])[] = [
  [
    1.3525, -0.2576, -0.269, -1.4366, -0.767, 0.0007, 1.2734, -0.1233, 2.8, 0.6004, 1.2375, 1.0, 1.8734,
    0.6297, 0.9738, 0.2809, 0.0356, -0.1246, -0.5718, 0.9938,
  ],
  [
    -1.2219, -0.773, 1.4148, 1.1016, -0.2054, 0.0367, -3.9128, 0.9156, 6.975, 0.1774, 6.4477, -0.1239,
    -1.5798, -0.5081, -1.7812, 0.108, 0.2624, 0.0672, -0.219, -0.4285,
  ],
  [
    -1.1, -0.2515, 0.8952, 0.0156, 0.2782, -0.1812, -4.5, 1.1766, 24.7219, -13.0812, -37.7, 34.8438, -5.0,
    1.5218, 3.9229, -2.6204, -0.0156, 0.1597, 0.4199, -0.5562,
  ],
  [
    -0.5484, -0.6654, -0.2672, 0.7117, 0.7234, -0.6219, -5.6812, 2.6297, 33.3389, -18.3, -62.25, 52.0781,
    -3.5, 0.0016, 1.1477, 0.1062, 0.4659, -0.3296, -0.0876, -0.0329,
  ],
  [
    -0.6, -0.3566, -2.5, 2.325, 0.2937, 0.0496, -5.6812, 1.8415, 21.0, -4.7656, -21.5906, 7.2492, -3.5,
    -0.1554, 1.4062, 0.3988, 0.0032, 0.0766, -0.0656, -0.1294,
  ],
  [
    -1.0156, -0.367, 1.0078, 1.4051, 0.2875, -0.5328, -3.85, 3.375, 14.0, -0.9999, -7.1406, 7.5469, -3.4,
    -0.1078, -1.075, 1.5702, -0.0672, 0.4016, 0.3017, -0.4844,
  ],
  [
    -1.0, 0.0211, 0.5025, -0.5119, -0.3, 0.1922, 0.7023, -1.6317, 19.0, -5.0, 1.2438, -1.9094, -4.0, 0.025,
    0.3844, 0.2656, 1.0468, -0.3788, -2.4517, 1.4656,
  ],
  [
    -1.05, 0.0289, 0.426, 0.359, -0.325, 0.1156, 0.7781, 0.0025, 31.0625, -14.5, -46.1148, 55.375, -7.2312,
    0.405, 13.35, 0.6234, 1.5, -0.6426, 1.8564, 0.5636,
  ],
];

/** Perez 1990 Table 4, diffuse efficacy (lm/W) = a + b·W + c·cos Z + d·ln Δ, per category. */
const DIFFUSE_EFFICACY: readonly (readonly number[])[] = [
  [97.24, -0.46, 12.0, -8.91],
  [107.22, 1.15, 0.59, -3.95],
  [104.97, 2.96, -5.53, -8.77],
  [102.39, 5.59, -13.95, -13.9],
  [100.71, 5.94, -22.75, -23.74],
  [106.42, 3.83, -36.15, -28.83],
  [141.88, 1.9, -53.24, -14.03],
  [152.23, 0.35, -45.27, -7.98],
];

/** Perez 1990 Table 4, direct efficacy (lm/W) = max(0, a + b·W + c·e^{5.73 Z − 5} + d·Δ), per category. */
const DIRECT_EFFICACY: readonly (readonly number[])[] = [
  [57.2, -4.55, -2.98, 117.12],
  [98.99, -3.46, -1.21, 12.38],
  [109.83, -4.9, -1.71, -8.81],
  [110.34, -5.84, -1.99, -4.56],
  [106.36, -3.97, -1.75, -6.16],
  [107.19, -1.25, -1.51, -26.73],
  [105.75, 0.77, -1.26, -34.44],
  [101.18, 1.58, -1.1, -8.29],
];

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));
const nonNegative = (v: number): number => (Number.isFinite(v) && v > 0 ? v : 0);

/**
 * Relative optical air mass at zenith ≤ 90°: Kasten 1966, the form gendaymtx and gendaylit use, so that Δ
 * (and the category's coefficients) match theirs. Kasten & Young 1989 differs by < 0.2 % up to Z = 85°,
 * 0.6 % at 88° and 4 % at the horizon.
 */
export function airMass(zenith: number): number {
  return 1 / (Math.cos(zenith) + 0.15 * Math.pow(93.885 - zenith / DEG, -1.253));
}

/** Earth–Sun distance factor (r₀/r)² on the extraterrestrial irradiance: Spencer 1971, as gendaymtx. */
export function eccentricity(dayOfYear: number): number {
  const g = ((dayOfYear - 1) * 2 * Math.PI) / 365;
  return (
    1.00011 +
    0.034221 * Math.cos(g) +
    0.00128 * Math.sin(g) +
    0.000719 * Math.cos(2 * g) +
    0.000077 * Math.sin(2 * g)
  );
}

/** Clearness ε from irradiances (Perez 1990 eq. 1), limited to [1, 12]. */
export function skyClearness(diffuseHorizontal: number, directNormal: number, zenith: number): number {
  const dhi = nonNegative(diffuseHorizontal);
  const dni = nonNegative(directNormal);
  if (dhi === 0) return dni > 0 ? EPSILON_MAX : 1; // no diffuse light: a clear sky if the sun shines
  const kz3 = KAPPA * zenith * zenith * zenith;
  return clamp(((dhi + dni) / dhi + kz3) / (1 + kz3), 1, EPSILON_MAX);
}

/** Brightness Δ = DHI · m / (E0 · eccentricity) (Perez 1990 eq. 2). */
export function skyBrightness(diffuseHorizontal: number, zenith: number, dayOfYear: number): number {
  return (nonNegative(diffuseHorizontal) * airMass(zenith)) / (SOLAR_CONSTANT * eccentricity(dayOfYear));
}

/** Clearness category 1–8 of ε (lower limits inclusive, as gendaymtx). */
export function clearnessBin(epsilon: number): number {
  let bin = 1;
  while (bin <= CLEARNESS_LIMITS.length && epsilon >= CLEARNESS_LIMITS[bin - 1]!) bin++;
  return bin;
}

/**
 * a–e for category `bin` (1–8), sun zenith `zenith` (radians) and brightness `delta` ≥ 0. The one limit
 * applied here is the correction gendaylit and gendaymtx both make to the model: Δ ≥ 0.2 when
 * 1.065 < ε < 2.8 (categories 2–5). DELTA_RANGE is the caller's to apply (perezSky does).
 */
export function perezCoefficients(bin: number, zenith: number, delta: number): PerezCoefficients {
  const k = clamp(Math.round(bin), 1, 8);
  const x = PEREZ_1993[k - 1]!;
  const dl = k >= 2 && k <= 5 ? Math.max(delta, 0.2) : delta;
  const p = (i: number) => x[4 * i]! + x[4 * i + 1]! * zenith + dl * (x[4 * i + 2]! + x[4 * i + 3]! * zenith);
  if (k !== 1) return { a: p(0), b: p(1), c: p(2), d: p(3), e: p(4) };
  // Category 1 (eqs. 7–8): c = exp((Δ(c1 + c2 Z))^c3) − c4, d = −exp(Δ(d1 + d2 Z)) + d3 + Δ d4.
  return {
    a: p(0),
    b: p(1),
    c: Math.exp(Math.pow(dl * (x[8]! + x[9]! * zenith), x[10]!)) - x[11]!,
    d: -Math.exp(dl * (x[12]! + x[13]! * zenith)) + x[14]! + dl * x[15]!,
    e: p(4),
  };
}

/** Relative luminance lv at cos ζ (ζ: the element's zenith angle) and cos γ (γ: its angle to the sun). */
export function perezRelativeLuminance(k: PerezCoefficients, cosZeta: number, cosGamma: number): number {
  const cg = clamp(cosGamma, -1, 1);
  const v =
    (1 + k.a * Math.exp(k.b / Math.max(cosZeta, MIN_COS_ZETA))) *
    (1 + k.c * Math.exp(k.d * Math.acos(cg)) + k.e * cg * cg);
  return v > 0 ? v : 0; // a few coefficient sets dip below 0 far from the sun; gendaymtx clamps too
}

/** Precipitable water (cm) from the dew point (°C), Perez 1990 eq. 3. */
export function precipitableWater(dewPoint: number): number {
  return Math.exp(0.07 * dewPoint - 0.075);
}

/** Perez 1990 diffuse luminous efficacy (lm/W). */
export function diffuseEfficacy(bin: number, water: number, zenith: number, delta: number): number {
  const [a, b, c, d] = DIFFUSE_EFFICACY[bin - 1]!;
  return Math.max(0, a! + b! * water + c! * Math.cos(zenith) + d! * Math.log(delta));
}

/** Perez 1990 direct luminous efficacy (lm/W). */
export function directEfficacy(bin: number, water: number, zenith: number, delta: number): number {
  const [a, b, c, d] = DIRECT_EFFICACY[bin - 1]!;
  return Math.max(0, a! + b! * water + c! * Math.exp(5.73 * zenith - 5) + d! * delta);
}

/**
 * ∫ lv cos ζ dω over the sky for the sun at zenith `zenith`: midpoint rule on 1° × 1° (altitude × azimuth
 * from the sun's vertical), over the half sky on one side of that plane, doubled. Azimuth-independent.
 */
function relativeHorizontal(k: PerezCoefficients, zenith: number): number {
  const sz = Math.sin(zenith),
    cz = Math.cos(zenith);
  const da = Math.PI / 2 / NORM_ALT,
    dp = Math.PI / NORM_AZI;
  let sum = 0;
  for (let i = 0; i < NORM_ALT; i++) {
    const alt = (i + 0.5) * da;
    const ca = Math.cos(alt),
      sa = Math.sin(alt);
    // perezRelativeLuminance with its gradation factor, constant along the row, taken out of the loop.
    const g = 1 + k.a * Math.exp(k.b / Math.max(sa, MIN_COS_ZETA));
    let row = 0;
    for (let j = 0; j < NORM_AZI; j++) {
      const cg = Math.min(1, Math.max(-1, sz * ca * Math.cos((j + 0.5) * dp) + cz * sa));
      const v = g * (1 + k.c * Math.exp(k.d * Math.acos(cg)) + k.e * cg * cg);
      if (v > 0) row += v;
    }
    sum += row * sa * ca;
  }
  return 2 * sum * da * dp;
}

/** The Perez sky of one hour: clearness, brightness, coefficients, illuminances, normalised luminance. */
export function perezSky(hour: PerezHour): PerezSky {
  const zenith = clamp(Number.isFinite(hour.sunZenith) ? hour.sunZenith : ZENITH_RANGE[1], ...ZENITH_RANGE);
  const dhi = nonNegative(hour.diffuseHorizontalIrradiance);
  const dni = nonNegative(hour.directNormalIrradiance);
  const epsilon = skyClearness(dhi, dni, zenith);
  const delta = skyBrightness(dhi, zenith, hour.dayOfYear);
  const bin = clearnessBin(epsilon);
  const dModel = clamp(delta, ...DELTA_RANGE);
  const coefficients = perezCoefficients(bin, zenith, dModel);

  const sun = unit(hour.sun);
  const water = precipitableWater(Number.isFinite(hour.dewPoint) ? hour.dewPoint! : DEFAULT_DEW_POINT);
  const measured = (v: number | undefined) =>
    v !== undefined && Number.isFinite(v) && v >= 0 ? v : undefined;
  const edh =
    measured(hour.diffuseHorizontalIlluminance) ?? dhi * diffuseEfficacy(bin, water, zenith, dModel);
  const edn =
    sun.z < SUN_SET_SIN
      ? 0
      : (measured(hour.directNormalIlluminance) ?? dni * directEfficacy(bin, water, zenith, dModel));

  // The distribution's sun: the hour's azimuth at the model zenith (gendaymtx does the same).
  const h = Math.hypot(sun.x, sun.y);
  const hx = h > 1e-12 ? sun.x / h : 0,
    hy = h > 1e-12 ? sun.y / h : -1; // a sun exactly overhead has no azimuth: take south
  const sx = Math.sin(zenith) * hx,
    sy = Math.sin(zenith) * hy,
    sz = Math.cos(zenith);

  // The normalisation (a 1° grid over half the sky) is computed on the first luminance asked for: a year
  // of sky vectors (skyVector.ts's patchSampler) normalises on its own samples and never asks.
  let scale = -1,
    uniform = false;
  const normalise = (): void => {
    const rel = edh > 0 ? relativeHorizontal(coefficients, zenith) : 0;
    // A sky whose relative distribution vanishes everywhere is made uniform, as gendaymtx does.
    uniform = edh > 0 && !(rel > 1e-12);
    scale = edh > 0 ? (uniform ? edh / Math.PI : edh / rel) : 0;
  };

  return {
    epsilon,
    delta,
    bin,
    coefficients,
    modelZenith: zenith,
    sun,
    modelSun: { x: sx, y: sy, z: sz },
    diffuseHorizontalIlluminance: edh,
    directNormalIlluminance: edn,
    globalHorizontalIlluminance: edh + edn * Math.max(0, sun.z),
    luminance(dx, dy, dz) {
      if (scale < 0) normalise();
      if (!(dz > 0) || scale === 0) return 0;
      return uniform ? scale : scale * perezRelativeLuminance(coefficients, dz, dx * sx + dy * sy + dz * sz);
    },
  };
}

function unit(v: Direction): Direction {
  const n = Math.hypot(v.x, v.y, v.z);
  return n > 0 && Number.isFinite(n) ? { x: v.x / n, y: v.y / n, z: v.z / n } : { x: 0, y: 0, z: -1 };
}

const PLANE_MEMO = 4096;

/**
 * The hour's sky (without its sun) as the engine's `Sky`: luminance in cd/m², so that illuminances come
 * out in lux. `onPlane` sums the sky over a 1° × 1° grid symmetric about the sun's vertical (the grid of
 * the normalisation, so onPlane(0, 0, 1) is the diffuse horizontal illuminance), memoised per normal.
 */
export function perezEngineSky(sky: PerezSky): Sky {
  let grid: Float64Array | null = null; // dx, dy, dz, L·dω per cell
  const memo = new Map<string, number>();
  const build = (): Float64Array => {
    const g = new Float64Array(NORM_ALT * 2 * NORM_AZI * 4);
    const h = Math.hypot(sky.sun.x, sky.sun.y);
    const az0 = h > 1e-12 ? Math.atan2(sky.sun.y, sky.sun.x) : -Math.PI / 2;
    const da = Math.PI / 2 / NORM_ALT,
      dp = Math.PI / NORM_AZI;
    let o = 0;
    for (let i = 0; i < NORM_ALT; i++) {
      const alt = (i + 0.5) * da;
      const ca = Math.cos(alt),
        sa = Math.sin(alt);
      for (let j = -NORM_AZI; j < NORM_AZI; j++) {
        const az = az0 + (j + 0.5) * dp;
        const dx = ca * Math.cos(az),
          dy = ca * Math.sin(az);
        g[o++] = dx;
        g[o++] = dy;
        g[o++] = sa;
        g[o++] = sky.luminance(dx, dy, sa) * ca * da * dp;
      }
    }
    return g;
  };
  return {
    luminance: (dx, dy, dz) => sky.luminance(dx, dy, dz),
    onPlane(nx, ny, nz) {
      const key = `${nx},${ny},${nz}`;
      const hit = memo.get(key);
      if (hit !== undefined) return hit;
      grid ??= build();
      let e = 0;
      for (let o = 0; o < grid.length; o += 4) {
        const c = grid[o]! * nx + grid[o + 1]! * ny + grid[o + 2]! * nz;
        if (c > 0) e += c * grid[o + 3]!;
      }
      if (memo.size >= PLANE_MEMO) memo.clear();
      memo.set(key, e);
      return e;
    },
  };
}
