import { hashString } from '../engine/random';
import { WORK_PLANE_HEIGHT } from '../engine/model';
import { roundedDown } from '../stats/shareText';
import { encode as encodePng } from 'fast-png';
import type { RoomGridAnswer } from '../api/roomAnswer';
import { base64 } from '../encoding/base64';
import { formatBearing } from '../geometry/bearing';
import { signedArea, type Polygon } from '../geometry/polygon';
import type { ClimateSummary } from '../api/climateOps';
import type { MapSummary } from '../stats/verdicts';
import { extendPastEdge, upsample } from './edgeFill';
import { isoLevels, isoLines, type IsoLine } from './isoLines';
import { planDimensions } from './materialsText';
import { projectLine, signatureLine, type ProjectInfo } from './project';
import { containsPoint } from '../geometry/polygon';
import { colour, mapPixels, type PaletteName } from './palette';
import { northArrowSvg, px, scaleBarSvg } from './planMarks';

/**
 * One room on one page, as an architect hands it on (issue 19 §4): the plan with its DF map clipped to the
 * outline, the windows, a north arrow and a scale bar, the legend, the statistics and verdicts, the inputs
 * and which computation gave the map. An SVG string, so that every face draws the same page: the app
 * rasterises it for the PNG export and shows it for printing, the command line writes it into its report.
 * A4 landscape at 96 px per inch.
 */
export interface SheetWindow {
  id: string;
  /** Ends of the opening in plan (m, the API's frame). */
  a: readonly [number, number];
  b: readonly [number, number];
  sill: number;
  head: number;
  /** Opaque share of the opening, 0–1. */
  frame: number;
  /** Light transmittance of the glass, 0–1. */
  glass: number;
  /** The facade's outward direction in the API's frame (degrees from +x, counter-clockwise). */
  direction: number;
}

/** A skylight over the room: its outline in plan (m, the API's frame) and its frame share. */
export interface SheetSkylight {
  id: string;
  polygon: readonly (readonly [number, number])[];
  frame: number;
}

export interface RoomSheet {
  title: string;
  /** The room's floor outline in plan (m, the API's frame: +y is the plan's up). */
  outline: readonly (readonly [number, number])[];
  windows: readonly SheetWindow[];
  /** Skylights over the room; absent: none. */
  skylights?: readonly SheetSkylight[];
  /** True north, degrees clockwise from the plan's up. */
  north: number;
  floorAboveTerrain: number;
  height: number;
  /** The materials in words, with their reflectances (materialsText.ts). */
  materials: string;
  /** What surrounds the room, in words. */
  surroundings: string;
  map: RoomGridAnswer;
  summary: MapSummary;
  palette: PaletteName;
  scaleMax: number;
  /** Which computation gave the map ("Engine (physics, standard quality)"). */
  source: string;
  /** Shown in the footer, e.g. the date; absent: nothing. */
  stamp?: string;
  /** A year of a weather file in the room (issue 32), when one was computed for it. */
  climate?: ClimateSummary;
  /** Where EN 17037's targets come from (Thresholds.enBasis); absent: as entered. */
  enBasis?: string;
  /** The project, its site, who prepared it, the design stage and date (issue 34); absent: not stated. */
  project?: ProjectInfo;
}

export const SHEET_WIDTH = 1123;
export const SHEET_HEIGHT = 794;

const INK = '#1d2733';
/** Map pixels per grid cell on the page. */
const SMOOTH = 4;
const MUTED = '#5c6b7a';
const PLAN = { x: 32, y: 96, w: 660, h: 520 };
const SIDE_X = 730;

const esc = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const n2 = (v: number): string => v.toFixed(2);

