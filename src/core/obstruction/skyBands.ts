import { CutBuffer, F_HI, F_LO, H_HI, H_LO, HI, LO, PIECE_STRIDE } from './cutBuffer';

/** Sky bands this wide or narrower are ignored (conventions.md §Horizon and zenith angles). */
export const MIN_BAND_DEG = 4;
/** Horizon and zenith of a direction with no usable sky band: the original service's "fully obstructed". */
export const FULLY_OBSTRUCTED_DEG = 45;
/**
 * Angles closer than this are equal. Hidden intervals no wider (a segment seen end-on: its line passes
 * through P, so both ends have one elevation up to rounding) hide nothing and so cannot split a band;
 * band widths within it are a tie; a band must beat 4° by more than it. Far above float64 noise in atan2
 * (~1e-13°), far below any modelled feature (a 1 cm cable 1 km away subtends 6e-4°).
 */
export const ANGLE_EPS_DEG = 1e-9;

export interface SkyBand {
  /** Degrees up from horizontal to the band's lower edge. */
  horizon: number;
  /** Degrees down from vertical to the band's upper edge. */
  zenith: number;
  /** No band wider than 4°: horizon and zenith are the 45/45 fallback. */
  fullyObstructed: boolean;
  /** Piece whose upper end is the band's lower edge (its F_HI/H_HI point), −1 when the band starts at 0°. */
  lowerPiece: number;
  /** Piece whose lower end is the band's upper edge (its F_LO/H_LO point), −1 when the band reaches 90°. */
  upperPiece: number;
}

/**
 * Chooses the widest sky band (ties: the lowest) among the parts of [0°, 90°] that no piece hides.
 * Pieces are merged by a sweep in order of their lower elevation. Before sorting, everything inside the
 * interval hidden from 0° up (ground-standing walls: their cut starts at P's horizontal plane) is dropped:
 * in a city that is nearly every piece, so the sort sees only overhangs and floating geometry.
 */
export function chooseSkyBand(buf: CutBuffer): SkyBand {
  const d = buf.data;
  let reach = 0;
  for (let i = 0, o = 0; i < buf.count; i++, o += PIECE_STRIDE) {
    if (d[o + LO]! <= 0 && d[o + HI]! - d[o + LO]! > ANGLE_EPS_DEG && d[o + HI]! > reach) reach = d[o + HI]!;
  }
  const order: number[] = [];
  for (let i = 0, o = 0; i < buf.count; i++, o += PIECE_STRIDE) {
    if (d[o + HI]! > reach && d[o + HI]! - d[o + LO]! > ANGLE_EPS_DEG) order.push(i);
  }
  order.sort((a, b) => d[a * PIECE_STRIDE + LO]! - d[b * PIECE_STRIDE + LO]!);

  let bestLo = 0;
  let bestHi = 0;
  let bestWidth = -Infinity;
  const consider = (lo: number, hi: number): void => {
    const width = hi - lo;
    if (width > MIN_BAND_DEG + ANGLE_EPS_DEG && width > bestWidth + ANGLE_EPS_DEG) {
      bestLo = lo;
      bestHi = hi;
      bestWidth = width;
    }
  };
  let cur = reach;
  for (const i of order) {
    const lo = d[i * PIECE_STRIDE + LO]!;
    if (lo > cur) consider(cur, lo);
    const hi = d[i * PIECE_STRIDE + HI]!;
    if (hi > cur) cur = hi;
  }
  if (90 > cur) consider(cur, 90);

  if (bestWidth === -Infinity) {
    return {
      horizon: FULLY_OBSTRUCTED_DEG,
      zenith: FULLY_OBSTRUCTED_DEG,
      fullyObstructed: true,
      lowerPiece: -1,
      upperPiece: -1,
    };
  }
  return {
    horizon: bestLo,
    zenith: 90 - bestHi,
    fullyObstructed: false,
    lowerPiece: bestLo > 0 ? nearestEnd(buf, HI, bestLo) : -1,
    upperPiece: bestHi < 90 ? nearestEnd(buf, LO, bestHi) : -1,
  };
}

/**
 * The piece whose `end` (LO or HI) elevation is exactly `elevation` and whose point there is nearest to
 * P. Several pieces can share a band edge (both triangles of an edge, two ridges in line); taking the
 * nearest, then the smaller f, makes the answer independent of the order pieces were collected in.
 */
function nearestEnd(buf: CutBuffer, end: typeof LO | typeof HI, elevation: number): number {
  const d = buf.data;
  const fk = end === HI ? F_HI : F_LO;
  const hk = end === HI ? H_HI : H_LO;
  let best = -1;
  let bestDist = Infinity;
  let bestF = Infinity;
  for (let i = 0, o = 0; i < buf.count; i++, o += PIECE_STRIDE) {
    if (d[o + end] !== elevation || !(d[o + HI]! - d[o + LO]! > ANGLE_EPS_DEG)) continue;
    const f = d[o + fk]!;
    const h = d[o + hk]!;
    const dist = f * f + h * h;
    if (dist < bestDist || (dist === bestDist && f < bestF)) {
      best = i;
      bestDist = dist;
      bestF = f;
    }
  }
  return best;
}
