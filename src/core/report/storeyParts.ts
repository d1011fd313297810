import { labelPoint, storeyFrame, storeyPlanDrawing, type StoreyPlan } from './storeyPlan';

/**
 * A storey too large for its rooms to be labelled on one page, in parts: the way a drawing set gives a
 * long building's floor as part plans. A 120 m wing of 3 m offices is 1:460 on A4 and not one room number
 * fits its room; in four parts each is readable. The storey's frame is cut into a grid of equal cells and
 * each room drawn whole in the cell that holds its label point. Each part plan carries a key plan (keyPlan.ts):
 * the whole storey with the part's extent shaded, "Part 2 of 3".
 */

/**
 * The grids tried (columns × rows), fewest cells first, each with its turned twin: a storey long from north
 * to south needs rows as a long east–west one needs columns (before 2026-12-07 only three rows were tried,
 * and a 120 m wing running north–south got no room labelled). Past 12 pages a storey's plans stop helping.
 */
const GRIDS: readonly (readonly [number, number])[] = [
  [1, 1],
  [2, 1],
  [1, 2],
  [3, 1],
  [1, 3],
  [2, 2],
  [4, 1],
  [1, 4],
  [3, 2],
  [2, 3],
  [5, 1],
  [1, 5],
  [6, 1],
  [1, 6],
  [4, 2],
  [2, 4],
  [3, 3],
  [4, 3],
  [3, 4],
];

export interface StoreyPart {
  svg: string;
  /** Rooms of this part too small to carry their label even so. */
  unlabelled: string[];
}

/**
 * The storey's plan as one drawing where every room can be labelled, else in parts: the grid that leaves
 * the fewest rooms unlabelled counting each page as one more, so that a part plan is added only where it
 * labels two rooms more (a 1 m² shaft stays unlabelled, named under its plan, rather than cost pages).
 */
export function storeyPlanParts(s: StoreyPlan): StoreyPart[] {
  const rooms = s.results.filter((r) => r.room.room_polygon.length >= 3);
  const f = storeyFrame(
    rooms.map((r) => r.room),
    0,
  );
  const at = new Map(rooms.map((r) => [r, labelPoint(r.room.room_polygon)] as const));
  let best: { parts: (typeof rooms)[]; drawn: StoreyPart[] } = { parts: [], drawn: [] };
  let cost = Infinity;
  for (const [cols, rows] of GRIDS) {
    // A cell under a metre across parts no room from its neighbour.
    const cw = (f.maxX - f.minX) / cols,
      ch = (f.maxY - f.minY) / rows;
    if (cols * rows > 1 && (cw < 1 || ch < 1)) continue;
    const cells = new Map<number, typeof rooms>();
    for (const r of rooms) {
      const [x, y] = at.get(r)!;
      const c = Math.min(cols - 1, Math.floor((x - f.minX) / cw));
      const w = Math.min(rows - 1, Math.floor((f.maxY - y) / ch));
      const i = w * cols + c;
      cells.set(i, [...(cells.get(i) ?? []), r]);
    }
    const parts = [...cells.entries()].sort((a, b) => a[0] - b[0]).map(([, on]) => on);
    const drawn = parts.map((on) => storeyPlanDrawing({ ...s, results: on }));
    const missed = drawn.reduce((n, p) => n + p.unlabelled.length, 0);
    if (missed + parts.length < cost) {
      best = { parts, drawn };
      cost = missed + parts.length;
    }
    if (missed === 0) break;
  }
  if (best.parts.length <= 1) return best.drawn;
  // The key plan lies in the marks band, which no label reaches: the parts' labels stay as counted above.
  const storey = rooms.map((r) => r.room.room_polygon);
  return best.parts.map((on, index, all) =>
    storeyPlanDrawing({
      ...s,
      results: on,
      key: { storey, part: on.map((r) => r.room.room_polygon), index, count: all.length },
    }),
  );
}
