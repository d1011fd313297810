import { HI, LO, PIECE_STRIDE, type CutBuffer } from './cutBuffer';
import { ANGLE_EPS_DEG, MIN_BAND_DEG } from './skyBands';

/**
 * What is already known to be hidden while a query is still collecting pieces: [0°, reach] (walls
 * standing up from below P's height) and [ceil, 90°] (overhangs over P). Geometry whose elevations fall
 * wholly inside either cannot change the union of hidden intervals, so the BVH may skip it without
 * changing the answer; once less than one usable band fits between them the answer is 45/45 and the
 * query can stop. Traversed front to back, the nearest buildings raise `reach` early and most of a
 * dense city behind them is never visited.
 */
export class SkyCover {
  reach = 0;
  ceil = 90;
  /** Pieces seen so far that touch neither covered end (floating geometry); re-tried when an end moves. */
  private pending: number[] = [];
  private scanned = 0;

  constructor(private readonly buf: CutBuffer) {}

  /** Folds in the pieces added since the last call. */
  update(): void {
    const d = this.buf.data;
    let moved = false;
    for (; this.scanned < this.buf.count; this.scanned++) {
      const o = this.scanned * PIECE_STRIDE;
      if (this.absorb(d[o + LO]!, d[o + HI]!)) moved = true;
      else if (d[o + HI]! - d[o + LO]! > ANGLE_EPS_DEG && d[o + LO]! > this.reach && d[o + HI]! < this.ceil) {
        this.pending.push(this.scanned);
      }
    }
    while (moved && this.pending.length > 0) {
      moved = false;
      const keep: number[] = [];
      for (const i of this.pending) {
        const o = i * PIECE_STRIDE;
        if (this.absorb(d[o + LO]!, d[o + HI]!)) moved = true;
        else if (d[o + LO]! > this.reach && d[o + HI]! < this.ceil) keep.push(i);
      }
      this.pending = keep;
    }
  }

  /** No band wider than 4° can remain: the direction is fully obstructed whatever else is found. */
  get closed(): boolean {
    return this.ceil - this.reach <= MIN_BAND_DEG + ANGLE_EPS_DEG;
  }

  /** Whether elevations [lo, hi] (bounds of some unvisited geometry) are already hidden. */
  covers(lo: number, hi: number): boolean {
    return hi + ANGLE_EPS_DEG < this.reach || lo - ANGLE_EPS_DEG > this.ceil;
  }

  private absorb(lo: number, hi: number): boolean {
    if (!(hi - lo > ANGLE_EPS_DEG)) return false;
    let moved = false;
    if (lo <= this.reach && hi > this.reach) {
      this.reach = hi;
      moved = true;
    }
    if (hi >= this.ceil && lo < this.ceil) {
      this.ceil = lo;
      moved = true;
    }
    return moved;
  }
}
