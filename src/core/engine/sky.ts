/**
 * CIE standard overcast sky (physics.md): L(γ) = L_z (1 + 2 sin γ) / 3. The zenith luminance is chosen so
 * that the unobstructed horizontal illuminance E_h = ∫ L sin γ dω = 7π L_z / 9 is exactly 1; every
 * illuminance in the engine is then already a fraction of E_h and DF = 100 · E.
 */
export const ZENITH_LUMINANCE = 9 / (7 * Math.PI);

/** Sky luminance seen in a direction whose z component (sin of the altitude) is `dz`; 0 below the horizon. */
export function skyLuminance(dz: number): number {
  return dz > 0 ? (ZENITH_LUMINANCE * (1 + 2 * dz)) / 3 : 0;
}

/**
 * Illuminance on a plane with unit normal of z component `nz` from the whole unobstructed sky (no ground).
 * By symmetry it depends on the tilt only. The azimuth integral has a closed form (the clipped cosine
 * lobe), the altitude integral is done once on a fine midpoint rule and tabulated.
 */
function skyOnTiltExact(nz: number): number {
  const sinT = Math.sqrt(Math.max(0, 1 - nz * nz));
  const steps = 4000;
  let sum = 0;
  for (let i = 0; i < steps; i++) {
    const g = ((i + 0.5) / steps) * (Math.PI / 2);
    const cg = Math.cos(g);
    const sg = Math.sin(g);
    const a = cg * sinT;
    const b = sg * nz;
    let phiInt: number;
    if (b >= a) phiInt = 2 * Math.PI * b;
    else if (b <= -a) phiInt = 0;
    else {
      const phi0 = Math.acos(-b / a);
      phiInt = 2 * (a * Math.sin(phi0) + b * phi0);
    }
    sum += skyLuminance(sg) * phiInt * cg;
  }
  return sum * (Math.PI / 2 / steps);
}

const TABLE_SIZE = 257;
let table: Float64Array | null = null;

/** Unobstructed sky illuminance on a plane whose normal has z component `nz` (1 = horizontal up → 1). */
export function skyOnTilt(nz: number): number {
  if (table === null) {
    table = new Float64Array(TABLE_SIZE);
    for (let i = 0; i < TABLE_SIZE; i++) table[i] = skyOnTiltExact(-1 + (2 * i) / (TABLE_SIZE - 1));
    // The quadrature's small error is nearly proportional; pin the horizontal value to its exact 1.
    const top = table[TABLE_SIZE - 1]!;
    for (let i = 0; i < TABLE_SIZE; i++) table[i] = table[i]! / top;
  }
  const x = ((Math.min(1, Math.max(-1, nz)) + 1) / 2) * (TABLE_SIZE - 1);
  const i = Math.min(TABLE_SIZE - 2, Math.floor(x));
  const f = x - i;
  return table[i]! * (1 - f) + table[i + 1]! * f;
}

/**
 * The sky the engine computes under: an input of the engine, so that another sky (a climate's hour, a
 * sun) enters without touching its internals. Both functions are relative to the illuminance the answer is
 * a fraction of (for a daylight factor, the unobstructed horizontal illuminance of this sky: E_h = 1, and
 * DF = 100 · E).
 */
export interface Sky {
  /** Luminance seen looking in the unit direction (dx, dy, dz), world frame (x east, y north, z up); 0 below the horizon. */
  luminance(dx: number, dy: number, dz: number): number;
  /** Illuminance on a plane with unit normal (nx, ny, nz) from the whole unobstructed sky (no ground). */
  onPlane(nx: number, ny: number, nz: number): number;
}

/** The CIE standard overcast sky of the daylight factor: the engine's default. */
export const CIE_OVERCAST: Sky = {
  luminance: (_dx, _dy, dz) => skyLuminance(dz),
  onPlane: (_nx, _ny, nz) => skyOnTilt(nz),
};
