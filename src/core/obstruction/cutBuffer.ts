/**
 * The pieces one half-plane query collects: for each clipped cut, the elevation interval it hides and the
 * in-plane points (f, h) at both ends. Flat and growable so that a query over thousands of triangles
 * allocates nothing per triangle.
 */
export const PIECE_STRIDE = 6;
export const LO = 0; // elevation of the lower end, degrees
export const HI = 1; // elevation of the upper end, degrees
export const F_LO = 2;
export const H_LO = 3;
export const F_HI = 4;
export const H_HI = 5;

export class CutBuffer {
  data = new Float64Array(PIECE_STRIDE * 256);
  /** Number of pieces stored. */
  count = 0;
  /** Cut points considered: 2 per segment piece, 1 where a triangle only touches the plane at a vertex. */
  pointCount = 0;

  reset(): void {
    this.count = 0;
    this.pointCount = 0;
  }

  push(lo: number, hi: number, fLo: number, hLo: number, fHi: number, hHi: number): void {
    let o = this.count * PIECE_STRIDE;
    if (o + PIECE_STRIDE > this.data.length) {
      const grown = new Float64Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    const d = this.data;
    d[o++] = lo;
    d[o++] = hi;
    d[o++] = fLo;
    d[o++] = hLo;
    d[o++] = fHi;
    d[o] = hHi;
    this.count++;
  }
}
