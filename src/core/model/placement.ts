import { beyondAt, type BeyondLattice } from './beyondFrame';
import { FrameExtent, type SampledFrame } from './frameExtent';

const N = 128;

/**
 * Reads a window's DF map (v2 frame, 128 × 128) at world plan points: bilinear between pixel points over
 * the room's pixels only (weights renormalised, so walls do not pull values to 0), else the nearest room
 * pixel. Points beyond the frame (rooms deeper or wider than 12.8 m) take the nearest room pixel at the
 * frame's edge: there a window's light is mostly interreflected, which varies slowly.
 *
 * Points behind the window's own wall (a wing of an L-, T- or U-shaped room on the far side of the wall's
 * plane, beyond the frame's window column) are the exception: the nearest room pixel there is one beside
 * the window, the brightest of the map, where no light of this window arrives but what turns the corner.
 * They take the map's dim end instead (its 5th percentile over the room's pixels: the least light the
 * window sends anywhere it is seen, robust to a stray dark pixel). Before, a room with such a wing read
 * eight times the engine's mean (docs/model.md, the fresh stress draw of 2026-11-28). So do points on a
 * piece of the room that the frame cuts away from the window's (V2Frame `cut`: the far arm of a U-shaped
 * room, beside the lit one across a slot): the nearest room pixel there is across the slot, in the light,
 * and a room whose window lights one arm's end read its other arm's end as bright (+59 %, reflectance-ends
 * grid room #10034, 2026-11-29).
 *
 * With a card's `beyondFrame` (beyondFrame.ts) every point that is not inside the frame takes the coarse
 * solve's light there instead, all five terms of it, interpolated on its 0.4 m lattice: the edge pixel read
 * the interreflected light of the room beside the window in an arm or a depth the frame does not hold
 * (docs/model.md, "Why those shapes").
 */
export class FrameSampler {
  /** Built on first need: most points have a room pixel among their four neighbours. */
  private nearest: Int32Array | null = null;
  /** The map's dim end, computed only if a point needs it. */
  private dim: number | null = null;
  private readonly extent: FrameExtent;

  constructor(
    private readonly frame: SampledFrame,
    private readonly df: Float32Array,
    /** The room beyond the frame as the coarse solve lit it (beyondFrame.ts): there it is read instead. */
    private readonly beyond?: BeyondLattice,
  ) {
    this.extent = new FrameExtent(frame);
  }

  at(x: number, y: number): number {
    const [r, c] = this.frame.toPixel(x, y);
    const where = this.extent.place(r, c);
    if (where !== 'inside') {
      const solved = this.beyond ? beyondAt(this.beyond, x, y) : null;
      if (solved !== null) return solved;
      if (where !== 'edge') return (this.dim ??= dimEnd(this.frame.mask, this.df));
    }
    const rc = Math.min(N - 1, Math.max(0, r)),
      cc = Math.min(N - 1, Math.max(0, c));
    const r0 = Math.min(N - 2, Math.floor(rc)),
      c0 = Math.min(N - 2, Math.floor(cc));
    const fr = rc - r0,
      fc = cc - c0;
    let sum = 0,
      weight = 0;
    for (let dr = 0; dr < 2; dr++) {
      for (let dc = 0; dc < 2; dc++) {
        const px = (r0 + dr) * N + c0 + dc;
        if (this.frame.mask[px] !== 1) continue;
        const w = (dr ? fr : 1 - fr) * (dc ? fc : 1 - fc);
        sum += w * this.df[px]!;
        weight += w;
      }
    }
    if (weight > 1e-6) return sum / weight;
    this.nearest ??= nearestRoomPixel(this.frame.mask);
    const px = this.nearest[Math.round(rc) * N + Math.round(cc)]!;
    return px < 0 ? 0 : this.df[px]!;
  }
}

/** For every pixel, the index of the nearest room pixel (breadth-first, 8-connected), or −1 if none. */
function nearestRoomPixel(mask: Uint8Array): Int32Array {
  const out = new Int32Array(N * N).fill(-1);
  const queue = new Int32Array(N * N);
  let head = 0,
    tail = 0;
  for (let i = 0; i < N * N; i++) {
    if (mask[i] === 1) {
      out[i] = i;
      queue[tail++] = i;
    }
  }
  while (head < tail) {
    const i = queue[head++]!;
    const r = (i / N) | 0,
      c = i % N;
    for (let dr = -1; dr <= 1; dr++) {
      for (let dc = -1; dc <= 1; dc++) {
        const rr = r + dr,
          cc = c + dc;
        if (rr < 0 || rr >= N || cc < 0 || cc >= N) continue;
        const j = rr * N + cc;
        if (out[j] !== -1) continue;
        out[j] = out[i]!;
        queue[tail++] = j;
      }
    }
  }
  return out;
}

/** The map's 5th percentile over the room's pixels. */
function dimEnd(mask: Uint8Array, df: Float32Array): number {
  const values: number[] = [];
  for (let i = 0; i < N * N; i++) if (mask[i] === 1) values.push(df[i]!);
  values.sort((a, b) => a - b);
  return values[Math.floor(0.05 * (values.length - 1))] ?? 0;
}
