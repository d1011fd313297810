import { hashString } from '../engine/random';
import { WORK_PLANE_HEIGHT } from '../engine/model';
import { roundedDown, udiWhole } from '../stats/shareText';
import { placeWindowLabels, WINDOW_LABEL_SIZE } from './windowLabels';
import { analysedOf, partlyAnalysed, shareWithArea } from '../stats/analysedPlane';
import { encode as encodePng } from 'fast-png';
import type { RoomGridAnswer } from '../api/roomAnswer';
import { base64 } from '../encoding/base64';
import { formatBearing, wrap360 } from '../geometry/bearing';
import { signedArea, type Polygon } from '../geometry/polygon';
import type { ClimateSummary } from '../api/climateOps';
import type { MapSummary } from '../stats/verdicts';
import { extendPastEdge, upsample } from './edgeFill';
import { isoLevels, isoLines } from './isoLines';
import { isoLinesSvg } from './isoLabels';
import { planDimensions } from './materialsText';
import { projectLine, signatureLine, type ProjectInfo } from './project';
import { colour, mapPixels, type PaletteName } from './palette';
import {
  drawingScale,
  INK,
  mm,
  northArrowSvg,
  px,
  SCALE_GAP,
  SCALE_SIZE,
  scaleBarSvg,
  scaleText,
} from './planMarks';
import { textWidth, wrapText } from './textFit';
import { enBasisLine, type EnTargets } from './enBasis';
import { LUX_SOFTWARE } from './luxVersion';
import { weatherFileText, type WeatherFile } from './weatherFile';

/**
 * One room on one page, as an architect hands it on (issue 19 §4): the plan with its DF map clipped to the
 * outline, the windows, a north arrow and a scale bar, the legend, the statistics and verdicts, the inputs
 * and which computation gave the map. An SVG string, so that every face draws the same page: the app
 * rasterises it for the PNG export and shows it for printing, the command line writes it into its report.
 * Drawn on a 1123 × 794 px canvas (A4 landscape's proportions) and printed SHEET_MM_PER_PX to the px, so that
 * the plan's stated scale holds on paper.
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

/** A skylight over the room: its outline in plan (m, the API's frame), its frame share and its glass's. */
export interface SheetSkylight {
  id: string;
  polygon: readonly (readonly [number, number])[];
  frame: number;
  /** Light transmittance of the glass, 0–1. */
  glass: number;
}

/** A year in the room with the weather file it is of, as a page is given it. */
export interface SheetYear {
  summary: ClimateSummary;
  weather?: WeatherFile;
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
  /** Trees standing as crowns that let light through (which no mesh holds), in words; absent: none. */
  trees?: string;
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
  /** The weather file that year is of: the page names it (a signer names the data, not only the place). */
  weather?: WeatherFile;
  /** EN 17037's targets the verdicts were judged by, and where they come from (enBasis.ts says it). */
  targets: EnTargets;
  /**
   * The map is of the room before its last change, a new one on its way: the page says so across its head
   * (a page printed or exported in that moment must not pass for the room as it stands).
   */
  updating?: boolean;
  /** The project, its site, who prepared it, the design stage and date (issue 34); absent: not stated. */
  project?: ProjectInfo;
}

export const SHEET_WIDTH = 1123;
export const SHEET_HEIGHT = 794;
/**
 * The printed page's millimetres per px: 251.6 × 177.9 mm, inside A4 landscape's 8–10 mm margins with a
 * line above it for the app's notice that the page is not current. The SVG's width and height say it in
 * mm, so the page prints at this one size from the app, from report.html and report.pdf, and from the
 * downloaded SVG (before 2026-12-07 each face fitted it to its own box, 0.22–0.26 mm per px, and no scale
 * could be stated).
 */
export const SHEET_MM_PER_PX = 0.224;
export const SHEET_MM = { w: SHEET_WIDTH * SHEET_MM_PER_PX, h: SHEET_HEIGHT * SHEET_MM_PER_PX };

