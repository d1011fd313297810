/**
 * Stratified cosine-weighted sampling of a hemisphere, the estimator behind every irradiance the engine
 * gathers by rays (exterior surfaces, the outer reveals): the unit square is cut into m × m strata, one
 * jittered point per stratum is mapped to a direction by Malley's method (a uniform point of the unit disc
 * lifted onto the hemisphere), so each direction stands for π/m² of the cosine-weighted solid angle:
 * E ≈ (π/m²) Σ L(ω_k).
 */

/** An orthonormal frame: tangents t and b, and the normal n the hemisphere is centred on. */
export interface HemisphereFrame {
  tx: number;
  ty: number;
  tz: number;
  bx: number;
  by: number;
  bz: number;
  nx: number;
  ny: number;
  nz: number;
}

/** Two unit tangents completing an orthonormal basis with the unit normal n. */
export function basis(nx: number, ny: number, nz: number): [number, number, number, number, number, number] {
  let tx: number, ty: number, tz: number;
  if (Math.abs(nz) < 0.9) {
    // t = normalize(up × n)
    tx = -ny;
    ty = nx;
    tz = 0;
  } else {
    tx = 0;
    ty = -nz;
    tz = ny;
  }
  const l = Math.hypot(tx, ty, tz);
  tx /= l;
  ty /= l;
  tz /= l;
  return [tx, ty, tz, ny * tz - nz * ty, nz * tx - nx * tz, nx * ty - ny * tx];
}

/** The frame `basis` completes around the unit normal n. */
export function frameAround(nx: number, ny: number, nz: number): HemisphereFrame {
  const [tx, ty, tz, bx, by, bz] = basis(nx, ny, nz);
  return { tx, ty, tz, bx, by, bz, nx, ny, nz };
}

/**
 * Calls `visit` with the m × m stratified cosine-weighted unit directions around frame f's normal, stratum
 * by stratum (row a of u1, column b of u2), drawing two numbers from `r` per stratum in that order, so a
 * seeded stream gives the same directions in the same order every time.
 */
export function cosineStrata(
  m: number,
  r: () => number,
  f: HemisphereFrame,
  visit: (dx: number, dy: number, dz: number) => void,
): void {
  const { tx, ty, tz, bx, by, bz, nx, ny, nz } = f;
  for (let a = 0; a < m; a++) {
    for (let b = 0; b < m; b++) {
      const u1 = (a + r()) / m;
      const u2 = (b + r()) / m;
      const rr = Math.sqrt(u1);
      const phi = 2 * Math.PI * u2;
      const lx = rr * Math.cos(phi),
        ly = rr * Math.sin(phi),
        lz = Math.sqrt(1 - u1);
      visit(lx * tx + ly * bx + lz * nx, lx * ty + ly * by + lz * ny, lx * tz + ly * bz + lz * nz);
    }
  }
}