export function roomSheetSvg(s: RoomSheet): string {
  const out: string[] = [];
  const text = (x: number, y: number, body: string, attrs = ''): void => {
    out.push(`<text x="${px(x)}" y="${px(y)}"${attrs ? ' ' + attrs : ''}>${esc(body)}</text>`);
  };

  // Plan frame: the outline (and the map's cells) fitted into PLAN with a margin.
  const xs = s.outline.map((p) => p[0]),
    ys = s.outline.map((p) => p[1]);
  const margin = 0.6;
  const minX = Math.min(...xs) - margin,
    maxX = Math.max(...xs) + margin,
    minY = Math.min(...ys) - margin,
    maxY = Math.max(...ys) + margin;
  const k = Math.min(PLAN.w / (maxX - minX), PLAN.h / (maxY - minY));
  const ox = PLAN.x + (PLAN.w - (maxX - minX) * k) / 2;
  const oy = PLAN.y + (PLAN.h - (maxY - minY) * k) / 2;
  const X = (x: number): number => ox + (x - minX) * k;
  const Y = (y: number): number => oy + (maxY - y) * k;
  const poly = s.outline.map(([x, y]) => `${px(X(x))},${px(Y(y))}`).join(' ');
  // Ids of this sheet's own: a building's report holds many sheets in one document, where a shared id
  // resolves to the first sheet's element and clipped every room's map by the first room's outline (the
  // map shifted against the walls, issue 34). From the sheet's content, so the same page gives the same
  // file on every face.
  const uid = hashString(`${s.title}|${poly}`).toString(36);
  const clipId = `room-outline-${uid}`,
    scaleId = `df-scale-${uid}`;

  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SHEET_WIDTH}" height="${SHEET_HEIGHT}" viewBox="0 0 ${SHEET_WIDTH} ${SHEET_HEIGHT}" font-family="system-ui, 'Segoe UI', Helvetica, Arial, sans-serif" fill="${INK}">`,
    `<title>${esc(`${s.title}: daylight factor`)}</title>`,
    `<rect width="${SHEET_WIDTH}" height="${SHEET_HEIGHT}" fill="#fff"/>`,
    `<defs><clipPath id="${clipId}"><polygon points="${poly}"/></clipPath>${gradient(s.palette, scaleId)}</defs>`,
  );
  text(32, 44, s.title, 'font-size="24" font-weight="600"');
  text(
    32,
    70,
    `Daylight factor on the work plane (${WORK_PLANE_HEIGHT} m above the floor) · ${s.source}`,
    `font-size="13" fill="${MUTED}"`,
  );

  // The map, carried past the room's edge cells and cut by the outline: no staircase along slanted walls;
  // drawn smooth (bilinear between cell centres, four pixels a cell), not in 10 cm squares.
  const m = s.map;
  const ext = extendPastEdge(m.df, m.mask, m.rows, m.cols);
  const fine = upsample(ext.df, ext.mask, m.rows, m.cols, SMOOTH);
  const rgba = mapPixels(fine.df, fine.mask, s.palette, s.scaleMax);
  const png = encodePng({
    width: fine.cols,
    height: fine.rows,
    data: new Uint8Array(rgba.buffer),
    channels: 4,
    depth: 8,
  });
  out.push(
    `<rect x="${px(X(minX))}" y="${px(Y(maxY))}" width="${px((maxX - minX) * k)}" height="${px((maxY - minY) * k)}" fill="#f6f7f9"/>`,
    `<image data-role="map" clip-path="url(#${clipId})" x="${px(X(m.origin.x))}" y="${px(Y(m.origin.y))}" width="${px(m.cols * m.resolution * k)}" height="${px(m.rows * m.resolution * k)}" preserveAspectRatio="none" href="data:image/png;base64,${base64(png)}"/>`,
    isoLinesSvg(
      isoLines(
        { values: ext.df, rows: m.rows, cols: m.cols, origin: m.origin, resolution: m.resolution },
        isoLevels(s.summary.stats.min, s.summary.stats.max),
      ),
      X,
      Y,
      clipId,
      s.outline,
    ),
    `<polygon data-role="outline" points="${poly}" fill="none" stroke="${INK}" stroke-width="2.5" stroke-linejoin="round"/>`,
  );
  for (const w of s.windows) {
    out.push(
      `<line data-window="${esc(w.id)}" x1="${px(X(w.a[0]))}" y1="${px(Y(w.a[1]))}" x2="${px(X(w.b[0]))}" y2="${px(Y(w.b[1]))}" stroke="#1c7ed6" stroke-width="7"/>`,
    );
    // The label sits outside the facade, along its outward direction.
    const r = (w.direction * Math.PI) / 180;
    const lx = X((w.a[0] + w.b[0]) / 2) + Math.cos(r) * 18;
    const ly = Y((w.a[1] + w.b[1]) / 2) - Math.sin(r) * 18 + 4;
    text(lx, ly, w.id, 'font-size="12" text-anchor="middle" font-weight="600" fill="#1c7ed6"');
  }
  // Skylights: dashed, as openings above the cut plane are drawn in plan.
  for (const k of s.skylights ?? []) {
    const pts = k.polygon.map(([x, y]) => `${px(X(x))},${px(Y(y))}`).join(' ');
    out.push(
      `<polygon data-skylight="${esc(k.id)}" points="${pts}" fill="none" stroke="#1c7ed6" stroke-width="2.5" stroke-dasharray="7 4"/>`,
    );
    const cx = k.polygon.reduce((a, q) => a + q[0], 0) / k.polygon.length,
      cy = k.polygon.reduce((a, q) => a + q[1], 0) / k.polygon.length;
    text(X(cx), Y(cy) + 4, k.id, 'font-size="12" text-anchor="middle" font-weight="600" fill="#1c7ed6"');
  }
  out.push(northArrowSvg(PLAN.x + PLAN.w - 30, PLAN.y + 30, s.north));
  out.push(scaleBarSvg(PLAN.x + 8, PLAN.y + PLAN.h - 14, k, PLAN.w / 5 / k));
  legend(out, PLAN.x, PLAN.y + PLAN.h + 34, 420, s.scaleMax, scaleId);

  // Right column: results, verdicts, inputs.
  let y = 110;
  const row = (label: string, value: string, testid = ''): void => {
    text(SIDE_X, y, label, `font-size="13" fill="${MUTED}"`);
    text(SIDE_X + 150, y, value, `font-size="13"${testid ? ` data-stat="${testid}"` : ''}`);
    y += 20;
  };
  const heading = (t: string): void => {
    y += 8;
    text(SIDE_X, y, t, 'font-size="15" font-weight="600"');
    y += 22;
  };
  const st = s.summary.stats;
  const floor = s.summary.floor;
  heading('Results');
  row('Mean DF', `${n2(st.mean)} %`, 'mean');
  row('Median DF', `${n2(st.median)} %`, 'median');
  row('Min – max', `${n2(st.min)} – ${n2(st.max)} %`);
  row('Floor area', `${n2(floor)} m²`, 'area');
  for (const [t, v] of Object.entries(st.area_above))
    row(`DF ≥ ${t} %`, `${roundedDown(v)} % · ${roundedDown((v / 100) * floor, 2)} of ${n2(floor)} m²`);
  heading('Verdicts');
  for (const v of s.summary.verdicts) {
    text(
      SIDE_X,
      y,
      `${v.pass ? '✓' : '✗'} ${v.label}: ${v.pass ? 'pass' : 'fail'}`,
      `font-size="13" font-weight="600" fill="${v.pass ? '#2b8a3e' : '#c92a2a'}" data-verdict="${v.id}"`,
    );
    y += 17;
    text(SIDE_X + 14, y, v.detail, `font-size="12" fill="${MUTED}"`);
    y += 21;
  }
  // Why EN 17037's targets are these: the site they were set for, or that they were entered.
  text(
    SIDE_X,
    y,
    s.enBasis
      ? `EN 17037 targets for ${s.enBasis}`
      : 'EN 17037 targets as entered (set them for the site: its Annex A)',
    `font-size="12" fill="${MUTED}" data-stat="en-basis"`,
  );
  y += 20;
  if (s.climate) {
    const c = s.climate;
    heading(`A year in ${c.location.city}`);
    row('sDA300/50% (LM-83)', `${roundedDown(c.sda_blinds)} % (blinds open ${roundedDown(c.sda)} %)`, 'sda');
    row(
      'ASE1000,250h',
      `${(Math.ceil(c.ase * 10) / 10).toFixed(1)} % · LEED v4.1 ${c.leed_points} pt`,
      'ase',
    );
    row(`DA${c.da_lux} mean · UDI`, `${c.da_mean.toFixed(0)} % · ${c.udi.useful.toFixed(0)} % useful`);
    row('EN 17037 illuminance', c.en17037.reached ?? 'not reached', 'en17037-illuminance');
  }
  heading('Inputs');
  const [long, wide] = planDimensions(s.outline);
  row('Room', `${n2(long)} × ${n2(wide)} m, ${n2(s.height)} m high`, 'dimensions');
  row('Floor above terrain', `${n2(s.floorAboveTerrain)} m`);
  // The value column holds ~34 characters: the reflectances over as many lines as they need.
  wrap(s.materials, 34).forEach((line, i) => {
    if (i === 0) text(SIDE_X, y, 'Reflectances', `font-size="13" fill="${MUTED}"`);
    text(SIDE_X + 150, y, line, `font-size="13"${i === 0 ? ' data-stat="materials"' : ''}`);
    y += 20;
  });
  row('Method', `CIE overcast sky, ${Math.round(s.map.resolution * 100)} cm grid`, 'method');
  row('Surroundings', s.surroundings);
  row('True north', `${Math.round(((s.north % 360) + 360) % 360)}° clockwise from the plan's up`);
  for (const k of s.skylights ?? []) {
    const area = Math.abs(signedArea(k.polygon as Polygon));
    row(
      `Skylight ${k.id}`,
      `${area.toFixed(2)} m² in the roof, frame ${Math.round(k.frame * 100)} %`,
      'skylight',
    );
  }
  for (const [i, w] of s.windows.entries()) {
    // The page ends: the windows that no longer fit are counted, never drawn over the footer.
    if (y + 38 > SHEET_HEIGHT - 34) {
      const more = s.windows.length - i;
      text(
        SIDE_X,
        y,
        `… and ${more} more window${more === 1 ? '' : 's'} (the plan shows every one)`,
        `font-size="12" fill="${MUTED}"`,
      );
      break;
    }
    const width = Math.hypot(w.b[0] - w.a[0], w.b[1] - w.a[1]);
    text(
      SIDE_X,
      y,
      `${w.id} · faces ${formatBearing(w.direction, s.north)}`,
      'font-size="13" font-weight="600"',
    );
    y += 17;
    text(
      SIDE_X + 14,
      y,
      `${n2(width)} × ${n2(w.head - w.sill)} m, sill ${n2(w.sill)} m · glass ${Math.round(w.glass * 100)} % · frame ${Math.round(w.frame * 100)} %`,
      `font-size="12" fill="${MUTED}"`,
    );
    y += 21;
  }
  // The project and who signs for it, above the footer; the page says so when they are not given.
  const project = s.project ? projectLine(s.project) : '';
  const signature = s.project ? signatureLine(s.project) : '';
  text(
    32,
    SHEET_HEIGHT - 42,
    project || 'Project not stated',
    `font-size="12" font-weight="600" data-stat="project"${project ? '' : ` fill="${MUTED}"`}`,
  );
  const foot = `${signature ? `${signature} · ` : ''}Lux · daylight factor under the CIE overcast sky${s.stamp ? ` · computed ${s.stamp}` : ''}`;
  text(32, SHEET_HEIGHT - 24, foot, `font-size="11" fill="${MUTED}" data-stat="signature"`);
  out.push('</svg>');
  return out.join('');
}