/** Map pixels per grid cell on the page. */
const SMOOTH = 4;
const MUTED = '#5c6b7a';
/** The plan's box at its tallest; a year under the legend takes its height from the plan's. */
const PLAN = { x: 32, y: 96, w: 660, h: 520 };
/** From the plan's foot to the legend's labels' descent, and the air above the year's block. */
const LEGEND_H = 70;
/** The strip along the plan's foot that holds the scale bar. */
const SCALE_STRIP = 24;
const YEAR_GAP = 14;
const SIDE_X = 730;
/** The openings' table: each column's left edge from SIDE_X, and its rows' pitch. */
const COLUMNS = [0, 56, 120, 224, 276, 326];
const OPENING_ROW = 16;
/** How far a long id may widen its column, the others moving right (the frame's "100 %" still ends at RIGHT). */
const ID_SLACK = 16;
/** How far text may run to the right, the lowest baseline of the right column and the footer's. */
const RIGHT = SHEET_WIDTH - 12;
const BOTTOM = SHEET_HEIGHT - 10;
const FOOT = SHEET_HEIGHT - 18;

const esc = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const n2 = (v: number): string => v.toFixed(2);

export function roomSheetSvg(s: RoomSheet): string {
  const out: string[] = [];
  const text = (x: number, y: number, body: string, attrs = ''): void => {
    out.push(`<text x="${px(x)}" y="${px(y)}"${attrs ? ' ' + attrs : ''}>${esc(body)}</text>`);
  };

  // The left column from the foot up: the footer, the year (when one was computed), the legend, and the
  // plan in what is left. The year stood in the right column until 2026-12-07, where it pushed the
  // windows' inputs off the page ("… and 2 more windows"); under the legend it costs the plan ~110 px of
  // its height, which a room wider than tall never used.
  const foot = footLines(s);
  const footTop = FOOT - 15 * (foot.length - 1) - 13;
  const year = s.climate ? yearRows(s.climate, s.weather) : null;
  const yearH = year ? yearHeight(year) + YEAR_GAP : 0;
  const plan = { ...PLAN, h: Math.min(PLAN.h, footTop - 10 - yearH - LEGEND_H - PLAN.y) };

  // Plan frame: the outline (and the map's cells) fitted into the plan's box with a margin.
  const xs = s.outline.map((p) => p[0]),
    ys = s.outline.map((p) => p[1]);
  const margin = 0.6;
  const minX = Math.min(...xs) - margin,
    maxX = Math.max(...xs) + margin,
    minY = Math.min(...ys) - margin,
    maxY = Math.max(...ys) + margin;
  // Above the scale bar's strip: a plan shortened for a year brought the bottom facade's window names down
  // onto the bar, where they found no place and went unwritten.
  const fitH = plan.h - SCALE_STRIP;
  // At the largest drawing scale that fits (1:50, 1:75…), so that the plan can be measured on paper.
  const scale = drawingScale(Math.min(plan.w / (maxX - minX), fitH / (maxY - minY)), SHEET_MM_PER_PX);
  const k = scale.pxPerM;
  const ox = plan.x + (plan.w - (maxX - minX) * k) / 2;
  const oy = plan.y + (fitH - (maxY - minY) * k) / 2;
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
    `<svg xmlns="http://www.w3.org/2000/svg" width="${mm(SHEET_MM.w)}" height="${mm(SHEET_MM.h)}" viewBox="0 0 ${SHEET_WIDTH} ${SHEET_HEIGHT}" font-family="system-ui, 'Segoe UI', Helvetica, Arial, sans-serif" fill="${INK}">`,
    `<title>${esc(`${s.title}: daylight factor`)}</title>`,
    `<rect width="${SHEET_WIDTH}" height="${SHEET_HEIGHT}" fill="#fff"/>`,
    `<defs><clipPath id="${clipId}"><polygon points="${poly}"/></clipPath>${gradient(s.palette, scaleId)}</defs>`,
  );
  // A long name (an IFC room's "number name · storey") is set smaller to stay on one line, and only cut (its
  // whole in the page's <title>) past what 14 px holds.
  const titleWidth = RIGHT - 32;
  const titleSize = Math.max(14, Math.min(24, Math.floor((24 * titleWidth) / textWidth(s.title, 24, true))));
  text(
    32,
    44,
    wrapText(s.title, titleWidth, titleSize, { bold: true, most: 1 })[0] ?? '',
    `font-size="${titleSize}" font-weight="600"`,
  );
  text(
    32,
    70,
    `Daylight factor on the work plane (${WORK_PLANE_HEIGHT} m above the floor) · ${s.source}`,
    `font-size="13" fill="${MUTED}"`,
  );

  if (s.updating) updatingBanner(out);

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
      (s.skylights ?? []).map((sk) => {
        const [cx, cy] = centroid(sk.polygon);
        return { x: X(cx), y: Y(cy), w: textWidth(sk.id, 12, true) + 6, h: 16 };
      }),
    ),
    `<polygon data-role="outline" points="${poly}" fill="none" stroke="${INK}" stroke-width="2.5" stroke-linejoin="round"/>`,
  );
  for (const w of s.windows)
    out.push(
      `<line data-window="${esc(w.id)}" x1="${px(X(w.a[0]))}" y1="${px(Y(w.a[1]))}" x2="${px(X(w.b[0]))}" y2="${px(Y(w.b[1]))}" stroke="#1c7ed6" stroke-width="7"/>`,
    );
  // Names outside the facades, clear of one another, of the north arrow and of the scale bar.
  const names = placeWindowLabels(
    s.windows.map((w) => ({
      id: w.id,
      mid: [X((w.a[0] + w.b[0]) / 2), Y((w.a[1] + w.b[1]) / 2)] as const,
      direction: w.direction,
    })),
    [
      { x0: plan.x + plan.w - 63, x1: plan.x + plan.w + 3, y0: plan.y - 3, y1: plan.y + 63 },
      {
        x0: plan.x,
        x1: plan.x + 12 + plan.w / 5 + SCALE_GAP + textWidth(scaleText(scale.n), SCALE_SIZE, true),
        y0: plan.y + plan.h - SCALE_STRIP,
        y1: plan.y + plan.h,
      },
    ],
    { x0: plan.x, y0: plan.y, x1: plan.x + plan.w, y1: plan.y + plan.h },
  );
  for (const n of names)
    text(
      n.x,
      n.y,
      n.id,
      `font-size="${WINDOW_LABEL_SIZE}" text-anchor="middle" font-weight="600" fill="#1c7ed6"`,
    );
  // Skylights: dashed, as openings above the cut plane are drawn in plan.
  for (const k of s.skylights ?? []) {
    const pts = k.polygon.map(([x, y]) => `${px(X(x))},${px(Y(y))}`).join(' ');
    out.push(
      `<polygon data-skylight="${esc(k.id)}" points="${pts}" fill="none" stroke="#1c7ed6" stroke-width="2.5" stroke-dasharray="7 4"/>`,
    );
    const [cx, cy] = centroid(k.polygon);
    // Over the map: haloed in white, as the iso labels are, or blue on the palette's dark end is lost.
    text(
      X(cx),
      Y(cy) + 4,
      k.id,
      'font-size="12" text-anchor="middle" font-weight="600" fill="#1c7ed6" paint-order="stroke" stroke="#fff" stroke-width="3" data-role="skylight-label"',
    );
  }
  out.push(northArrowSvg(plan.x + plan.w - 30, plan.y + 30, s.north));
  out.push(scaleBarSvg(plan.x + 8, plan.y + plan.h - 14, k, plan.w / 5 / k, { n: scale.n }));
  legend(out, plan.x, plan.y + plan.h + 34, 420, s.scaleMax, scaleId, {
    windows: s.windows.length > 0,
    skylights: (s.skylights ?? []).length > 0,
  });
  if (s.climate && year)
    yearBlock(out, s.climate, year, plan.x, plan.y + plan.h + LEGEND_H + YEAR_GAP, plan.w);

  // Right column: results, verdicts, inputs, down to BOTTOM (the footer keeps to the plan's width).
  let y = 104;
  /** A label and its value, the value over as many as `lines` lines of its column (the last cut with …). */
  const row = (label: string, value: string, testid = '', lines = 1): void => {
    text(SIDE_X, y, label, `font-size="13" fill="${MUTED}"`);
    wrapText(value, RIGHT - SIDE_X - 150, 13, { most: lines }).forEach((line, i) => {
      if (i > 0) y += 16;
      text(SIDE_X + 150, y, line, `font-size="13"${i === 0 && testid ? ` data-stat="${testid}"` : ''}`);
    });
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
  // Under a ceiling too low for the work plane (an attic's eaves) the shares are of the analysed plane.
  if (partlyAnalysed(s.summary)) row('Analysed area', `${n2(analysedOf(s.summary))} m²`, 'analysed');
  for (const [t, v] of Object.entries(st.area_above)) row(`DF ≥ ${t} %`, shareWithArea(v, s.summary));
  heading('Verdicts');
  for (const v of s.summary.verdicts) {
    text(
      SIDE_X,
      y,
      `${v.pass ? '✓' : '✗'} ${v.label}: ${v.pass ? 'pass' : 'fail'}`,
      `font-size="13" font-weight="600" fill="${v.pass ? '#2b8a3e' : '#c92a2a'}" data-verdict="${v.id}"`,
    );
    y += 17;
    // Two lines where it says what its share is of: "… of the analysed 127.60 m² (needs 50 %)".
    wrapText(v.detail, RIGHT - SIDE_X - 14, 12, { most: 2 }).forEach((line, i) => {
      if (i > 0) y += 15;
      text(SIDE_X + 14, y, line, `font-size="12" fill="${MUTED}"`);
    });
    y += 21;
  }
  // Why EN 17037's targets are these: the site they were set for, the defaults, or figures entered.
  wrapText(enBasisLine(s.targets), RIGHT - SIDE_X, 12, { most: 2 }).forEach((line, i) => {
    if (i > 0) y += 16;
    text(SIDE_X, y, line, `font-size="12" fill="${MUTED}"${i === 0 ? ' data-stat="en-basis"' : ''}`);
  });
  y += 20;
  heading('Inputs');
  const [long, wide] = planDimensions(s.outline);
  row('Room', `${n2(long)} × ${n2(wide)} m, ${n2(s.height)} m high`, 'dimensions');
  row('Floor above terrain', `${n2(s.floorAboveTerrain)} m`);
  row('Reflectances', s.materials, 'materials', 3);
  row('Method', `CIE overcast sky, ${Math.round(s.map.resolution * 100)} cm grid`, 'method');
  row('Surroundings', s.surroundings, '', 2);
  if (s.trees) row('Trees', s.trees, 'trees', 2);
  row('True north', `${Math.round(wrap360(s.north)) % 360}° clockwise from the plan's up`, '', 2);
  // The openings, skylights first, one line each in a table under the inputs, as many as the column holds
  // (six and more beside a year since 2026-12-07, when two lines each held three); the rest are counted,
  // never drawn over the footer or past the page's foot (each keeps a line for the count below it unless it
  // is the last).
  const skylights = s.skylights ?? [];
  const table = openingRows(s);
  const openings = table.length;
  // Ids are "w1", "s1" from the app and from IFC; a longer one widens its column a little, then loses its
  // head, not its tail ("…ow-12": ids that share a head differ at their ends).
  const shift = Math.min(
    ID_SLACK,
    Math.max(0, ...table.map((r) => textWidth(r.id, 12, true) + 6 - COLUMNS[1]!)),
  );
  let shown = 0;
  if (openings) {
    y += 4;
    tableRow(
      out,
      y,
      ['Opening', 'Faces', 'Width × height', 'Sill', 'Glass', 'Frame'],
      `font-size="11" fill="${MUTED}"`,
      shift,
      false,
    );
    y += OPENING_ROW + 1;
  }
  for (const r of table) {
    if (y > BOTTOM || (shown < openings - 1 && y + OPENING_ROW > BOTTOM)) break;
    tableRow(
      out,
      y,
      [tailFit(r.id, COLUMNS[1]! + shift - 6), ...r.cells],
      `font-size="12" data-opening="${esc(r.id)}"`,
      shift,
      true,
    );
    y += OPENING_ROW;
    shown++;
  }
  if (shown < openings) {
    const count = (n: number, what: string): string => (n ? `${n} more ${what}${n === 1 ? '' : 's'}` : '');
    const more = [
      count(Math.max(0, skylights.length - shown), 'skylight'),
      count(Math.min(s.windows.length, openings - shown), 'window'),
    ].filter(Boolean);
    text(
      SIDE_X,
      y,
      more.length === 1
        ? `… and ${more[0]} (the plan shows every one)`
        : `… ${more.join(', ')} (on the plan)`,
      `font-size="12" fill="${MUTED}"`,
    );
  }
  foot.forEach(({ line, attrs }, i) => text(32, FOOT - 15 * (foot.length - 1 - i), line, attrs));
  out.push('</svg>');
  return out.join('');
}

