import type { WindowModel } from '../engine/model';
import { cellCentre, workPlaneGrid } from '../engine/workplane';
import type { Vec2 } from '../geometry/vec';
import { FrameExtent, type SampledFrame } from './frameExtent';
import { FrameSampler } from './placement';

/**
 * The card's skyTerm 'exact-at-cells': a window's sky term at `/run`'s own grid cells beside its wall, read
 * as the network's gain there times the closed-form sky computed at the cell. Within half a metre of the wall
 * the term rises from the wall's line (where the sill hides the glass) to its peak 0.1–0.2 m in, and the
 * grid's first row, 0.05 m from the wall, lies halfway between the frame's wall pixel and the next: read
 * between them (placement.ts), the closed form itself loses 4–7 % of the room's sky in a deep street
 * (docs/model.md, "The rule for lux-df-4 4.7.0, a second candidate"). Only `/run`'s grid gets it
 * (roomGrid); points elsewhere read the frame.
 */

/** How far into the room from the window's wall, and beyond its opening's ends, the cells are (m). */
export const CELL_SKY_BAND = 0.5;

/** A window's grid cells beside its wall and the closed-form sky term there. */
export interface CellSky {
  /** Flat indices into the room's grid (workPlaneGrid: row × cols + col). */
  index: Int32Array;
  points: Vec2[];
  /** DF (%) from the sky straight through the glass, at each point (skyTerm.ts). */
  exact: Float32Array;
}

/** The grid cells within CELL_SKY_BAND of the window's inner wall face and beside its opening. */
export function cellsBesideWall(
  polygon: readonly Vec2[],
  w: Pick<WindowModel, 'ox' | 'oy' | 'ux' | 'uy' | 'nx' | 'ny' | 's0' | 's1'>,
): { index: Int32Array; points: Vec2[] } {
  const g = workPlaneGrid(polygon);
  const index: number[] = [];
  const points: Vec2[] = [];
  for (const idx of g.cells) {
    const p = cellCentre(g.originX, g.originY, Math.floor(idx / g.cols), idx % g.cols);
    const d = (p[0] - w.ox) * w.nx + (p[1] - w.oy) * w.ny;
    const s = (p[0] - w.ox) * w.ux + (p[1] - w.oy) * w.uy;
    if (d < 0 && d >= -CELL_SKY_BAND && s >= w.s0 - CELL_SKY_BAND && s <= w.s1 + CELL_SKY_BAND) {
      index.push(idx);
      points.push(p);
    }
  }
  return { index: Int32Array.from(index), points };
}

/** A given sky input fainter than this (DF %) gives the network's gain no meaning: it is taken as 1. */
const FAINT = 1e-6;

/** What the cells add to a window's placed map: its sky term there made gain × exact. */
export interface CellCorrection {
  index: Int32Array;
  delta: Float32Array;
}

/**
 * The change at each cell of `cells` that the frame holds: the gain is the sky term over the channel the
 * network was given, both read at the cell as the frame is read (the given-weighted mean of the pixels'
 * gains), and the sky term there becomes that gain times the closed form at the cell.
 */
export function cellSkyCorrection(
  frame: SampledFrame,
  /** The window's sky term in its frame, as its map sums it (its scale applied). */
  sky: Float32Array,
  /** The exact sky channel the network was given. */
  given: Float32Array,
  cells: CellSky,
): CellCorrection {
  const extent = new FrameExtent(frame);
  const skyAt = new FrameSampler(frame, sky);
  const givenAt = new FrameSampler(frame, given);
  const index: number[] = [];
  const delta: number[] = [];
  cells.points.forEach(([x, y], k) => {
    if (extent.placeOf(x, y) !== 'inside') return;
    const term = skyAt.at(x, y);
    const input = givenAt.at(x, y);
    const gain = input > FAINT ? term / input : 1;
    index.push(cells.index[k]!);
    delta.push(gain * cells.exact[k]! - term);
  });
  return { index: Int32Array.from(index), delta: Float32Array.from(delta) };
}
