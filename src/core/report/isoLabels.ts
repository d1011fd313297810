import { containsPoint } from '../geometry/polygon';
import { segmentsIntersect } from '../geometry/vec';
import type { IsoLine } from './isoLines';
import { INK, px } from './planMarks';
import { textWidth } from './textFit';

/**
 * Iso-DF lines over the map, cut by the outline like it, each level written once where its label has room
 * (placeIsoLabels) in white-haloed ink so it reads on any colour of the palette.
 */
export function isoLinesSvg(
  lines: IsoLine[],
  X: (x: number) => number,
  Y: (y: number) => number,
  clipId: string,
  outline: readonly (readonly [number, number])[],
  taken: readonly LabelBox[] = [],
): string {
  const parts: string[] = [];
  // Labels over the lines, not cut by the outline (a label near a wall would lose its half).
  const labels: string[] = [];
  for (const l of lines) {
    const d = l.lines
      .map((pl) => pl.map(([x, y], i) => `${i ? 'L' : 'M'}${px(X(x))} ${px(Y(y))}`).join(''))
      .join('');
    if (!d) continue;
    parts.push(
      `<path data-role="iso" data-level="${l.level}" d="${d}" fill="none" stroke="#fff" stroke-opacity="0.85" stroke-width="2.6"/>`,
      `<path d="${d}" fill="none" stroke="${INK}" stroke-width="1"/>`,
    );
  }
  for (const { level, at } of placeIsoLabels(lines, X, Y, outline, taken))
    labels.push(
      `<text data-role="iso-label" x="${px(at[0])}" y="${px(at[1] + 4)}" font-size="11" font-weight="600" text-anchor="middle" paint-order="stroke" stroke="#fff" stroke-width="3">${level} %</text>`,
    );
  return parts.length ? `<g clip-path="url(#${clipId})">${parts.join('')}</g>${labels.join('')}` : '';
}

/** A box on the sheet (px, y down) around its centre: a label's, or a mark it must keep clear of. */
export interface LabelBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** An iso label's box on the sheet (px): 11 px semibold, and a little air around it. */
const labelBox = (text: string): { w: number; h: number } => ({ w: textWidth(text, 11, true) + 6, h: 16 });

/**
 * Where each level's label goes on the sheet (px): on its line, its whole box inside the room, where it
 * overlaps no label already placed (nor a box of `taken`) — tried from the middle of its longest line
 * outwards, then along its other lines, the levels in order. A level's lines also run along the walls,
 * just outside the room where the map is carried past its edge: a label centred on such a point stood half
 * over the wall (duplex A201's "1.5 %", 2026-12-07), so the whole box must be inside. Beside a window the
 * lines bunch within a few centimetres; a level with no free place there or anywhere on its lines is left
 * unwritten rather than printed over its neighbours (the legend and the other labels still say the levels).
 */
export function placeIsoLabels(
  lines: readonly IsoLine[],
  X: (x: number) => number,
  Y: (y: number) => number,
  outline: readonly (readonly [number, number])[],
  taken: readonly LabelBox[] = [],
): { level: number; at: [number, number] }[] {
  const room = outline.map(([x, y]) => [X(x), Y(y)] as [number, number]);
  const placed: LabelBox[] = [...taken];
  const out: { level: number; at: [number, number] }[] = [];
  for (const l of lines) {
    const text = `${l.level} %`;
    const { w, h } = labelBox(text);
    // Candidates: every point of the level's lines, longest line first, each from its middle outwards.
    const byLength = [...l.lines].sort((a, b) => b.length - a.length);
    const candidates = byLength.flatMap((pl) => {
      const mid = Math.floor(pl.length / 2);
      return pl
        .map((p, i) => ({ p, d: Math.abs(i - mid) }))
        .sort((a, b) => a.d - b.d)
        .map((c) => c.p);
    });
    for (const p of candidates) {
      const box = { x: X(p[0]), y: Y(p[1]), w, h };
      if (!boxInside(room, box)) continue;
      if (placed.some((q) => Math.abs(q.x - box.x) < (q.w + w) / 2 && Math.abs(q.y - box.y) < (q.h + h) / 2))
        continue;
      placed.push(box);
      out.push({ level: l.level, at: [box.x, box.y] });
      break;
    }
  }
  return out;
}

/** Whether `b` lies wholly inside the polygon `room` (both in page px): its corners in, no wall across it. */
export function boxInside(room: readonly (readonly [number, number])[], b: LabelBox): boolean {
  const x0 = b.x - b.w / 2,
    x1 = b.x + b.w / 2,
    y0 = b.y - b.h / 2,
    y1 = b.y + b.h / 2;
  const corners: [number, number][] = [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ];
  if (!corners.every((c) => containsPoint(room, c))) return false;
  // Its corners inside, a wall reaches into it only with a corner of the room inside it or across its sides.
  if (room.some(([x, y]) => x > x0 && x < x1 && y > y0 && y < y1)) return false;
  return !room.some((a, i) => {
    const b = room[(i + 1) % room.length]!;
    return corners.some((c, k) => segmentsIntersect(a, b, c, corners[(k + 1) % 4]!));
  });
}