/**
 * Under the legend, as wide as the plan: the project, who signs for it (each over at most two lines), and
 * what computed the page when; the page says so when the project is not given.
 */
function footLines(s: RoomSheet): { line: string; attrs: string }[] {
  const project = s.project ? projectLine(s.project) : '';
  const signature = s.project ? signatureLine(s.project) : '';
  return [
    ...wrapText(project || 'Project not stated', PLAN.w, 12, { bold: true, most: 2 }).map((line, i) => ({
      line,
      attrs: `font-size="12" font-weight="600"${project ? '' : ` fill="${MUTED}"`}${i ? '' : ' data-stat="project"'}`,
    })),
    ...wrapText(signature, PLAN.w, 11, { most: 2 }).map((line, i) => ({
      line,
      attrs: `font-size="11" fill="${MUTED}"${i ? '' : ' data-stat="signature"'}`,
    })),
    {
      // The software and its version: a signer names what produced the figures.
      line: `${LUX_SOFTWARE} · daylight factor under the CIE overcast sky${s.stamp ? ` · computed ${s.stamp}` : ''}`,
      attrs: `font-size="11" fill="${MUTED}" data-stat="computed"`,
    },
  ];
}

/** A year's figures, each a label and its value in lines of the plan's width, and the row's test id. */
interface YearRow {
  label: string;
  lines: string[];
  testid: string;
}

