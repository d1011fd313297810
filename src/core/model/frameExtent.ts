import type { V2Frame } from '../engine/v2Frame';

const N = 128;

/** What a window's map is read from: its frame's room pixels, the mapping into it, the pieces cut away. */
export type SampledFrame = Pick<V2Frame, 'mask' | 'toPixel'> & Partial<Pick<V2Frame, 'cut'>>;

/**
 * Where a point lies for a window's frame: `inside` it; at the frame's `edge` (beyond its box, the room
 * deeper or wider than 12.8 m); `behind` the window's wall (a wing beyond the wall's plane); or on a piece
 * the frame `cut` away from the window's.
 */
export type FramePlace = 'inside' | 'edge' | 'behind' | 'cut';

export class FrameExtent {
  /** The window's wall column (the last of the room's pixels). */
  private readonly wallCol: number;

  constructor(private readonly frame: SampledFrame) {
    this.wallCol = lastRoomColumn(frame.mask);
  }

  /** The place of a frame point (fractional row and column, as toPixel gives them). */
  place(r: number, c: number): FramePlace {
    if (c > this.wallCol + 1) return 'behind';
    const rc = Math.min(N - 1, Math.max(0, r)),
      cc = Math.min(N - 1, Math.max(0, c));
    const cut = this.frame.cut;
    if (cut && cut[Math.round(rc) * N + Math.round(cc)] === 1) return 'cut';
    return r < -0.5 || r > N - 0.5 || c < -0.5 ? 'edge' : 'inside';
  }

  /** The place of a world plan point. */
  placeOf(x: number, y: number): FramePlace {
    const [r, c] = this.frame.toPixel(x, y);
    return this.place(r, c);
  }
}

/** The last column of the room's pixels: the window's wall (the frame has it on the right); none: never. */
function lastRoomColumn(mask: Uint8Array): number {
  let col = -1;
  for (let i = 0; i < N * N; i++) if (mask[i] === 1) col = Math.max(col, i % N);
  return col < 0 ? Infinity : col;
}
