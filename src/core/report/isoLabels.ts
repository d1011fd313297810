import { containsPoint } from '../geometry/polygon';
import type { IsoLine } from './isoLines';
import { INK, px } from './planMarks';

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
  for (const { level, at } of placeIsoLabels(lines, X, Y, outline))
    labels.push(
      `<text data-role="iso-label" x="${px(at[0])}" y="${px(at[1] + 4)}" font-size="11" font-weight="600" text-anchor="middle" paint-order="stroke" stroke="#fff" stroke-width="3">${level} %</text>`,
    );
  return parts.length ? `<g clip-path="url(#${clipId})">${parts.join('')}</g>${labels.join('')}` : '';
}

/** An iso label's box on the sheet (px): 11 px semibold, ~6.4 px a character, and a little air around it. */
const labelBox = (text: string): { w: number; h: number } => ({ w: 6.4 * text.length + 6, h: 16 });

/**
 * Where each level's label goes on the sheet (px): on its line inside the room, where it overlaps no label
 * already placed — tried from the middle of its longest line outwards, then along its other lines, the
 * levels in order. Beside a window the lines bunch within a few centimetres; a level with no free place
 * there or anywhere on its lines is left unwritten rather than printed over its neighbours (the legend
 * and the other labels still say the levels).
 */
export function placeIsoLabels(
  lines: readonly IsoLine[],
  X: (x: number) => number,
  Y: (y: number) => number,
  outline: readonly (readonly [number, number])[],
): { level: number; at: [number, number] }[] {
  const placed: { x: number; y: number; w: number; h: number }[] = [];
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
      if (!containsPoint(outline, p)) continue;
      const x = X(p[0]),
        y = Y(p[1]);
      if (placed.some((q) => Math.abs(q.x - x) < (q.w + w) / 2 && Math.abs(q.y - y) < (q.h + h) / 2))
        continue;
      placed.push({ x, y, w, h });
      out.push({ level: l.level, at: [x, y] });
      break;
    }
  }
  return out;
}