const YEAR_LABEL_W = 150;

function yearRows(c: ClimateSummary, weather?: WeatherFile): YearRow[] {
  const row = (label: string, value: string, testid = '', most = 1): YearRow => ({
    label,
    lines: wrapText(value, PLAN.w - YEAR_LABEL_W, 13, { most }),
    testid,
  });
  return [
    row('sDA300/50% (LM-83)', `${roundedDown(c.sda_blinds)} % (blinds open ${roundedDown(c.sda)} %)`, 'sda'),
    row(
      'ASE1000,250h',
      `${(Math.ceil(c.ase * 10) / 10).toFixed(1)} % · LEED v4.1 ${c.leed_points} pt`,
      'ase',
    ),
    row(`DA${c.da_lux} mean · UDI`, `${c.da_mean.toFixed(0)} % · ${udiWhole(c.udi).useful} % useful`),
    row('EN 17037 illuminance', c.en17037.reached ?? 'not reached', 'en17037-illuminance'),
    ...(weather ? [row('Weather file', weatherFileText(weather), 'weather-file', 2)] : []),
  ];
}

/** From the block's top to its last line's descent: the heading, then 18 px a row and 16 a further line. */
function yearHeight(rows: readonly YearRow[]): number {
  return 36 + rows.reduce((h, r) => h + 18 + 16 * (r.lines.length - 1), 0) - 18 + 4;
}

