import type { Vec2 } from '../geometry/vec';
import { cellCentre, RESOLUTION, workPlaneGrid } from '../engine/workplane';
import { FrameExtent, type SampledFrame } from './frameExtent';

/**
 * The room beyond a window's frame (docs/model.md "The room beyond the frame"). A window's map is a
 * 12.8 m square; a room deeper or wider than that, or an arm of an L, T or U behind the window's wall or
 * cut away from the window's piece, lies partly outside it. There the coarse room-terms solve (roomTerms.ts)
 * lights a lattice of the room's own grid, every STEP-th cell each way (0.4 m), and those points take its
 * light, every term of it: interreflected light as the whole room returns it, and the light through the
 * glass traced past the room's own corners.
 */

/** Every STEP-th cell of the room's 0.1 m grid each way is a node of the lattice. */
const STEP = 4;

/** A window's light at the nodes of the lattice over the room's grid beyond its frame. */
export interface BeyondLattice {
  /** World plan position of node (0, 0): the room grid's first cell centre. */
  x0: number;
  y0: number;
  rows: number;
  cols: number;
  /** DF (%) at each node, row-major; NaN where the solve did not light it. */
  df: Float32Array;
}

/** The nodes to light: those around every cell of the room's grid that some window's frame does not hold. */
export interface BeyondNodes {
  x0: number;
  y0: number;
  rows: number;
  cols: number;
  /** Row-major node index and world plan point of each node lit. */
  nodes: Int32Array;
  points: Vec2[];
}

/** The lattice's nodes for a room and its windows' frames (none when every frame holds the whole room). */
export function beyondNodes(polygon: readonly Vec2[], frames: readonly SampledFrame[]): BeyondNodes {
  const g = workPlaneGrid(polygon);
  const extents = frames.map((f) => new FrameExtent(f));
  const rows = Math.floor((g.rows - 1) / STEP) + 1,
    cols = Math.floor((g.cols - 1) / STEP) + 1;
  const want = new Uint8Array(rows * cols);
  for (const idx of g.cells) {
    const r = Math.floor(idx / g.cols),
      c = idx % g.cols;
    const [x, y] = cellCentre(g.originX, g.originY, r, c);
    if (extents.every((e) => e.placeOf(x, y) === 'inside')) continue;
    // The lattice square's corners that lie in the room.
    const nr = Math.floor(r / STEP),
      nc = Math.floor(c / STEP);
    for (let dr = 0; dr < 2; dr++) {
      for (let dc = 0; dc < 2; dc++) {
        const gr = (nr + dr) * STEP,
          gc = (nc + dc) * STEP;
        if (gr < g.rows && gc < g.cols && g.mask[gr * g.cols + gc] === 1)
          want[(nr + dr) * cols + nc + dc] = 1;
      }
    }
  }
  const nodes: number[] = [];
  const points: Vec2[] = [];
  want.forEach((w, k) => {
    if (w !== 1) return;
    nodes.push(k);
    points.push(cellCentre(g.originX, g.originY, Math.floor(k / cols) * STEP, (k % cols) * STEP));
  });
  const [x0, y0] = cellCentre(g.originX, g.originY, 0, 0);
  return { x0, y0, rows, cols, nodes: Int32Array.from(nodes), points };
}

/** A window's lattice from its light at the nodes (in BeyondNodes order). */
export function beyondLattice(at: BeyondNodes, values: ArrayLike<number>): BeyondLattice {
  const df = new Float32Array(at.rows * at.cols).fill(NaN);
  at.nodes.forEach((k, j) => (df[k] = values[j]!));
  return { x0: at.x0, y0: at.y0, rows: at.rows, cols: at.cols, df };
}

/**
 * The lattice's light at a world plan point: bilinear between the lit nodes of its square (weights
 * renormalised, as the frame's pixels are read), else its nearest lit node within one square; null if none
 * (a sliver of room narrower than the lattice: the caller reads the frame's edge then).
 */
export function beyondAt(lat: BeyondLattice, x: number, y: number): number | null {
  const spacing = STEP * RESOLUTION;
  const fr = (lat.y0 - y) / spacing,
    fc = (x - lat.x0) / spacing;
  const r0 = Math.floor(fr),
    c0 = Math.floor(fc);
  let sum = 0,
    weight = 0;
  for (let dr = 0; dr < 2; dr++) {
    for (let dc = 0; dc < 2; dc++) {
      const v = node(lat, r0 + dr, c0 + dc);
      if (v === null) continue;
      const w = (dr ? fr - r0 : 1 - fr + r0) * (dc ? fc - c0 : 1 - fc + c0);
      sum += w * v;
      weight += w;
    }
  }
  if (weight > 1e-6) return sum / weight;
  let best: number | null = null,
    bestD = Infinity;
  for (let r = r0 - 1; r <= r0 + 2; r++) {
    for (let c = c0 - 1; c <= c0 + 2; c++) {
      const v = node(lat, r, c);
      const d = (r - fr) ** 2 + (c - fc) ** 2;
      if (v !== null && d < bestD) [best, bestD] = [v, d];
    }
  }
  return best;
}

function node(lat: BeyondLattice, r: number, c: number): number | null {
  if (r < 0 || c < 0 || r >= lat.rows || c >= lat.cols) return null;
  const v = lat.df[r * lat.cols + c]!;
  return Number.isNaN(v) ? null : v;
}
