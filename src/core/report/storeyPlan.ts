import polylabel from 'polylabel';
import type { IfcRoom } from '../ifc/building';
import type { Verdict } from '../stats/verdicts';
import type { RoomResult } from './roomResult';
import { keyPlanSvg, type KeyPlan } from './keyPlan';
import { drawingScale, INK, mm, northArrowSvg, px, scaleBarSvg } from './planMarks';
import { fitRoomLabel } from './planLabels';
import { textWidth } from './textFit';

/**
 * A storey of a building seen from above, each room filled by how it stands against one rule (issue 20
 * §2): passes, fails, not computed yet, or cannot be analysed (with its reason elsewhere). The app's
 * building view draws it interactively from the same pieces (standing, colours, frame, label points); the
 * building report prints it as an SVG string, one page a storey.
 */
export type Standing = 'pass' | 'fail' | 'pending' | 'error' | 'none';

export type ColourBy = Verdict['id'];

export const COLOUR_BY: { id: ColourBy; label: string }[] = [
  { id: 'bfs', label: 'BFS 2024:8' },
  { id: 'en-target', label: 'EN 17037 target DF' },
  { id: 'en-minimum', label: 'EN 17037 minimum target DF' },
];

/**
 * Fill and words per standing. Pass and fail differ in lightness as well as hue (a green and a red that
 * read apart in grey and for red-green colour blindness), and every room's label carries ✓ or ✗ besides.
 */
export const STANDING: Record<Standing, { fill: string; label: string; mark: string }> = {
  pass: { fill: '#8fd19e', label: 'Passes', mark: '✓' },
  fail: { fill: '#e8828a', label: 'Fails', mark: '✗' },
  pending: { fill: '#e9ecef', label: 'Not computed yet', mark: '…' },
  error: { fill: '#ffd8a8', label: 'Computation failed', mark: '!' },
  none: { fill: '#ffffff', label: 'Cannot be analysed', mark: '–' },
};

export function roomStanding(
  r: Pick<RoomResult, 'summary' | 'error'> & { room: Pick<IfcRoom, 'problem'> },
  by: ColourBy,
): Standing {
  if (r.room.problem) return 'none';
  if (r.error) return 'error';
  const v = r.summary?.verdicts.find((x) => x.id === by);
  if (!v) return 'pending';
  return v.pass ? 'pass' : 'fail';
}