/** The room's year under the legend, as wide as the plan. */
function yearBlock(
  out: string[],
  c: ClimateSummary,
  rows: readonly YearRow[],
  x: number,
  top: number,
  w: number,
): void {
  const t = (tx: number, ty: number, body: string, attrs: string): void => {
    out.push(`<text x="${px(tx)}" y="${px(ty)}" ${attrs}>${esc(body)}</text>`);
  };
  t(
    x,
    top + 15,
    wrapText(`A year in ${c.location.city}`, w, 15, { bold: true, most: 1 })[0] ?? '',
    'font-size="15" font-weight="600"',
  );
  let y = top + 36;
  for (const r of rows) {
    t(x, y, r.label, `font-size="13" fill="${MUTED}"`);
    r.lines.forEach((line, i) => {
      if (i > 0) y += 16;
      t(x + YEAR_LABEL_W, y, line, `font-size="13"${i === 0 && r.testid ? ` data-stat="${r.testid}"` : ''}`);
    });
    y += 18;
  }
}

/** The openings' table's rows: skylights first, then windows, each its id and its inputs. */
function openingRows(s: RoomSheet): { id: string; cells: string[] }[] {
  const pct = (v: number): string => `${Math.round(v * 100)} %`;
  return [
    ...(s.skylights ?? []).map((k) => ({
      id: k.id,
      cells: [
        'roof',
        `${Math.abs(signedArea(k.polygon as Polygon)).toFixed(2)} m²`,
        '–',
        pct(k.glass),
        pct(k.frame),
      ],
    })),
    ...s.windows.map((w) => ({
      id: w.id,
      cells: [
        formatBearing(w.direction, s.north),
        `${n2(Math.hypot(w.b[0] - w.a[0], w.b[1] - w.a[1]))} × ${n2(w.head - w.sill)} m`,
        `${n2(w.sill)} m`,
        pct(w.glass),
        pct(w.frame),
      ],
    })),
  ];
}

