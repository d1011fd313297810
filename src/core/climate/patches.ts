/**
 * The Reinhart sky subdivision of Radiance's `gendaymtx -m MF` (and reinhart.cal / reinsrc.cal): the 145
 * Tregenza patches for MF = 1; for MF > 1 each Tregenza band becomes MF rows of MF times its patches, with
 * one zenith cap throughout (145, 577, 2305 sky patches for MF 1, 2, 4); and a ground patch.
 *
 * Order (Radiance's matrix rows): index 0 is the ground (the whole lower hemisphere); then the sky rows
 * from the horizon up; within a row the patches by compass bearing, the first centred on north, then
 * clockwise seen from above (north → east → south → west); the last index is the zenith cap.
 *
 * Geometry, Radiance's: every row is α = 90° / (7·MF + 0.5) high, the cap the disc of radius α/2 about the
 * zenith: 12° and 6° for MF = 1, but 6.21° (not 6°) for MF = 2. The Tregenza bands hold 30, 30, 24, 24,
 * 18, 12, 6 patches. A patch's centre is at its row's mid-altitude and its column's mid-bearing.
 *
 * Azimuths: Radiance's patch azimuth is a bearing φ (from +Y = north towards +X = east), with
 * (x, y, z) = (cos alt · sin φ, cos alt · cos φ, sin alt). Radiance's world frame is ours (x east, y north,
 * z up), so vectors carry over unchanged; only the angle differs: Lux's horizontal angle = 90° − φ.
 */

/** Patches per Tregenza band, horizon first. */
const TREGENZA_BANDS: readonly number[] = [30, 30, 24, 24, 18, 12, 6];

/** Index of the ground patch. */
export const GROUND_PATCH = 0;

/** A Reinhart sky subdivision. All angles radians; vectors unit, world frame. */
export interface SkyPatches {
  /** Subdivision (gendaymtx's -m). */
  readonly mf: number;
  /** Patches including the ground: 144·MF² + 2. */
  readonly count: number;
  /** Height of a sky row, 90° / (7·MF + 0.5). */
  readonly alpha: number;
  /** Sky rows including the cap: 7·MF + 1. */
  readonly rows: number;
  /** First patch of each sky row; rowStart[rows] = count. */
  readonly rowStart: Int32Array;
  /** Centre directions (ground: straight down). */
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly z: Float64Array;
  /** Exact solid angles (sr); the sky's sum to 2π, the ground's is 2π. */
  readonly solidAngle: Float64Array;
  /** Index of the patch holding the direction (dx, dy, dz); a downward (or NaN) direction is the ground. */
  patchOf(dx: number, dy: number, dz: number): number;
}

/** Altitude and bearing ranges of a patch. */
export interface PatchBounds {
  altMin: number;
  altMax: number;
  /** Compass bearing of the centre (clockwise from north); the cap's and ground's is 0. */
  bearing: number;
  /** Bearing width: 2π for the cap and the ground. */
  width: number;
}

/** Patch count of `gendaymtx -m mf`, ground included. */
export function patchCount(mf: number): number {
  return 144 * mf * mf + 2;
}