export interface PlanFrame {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** The rooms' bounding box in plan (m), `margin` around it; a unit square when no room has an outline. */
export function storeyFrame(rooms: readonly Pick<IfcRoom, 'room_polygon'>[], margin = 1): PlanFrame {
  const pts = rooms.flatMap((r) => r.room_polygon);
  if (pts.length === 0) return { minX: 0, minY: 0, maxX: 1, maxY: 1 };
  const xs = pts.map((p) => p[0]),
    ys = pts.map((p) => p[1]);
  return {
    minX: Math.min(...xs) - margin,
    minY: Math.min(...ys) - margin,
    maxX: Math.max(...xs) + margin,
    maxY: Math.max(...ys) + margin,
  };
}

/**
 * Where a room's label goes: the point of the floor farthest from its walls (polylabel), so that an
 * L-shaped room's label sits inside it, not at a centroid in the next room.
 */
export function labelPoint(polygon: readonly (readonly [number, number])[]): [number, number] {
  const p = polylabel([polygon.map(([x, y]) => [x, y] as [number, number])], 0.05);
  return [p[0], p[1]];
}

const MUTED = '#5c6b7a';
const WINDOW = '#1c7ed6';
const esc = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface StoreyPlan {
  storey: string;
  results: readonly RoomResult[];
  north: number;
  by: ColourBy;
  /** The page's drawing area (px). */
  width: number;
  height: number;
  /** A part plan's key plan (storeyParts.ts), drawn in the band beside the scale bar; none on a whole storey. */
  key?: KeyPlan;
}

/**
 * The band under the plan (px) that holds the scale bar, the key and the north arrow, clear of rooms, and a
 * part plan's key plan between the bar and the arrow, above the key.
 */
const BAND = 72;
/**
 * The printed plan's millimetres per px: the report's 1000 × 600 px plan is 260 × 156 mm, on an A4
 * landscape page with its heading and note (planLabels.ts sizes its text for about this).
 */
export const PLAN_MM_PER_PX = 0.26;
/** The north arrow's centre from the drawing's bottom-right corner: its "N" swings 33 px about it. */
const ARROW = 36;

/**
 * One storey as an SVG string: rooms filled by standing, outlined, windows in blue on their walls, each
 * room's number, mark and mean DF at its label point where they fit (planLabels.ts), and under the plan
 * a scale bar, a key and a north arrow. `unlabelled`: the numbers of rooms too small at this scale to
 * carry their label, for the page to name.
 */
export function storeyPlanDrawing(s: StoreyPlan): { svg: string; unlabelled: string[] } {
  const rooms = s.results.filter((r) => r.room.room_polygon.length >= 3);
  const f = storeyFrame(
    rooms.map((r) => r.room),
    1,
  );
  const planH = s.height - BAND;
  // At a whole 1:n, the largest that fits (1:139): its rooms' labels need the page's every px.
  const scale = drawingScale(
    Math.min(s.width / (f.maxX - f.minX), planH / (f.maxY - f.minY)),
    PLAN_MM_PER_PX,
    true,
  );
  const k = scale.pxPerM;
  const x = (v: number): number => (v - f.minX) * k;
  const y = (v: number): number => (f.maxY - v) * k;
  const X = (v: number): string => px(x(v));
  const Y = (v: number): string => px(y(v));
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${s.width} ${s.height}" width="${mm(s.width * PLAN_MM_PER_PX)}" height="${mm(s.height * PLAN_MM_PER_PX)}" font-family="system-ui, 'Segoe UI', Helvetica, Arial, sans-serif" fill="${INK}" data-storey="${esc(s.storey)}">`,
  ];
  for (const r of rooms) {
    const st = roomStanding(r, s.by);
    const d = r.room.room_polygon.map(([a, b], i) => `${i ? 'L' : 'M'} ${X(a)} ${Y(b)}`).join(' ') + ' Z';
    out.push(
      `<path d="${d}" fill="${STANDING[st].fill}" stroke="${INK}" stroke-width="1.2" data-room="${esc(r.room.number)}" data-standing="${st}"${st === 'none' ? ' stroke-dasharray="4 3"' : ''}/>`,
    );
    for (const w of r.room.windows)
      out.push(
        `<line x1="${X(w.inner[0][0])}" y1="${Y(w.inner[0][1])}" x2="${X(w.inner[1][0])}" y2="${Y(w.inner[1][1])}" stroke="${WINDOW}" stroke-width="4"/>`,
      );
    // Skylights dashed, as openings above the cut plane are drawn and as the room's page draws them: a
    // hallway lit from above otherwise showed no glazing at all beside its pass (before 2026-12-07).
    for (const k of r.room.skylights)
      out.push(
        `<polygon data-skylight="${esc(r.room.number)}" points="${k.polygon.map(([a, b]) => `${X(a)},${Y(b)}`).join(' ')}" fill="none" stroke="${WINDOW}" stroke-width="1.5" stroke-dasharray="4 3"/>`,
      );
  }
  const unlabelled: string[] = [];
  for (const r of rooms) {
    const st = roomStanding(r, s.by);
    const [lx, ly] = labelPoint(r.room.room_polygon);
    const mean = r.summary ? ` ${r.summary.stats.mean.toFixed(1)} %` : '';
    const outline = r.room.room_polygon.map(([a, b]) => [x(a), y(b)] as const);
    const label = fitRoomLabel(r.room.number, STANDING[st].mark, `${STANDING[st].mark}${mean}`, outline, [
      x(lx),
      y(ly),
    ]);
    if (!label) {
      unlabelled.push(r.room.number);
      continue;
    }
    for (const l of label)
      out.push(
        `<text x="${px(x(lx))}" y="${px(y(ly) + l.dy)}" font-size="${l.size}" text-anchor="middle" data-label="${esc(r.room.number)}"${l.bold ? ' font-weight="600"' : st === 'none' ? ` fill="${MUTED}"` : ''}>${esc(l.text)}</text>`,
      );
  }
  // The bar is a round length at most a sixth of the page wide (scaleBarMetres rounds down).
  const barMax = s.width / 6;
  out.push(scaleBarSvg(8, planH + 22, k, barMax / k, { n: scale.n, under: true }));
  out.push(northArrowSvg(s.width - ARROW, s.height - ARROW, s.north));
  if (s.key) {
    // Clear of the longest bar and its "N m", of the arrow's swing (33 px about its centre) and of the key's
    // row: a box that is the same on every part, so the key plan stands still from page to page (it began
    // after the part's own bar, whose length follows the part's scale, and moved by a few px).
    out.push(
      keyPlanSvg(s.key, {
        x0: 8 + barMax + 16,
        y0: planH + 4,
        x1: s.width - 2 * ARROW - 12,
        y1: s.height - 25,
      }),
    );
  }
  // The key: what each fill means, for the rule the rooms are coloured by.
  const rule = COLOUR_BY.find((c) => c.id === s.by)!.label;
  let kx = 8;
  const ky = s.height - 10;
  out.push(`<text x="${kx}" y="${ky}" font-size="12" font-weight="600">${esc(rule)}:</text>`);
  kx += 12 + textWidth(`${rule}:`, 12, true);
  for (const st of ['pass', 'fail', 'pending', 'error', 'none'] as const) {
    const label = `${STANDING[st].mark} ${STANDING[st].label}`;
    out.push(
      `<rect x="${px(kx)}" y="${ky - 11}" width="14" height="14" fill="${STANDING[st].fill}" stroke="${INK}" stroke-width="0.8"/>`,
      `<text x="${px(kx + 20)}" y="${ky}" font-size="12">${label}</text>`,
    );
    kx += 32 + textWidth(label, 12);
  }
  out.push('</svg>');
  return { svg: out.join(''), unlabelled };
}

/** The storey's drawing alone (storeyPlanDrawing). */
export const storeyPlanSvg = (s: StoreyPlan): string => storeyPlanDrawing(s).svg;