/** One line of the openings' table: its cells at the columns' edges, in one text (one line to a reader). */
function tableRow(
  out: string[],
  y: number,
  cells: readonly string[],
  attrs: string,
  shift: number,
  boldId: boolean,
): void {
  const spans = cells.map(
    (c, i) =>
      `<tspan x="${px(SIDE_X + COLUMNS[i]! + (i ? shift : 0))}"${i === 0 && boldId ? ' font-weight="600"' : ''}>${esc(c)}</tspan>`,
  );
  out.push(`<text y="${px(y)}" ${attrs}>${spans.join('')}</text>`);
}

/** `id` whole if it fits `width` (12 px semibold), else "…" and as much of its end as does. */
function tailFit(id: string, width: number): string {
  const chars = [...id];
  if (textWidth(id, 12, true) <= width) return id;
  while (chars.length > 1 && textWidth(`…${chars.join('')}`, 12, true) > width) chars.shift();
  return `…${chars.join('')}`;
}

const centroid = (p: readonly (readonly [number, number])[]): [number, number] => [
  p.reduce((a, q) => a + q[0], 0) / p.length,
  p.reduce((a, q) => a + q[1], 0) / p.length,
];

/** Across the page's head, between the subtitle and the plan: this page is not of the room as it stands. */
function updatingBanner(out: string[]): void {
  const y = 76;
  out.push(
    `<g data-role="updating"><rect x="32" y="${y}" width="${RIGHT - 32}" height="18" fill="#c92a2a"/>`,
    `<text x="40" y="${y + 13}" font-size="12" font-weight="600" fill="#fff">Being updated: this map is of the room before its last change. Print again once the new map is on screen.</text></g>`,
  );
}

function gradient(palette: PaletteName, id: string): string {
  const stops = Array.from({ length: 11 }, (_, i) => {
    const [r, g, b] = colour(palette, i / 10, 1);
    return `<stop offset="${i / 10}" stop-color="rgb(${r},${g},${b})"/>`;
  });
  return `<linearGradient id="${id}">${stops.join('')}</linearGradient>`;
}

function legend(
  out: string[],
  x: number,
  y: number,
  w: number,
  max: number,
  scaleId: string,
  keys: { windows: boolean; skylights: boolean },
): void {
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
  // What the plan's blue marks are, under the scale's name: the windows' lines, the skylights' dashes.
  let kx = x + w + 24;
  const key = (dash: string, label: string, role: string): void => {
    out.push(
      `<g data-role="${role}"><line x1="${kx}" y1="${y + 28}" x2="${kx + 18}" y2="${y + 28}" stroke="#1c7ed6" stroke-width="${dash ? 2.5 : 6}"${dash}/>`,
      `<text x="${kx + 24}" y="${y + 32}" font-size="12">${label}</text></g>`,
    );
    kx += 24 + textWidth(label, 12) + 14;
  };
  if (keys.windows) key('', 'window', 'window-key');
  if (keys.skylights) key(' stroke-dasharray="7 4"', 'skylight', 'skylight-key');
}