/** The Reinhart subdivision for `mf` (a positive integer; 1 = Tregenza). */
export function reinhartPatches(mf = 1): SkyPatches {
  if (!Number.isInteger(mf) || mf < 1 || mf > 64)
    throw new RangeError(`reinhartPatches: MF must be an integer 1–64, got ${mf}`);
  const count = patchCount(mf);
  const alpha = Math.PI / 2 / (7 * mf + 0.5);
  const rows = 7 * mf + 1;
  const rowStart = new Int32Array(rows + 1);
  const x = new Float64Array(count),
    y = new Float64Array(count),
    z = new Float64Array(count),
    solidAngle = new Float64Array(count);
  z[GROUND_PATCH] = -1;
  solidAngle[GROUND_PATCH] = 2 * Math.PI;
  let p = 1;
  for (let r = 0; r < rows - 1; r++) {
    rowStart[r] = p;
    const n = mf * TREGENZA_BANDS[Math.floor(r / mf)]!;
    const alt = alpha * (r + 0.5);
    const dom = ((2 * Math.PI) / n) * (Math.sin(alpha * (r + 1)) - Math.sin(alpha * r));
    for (let j = 0; j < n; j++, p++) {
      const phi = (2 * Math.PI * j) / n;
      x[p] = Math.cos(alt) * Math.sin(phi);
      y[p] = Math.cos(alt) * Math.cos(phi);
      z[p] = Math.sin(alt);
      solidAngle[p] = dom;
    }
  }
  rowStart[rows - 1] = p;
  z[p] = 1;
  solidAngle[p] = 2 * Math.PI * (1 - Math.cos(alpha / 2));
  rowStart[rows] = count;

  const patchOf = (dx: number, dy: number, dz: number): number => {
    const len = Math.hypot(dx, dy, dz);
    if (!(dz >= 0) || !(len > 0)) return GROUND_PATCH;
    const r = Math.floor(Math.asin(Math.min(1, dz / len)) / alpha);
    if (r >= rows - 1) return count - 1;
    const n = rowStart[r + 1]! - rowStart[r]!;
    let phi = Math.atan2(dx, dy);
    if (phi < 0) phi += 2 * Math.PI;
    // Column j spans bearings (j ± ½)·2π/n: shift by half a column, wrap the last half back to 0.
    return rowStart[r]! + (Math.floor((phi * n) / (2 * Math.PI) + 0.5) % n);
  };

  return { mf, count, alpha, rows, rowStart, x, y, z, solidAngle, patchOf };
}

/** Sky row of patch `p` (rows − 1 for the cap); −1 for the ground. */
function rowOf(s: SkyPatches, p: number): number {
  if (p <= GROUND_PATCH) return -1;
  let lo = 0,
    hi = s.rows - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (s.rowStart[mid]! <= p) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Altitude and bearing ranges of patch `p`. */
export function patchBounds(s: SkyPatches, p: number): PatchBounds {
  if (!Number.isInteger(p) || p < 0 || p >= s.count) throw new RangeError(`patchBounds: no patch ${p}`);
  const r = rowOf(s, p);
  if (r < 0) return { altMin: -Math.PI / 2, altMax: 0, bearing: 0, width: 2 * Math.PI };
  if (r === s.rows - 1)
    return { altMin: Math.PI / 2 - s.alpha / 2, altMax: Math.PI / 2, bearing: 0, width: 2 * Math.PI };
  const n = s.rowStart[r + 1]! - s.rowStart[r]!;
  const width = (2 * Math.PI) / n;
  return { altMin: s.alpha * r, altMax: s.alpha * (r + 1), bearing: (p - s.rowStart[r]!) * width, width };
}

/**
 * Visits n × n directions stratified over patch `p` in equal solid angle (a uniform grid in sin(altitude)
 * and bearing, each stratum's centre), so their plain mean is the patch's solid-angle mean.
 */
export function patchSamples(
  s: SkyPatches,
  p: number,
  n: number,
  visit: (dx: number, dy: number, dz: number) => void,
): void {
  const b = patchBounds(s, p);
  const z0 = Math.sin(b.altMin),
    z1 = Math.sin(b.altMax);
  const phi0 = b.bearing - (b.width === 2 * Math.PI ? 0 : b.width / 2);
  for (let i = 0; i < n; i++) {
    const dz = z0 + ((i + 0.5) / n) * (z1 - z0);
    const h = Math.sqrt(Math.max(0, 1 - dz * dz));
    for (let j = 0; j < n; j++) {
      const phi = phi0 + ((j + 0.5) / n) * b.width;
      visit(h * Math.sin(phi), h * Math.cos(phi), dz);
    }
  }
}

/** Every sky patch's n × n samples (patchSamples), flattened: directions, owning patch, solid angle each. */
export function flatSamples(
  s: SkyPatches,
  n: number,
): { dirs: Float64Array; owner: Int32Array; dOmega: Float64Array } {
  const dirs: number[] = [];
  const owner: number[] = [];
  const dOmega: number[] = [];
  for (let p = 1; p < s.count; p++) {
    const w = s.solidAngle[p]! / (n * n);
    patchSamples(s, p, n, (dx, dy, dz) => {
      dirs.push(dx, dy, dz);
      owner.push(p);
      dOmega.push(w);
    });
  }
  return { dirs: Float64Array.from(dirs), owner: Int32Array.from(owner), dOmega: Float64Array.from(dOmega) };
}
