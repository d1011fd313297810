import type { Polygon } from '../geometry/polygon';
import { INK, px } from './planMarks';
import { textWidth } from './textFit';

/**
 * A part plan's key plan, as a drawing set gives one: the whole storey small, its rooms as thin outlines,
 * the part's extent shaded on it, and "Part 2 of 3" beside it. A storey cut into part plans
 * (storeyParts.ts) otherwise leaves the reader of one part unable to tell which end of the building it is.
 */
export interface KeyPlan {
  /** Every room outline of the storey (m). */
  storey: readonly Polygon[];
  /** The outlines of this part's rooms (m): its extent is their bounding box. */
  part: readonly Polygon[];
  /** This part's place among the storey's parts, from 0, and how many there are. */
  index: number;
  count: number;
}

/** A box on the page (px, y down). */
export interface PageBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const CAPTION_SIZE = 12;
/** The caption's gap to the drawing (px). */
const GAP = 8;
const MUTED = '#5c6b7a';

const bounds = (polygons: readonly Polygon[]): PageBox => {
  const pts = polygons.flat();
  const xs = pts.map((p) => p[0]),
    ys = pts.map((p) => p[1]);
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
};

/**
 * The key plan drawn within `box` (the plan's marks band, clear of its rooms: storeyPlan.ts), against its
 * right side: the caption, then the storey at the largest scale the rest of the box allows, in the plan's
 * own orientation (the page's up is the plan's, as the part plan above it). Empty where the storey has no
 * outline or the box no room for the caption.
 */
export function keyPlanSvg(k: KeyPlan, box: PageBox): string {
  const rooms = k.storey.filter((p) => p.length >= 3);
  const part = k.part.filter((p) => p.length >= 3);
  const caption = `Part ${k.index + 1} of ${k.count}`;
  const room = box.x1 - box.x0 - textWidth(caption, CAPTION_SIZE, true) - GAP;
  const high = box.y1 - box.y0;
  if (rooms.length === 0 || part.length === 0 || room <= 0 || high <= 0) return '';
  const all = bounds(rooms);
  const s = Math.min(room / Math.max(all.x1 - all.x0, 1e-9), high / Math.max(all.y1 - all.y0, 1e-9));
  const left = box.x1 - (all.x1 - all.x0) * s;
  const top = box.y0 + (high - (all.y1 - all.y0) * s) / 2;
  const x = (v: number): number => left + (v - all.x0) * s;
  const y = (v: number): number => top + (all.y1 - v) * s;
  // One path for every room: a storey of 80 offices is one element, not 80.
  const d = rooms
    .map((p) => p.map(([a, b], i) => `${i ? 'L' : 'M'} ${px(x(a))} ${px(y(b))}`).join(' ') + ' Z')
    .join(' ');
  const e = bounds(part);
  return [
    `<g data-role="key-plan" data-part="${k.index + 1}" data-parts="${k.count}">`,
    `<rect data-role="key-part" x="${px(x(e.x0))}" y="${px(y(e.y1))}" width="${px((e.x1 - e.x0) * s)}" height="${px((e.y1 - e.y0) * s)}" fill="${INK}" fill-opacity="0.18" stroke="${INK}" stroke-width="1.5"/>`,
    `<path data-role="key-rooms" d="${d}" fill="none" stroke="${MUTED}" stroke-width="0.6"/>`,
    `<text data-role="key-caption" x="${px(left - GAP)}" y="${px(top + ((all.y1 - all.y0) * s) / 2 + CAPTION_SIZE * 0.35)}" font-size="${CAPTION_SIZE}" font-weight="600" text-anchor="end">${caption}</text>`,
    '</g>',
  ].join('');
}