/**
 * Iso-DF lines over the map, cut by the outline like it, each level written once where its label has room
 * (placeIsoLabels) in white-haloed ink so it reads on any colour of the palette.
 */
function isoLinesSvg(
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

/** Text cut at ", " into lines of at most `max` characters (a longer part stands alone). */
function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  for (const part of text.split(', ')) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last]!.length + 2 + part.length <= max) lines[last] += `, ${part}`;
    else lines.push(part);
  }
  return lines.map((l, i) => (i < lines.length - 1 ? `${l},` : l));
}

function gradient(palette: PaletteName, id: string): string {
  const stops = Array.from({ length: 11 }, (_, i) => {
    const [r, g, b] = colour(palette, i / 10, 1);
    return `<stop offset="${i / 10}" stop-color="rgb(${r},${g},${b})"/>`;
  });
  return `<linearGradient id="${id}">${stops.join('')}</linearGradient>`;
}

function legend(out: string[], x: number, y: number, w: number, max: number, scaleId: string): void {
  out.push(
    `<rect x="${x}" y="${y}" width="${w}" height="14" fill="url(#${scaleId})" stroke="${INK}" stroke-width="0.5"/>`,
  );
  for (let t = 0; t <= 5; t++) {
    const tx = x + (t / 5) * w;
    out.push(`<line x1="${px(tx)}" y1="${y + 14}" x2="${px(tx)}" y2="${y + 19}" stroke="${INK}"/>`);
    out.push(
      `<text x="${px(tx)}" y="${y + 32}" font-size="12" text-anchor="middle">${((t / 5) * max).toFixed(max < 5 ? 1 : 0)}${t === 5 ? '+' : ''}</text>`,
    );
  }
  out.push(`<text x="${x + w + 12}" y="${y + 12}" font-size="12">Daylight factor (%)</text>`);
}
