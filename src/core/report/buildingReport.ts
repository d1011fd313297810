import { WORK_PLANE_HEIGHT } from '../engine/model';
import { partOf, roundedDown, udiWhole } from '../stats/shareText';
import { glazingCount, glazingSummary, ifcRoomLabel, type IfcBuilding } from '../ifc/building';
import { northText } from '../ifc/north';
import { analysedOf, partlyAnalysed } from '../stats/analysedPlane';
import { projectLine, signatureLine, type ProjectInfo } from './project';
import { windowToFloor } from '../ifc/roomRequest';
import type { ApartmentTotal } from '../stats/apartments';
// The building's verdicts are judged with the default thresholds (app compute/building/, cli/ifc.ts).
import { DEFAULT_COMPLIANCE, type Thresholds } from '../stats/verdicts';
import { proposalText, type RoomResult } from './roomResult';
import { COLOUR_BY, type ColourBy } from './storeyPlan';
import { storeyPlanParts } from './storeyParts';
import { enIlluminance } from './enBasis';
import { LUX_SOFTWARE } from './luxVersion';
import { LEED_V41, leedPoints } from '../climate/metrics';
import { glazingInput, surfacesInput } from './glazingInputs';
import { weatherFileText, type WeatherFile } from './weatherFile';

export type { RoomResult } from './roomResult';

/**
 * The building's report (issue 20 §4) as one printable HTML page: the inputs, the table of every room
 * (those that could not be analysed with the reason), each analysed room's sheet (roomSheet.ts) on a page
 * of its own, and the method with its validation figures. Printing it gives the PDF an architect hands on.
 */

export interface BuildingReport {
  file: string;
  /** BFS 2024:8 per apartment (IfcZone or the user's groups); empty: no table. */
  apartments?: ApartmentTotal[];
  building: Omit<IfcBuilding, 'context'>;
  /** Triangles of the obstruction mesh (the building's and the context files'). */
  triangles: number;
  /** The context files' names, in the order they were added. */
  contexts?: string[];
  results: RoomResult[];
  /** Which computation gave the maps, in words. */
  method: string;
  /** How that computation was validated, in words with its figures. */
  validation: string;
  stamp: string;
  /** Which rule the storey plans colour the rooms by (default BFS 2024:8). */
  colourBy?: ColourBy;
  /** The project, site, author, design stage and date (issue 34). */
  project?: ProjectInfo;
  /** The thresholds the verdicts were judged with; the defaults if absent. */
  thresholds?: Thresholds;
  /** The weather file the rooms' year was computed with, when one was (its figures: climateTable). */
  weather?: WeatherFile;
}

/** The project's lines at the head of the report; said so when nothing is given. */
function projectBlock(p: ProjectInfo | undefined): string {
  const project = p ? projectLine(p) : '';
  const signature = p ? signatureLine(p) : '';
  return project || signature
    ? `<p class="project" data-stat="project"><strong>${esc(project)}</strong>${project && signature ? '<br>' : ''}${esc(signature)}</p>\n`
    : '<p class="muted" data-stat="project">Project not stated</p>\n';
}

/**
 * What EN 17037's daylight factors stand for: 300 lx and 100 lx at the site's median diffuse illuminance
 * (its Table A.3 per location), DF = E / E_v,d,med — the defaults' 2.0 % and 0.7 % at about 15 klx.
 */
function enBasis(t: Thresholds): string {
  const e = enIlluminance(t);
  return e.same
    ? `these correspond to 300 lx and 100 lx at a median diffuse illuminance of about ${Math.round(e.klx)} klx, which EN 17037 Table A.3 gives per location.`
    : `these correspond to 300 lx at a median diffuse illuminance of ${e.target.toFixed(1)} klx and 100 lx at ${e.minimum.toFixed(1)} klx (EN 17037 Table A.3 gives it per location).`;
}

/**
 * A threshold as the verdicts judge it, never rounded (a target of 1.86 % read "1.9 %" while rooms were
 * judged at 1.86): to one decimal at least ("2.0"), more where it has them.
 */
const dfText = (v: number): string =>
  Number.isInteger(Math.round(v * 1e6) / 1e5) ? v.toFixed(1) : String(v);

const esc = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Text as a CSS string inside the page's <style>: quoted, and no "</style>" can end the element. */
const cssString = (s: string): string =>
  `"${s
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/</g, '\\3C ')
    .replace(/[\r\n]+/g, ' ')}"`;

/**
 * What every printed page carries in its foot, plan pages included: the project (or the file) and the
 * report's date to the left, "Page 3 of 16" to the right, so a page taken out of the set is still
 * traced to its report, and a reviewer can cite it. Chromium (report.pdf) and other browsers that print
 * @page margin boxes draw them.
 */
function pageFoot(r: BuildingReport): string {
  const project = r.project ? projectLine(r.project) : '';
  const left = `${project ? `${project} · ` : ''}Daylight report of ${r.file} · ${r.stamp}`;
  const box = 'font-family: system-ui, sans-serif; font-size: 8pt; color: #5c6b7a;';
  return `@page {
    @bottom-left { content: ${cssString(left)}; ${box} }
    @bottom-right { content: "Page " counter(page) " of " counter(pages); ${box} }
  }`;
}

/**
 * Where the report is signed: who prepared it (as stated, or a line to write the name on), their
 * signature and its date, and the same for whoever checks it, as a building authority expects of a
 * document handed in. What Lux answers for and what the signer does is said above it.
 */
function signOff(p: ProjectInfo | undefined): string {
  const author = p?.author.trim() ?? '';
  const line = '<td class="blank"></td>';
  return `<section class="signoff" data-stat="signoff">
<h2>Responsibility</h2>
<p>Lux computed the figures in this report from the file and the inputs stated above. The signer answers for
those inputs (materials, glazing, surroundings), for which rooms are for daily living, and for the report as handed in.</p>
<table>
<thead><tr><th>Role</th><th>Name</th><th>Signature</th><th>Date</th></tr></thead>
<tbody>
<tr><td>Prepared by</td>${author ? `<td data-stat="signer">${esc(author)}</td>` : line}${line}${line}</tr>
<tr><td>Checked by</td>${line}${line}${line}</tr>
</tbody>
</table>
</section>`;
}

export function buildingReportHtml(r: BuildingReport): string {
  const b = r.building;
  const T = r.thresholds ?? DEFAULT_COMPLIANCE;
  const analysed = r.results.filter((x) => x.summary);
  const verdict = (x: RoomResult, id: string): string => {
    const v = x.summary?.verdicts.find((k) => k.id === id);
    return v ? `<td class="${v.pass ? 'pass' : 'fail'}">${v.pass ? '✓ pass' : '✗ fail'}</td>` : '<td>–</td>';
  };
  // A room's glazing as the app's list names it: its skylights too (a hallway lit from above read "0"
  // windows beside a window-to-floor ratio of 21 % and a pass).
  const rows = r.results
    .map((x) => {
      const room = x.room;
      const s = x.summary?.stats;
      const why = room.problem ?? x.error;
      return `<tr${why ? ' class="problem"' : ''}><td>${esc(room.storey)}</td><td>${esc(room.number)}</td><td>${esc(room.name)}</td><td class="n">${room.area.toFixed(2)}</td><td data-stat="glazing">${esc(glazingCount(room.windows, room.skylights.length))}</td><td class="n">${(windowToFloor(room) * 100).toFixed(1)} %</td><td class="n">${s ? s.mean.toFixed(2) : '–'}</td><td class="n">${s ? `${roundedDown(s.area_above['1']!)} %${x.summary && partlyAnalysed(x.summary) ? ` of ${analysedOf(x.summary).toFixed(2)} m² analysed` : ''}` : '–'}</td>${verdict(x, 'bfs')}${verdict(x, 'en-target')}${verdict(x, 'en-minimum')}<td>${why ? esc(why) : ''}</td></tr>`;
    })
    .join('\n');
  const unplaced =
    `<p>Glazing: ${esc(glazingSummary(b))}.</p>` +
    (b.unplaced.length
      ? `<h2>Glazing not analysed</h2><ul>${b.unplaced.map((u) => `<li>${esc(u.name)} (${esc(u.kind)}): ${esc(u.reason)}</li>`).join('')}</ul>`
      : '');
  const notes = r.results.flatMap((x) => x.room.notes.map((n) => `${ifcRoomLabel(x.room)}: ${n}`));
  const by = r.colourBy ?? 'bfs';
  const storeys = [...new Set([...b.storeys, ...r.results.map((x) => x.room.storey)])];
  const plans = storeys
    .map((storey) => {
      const on = r.results.filter((x) => x.room.storey === storey);
      if (!on.some((x) => x.room.room_polygon.length >= 3)) return '';
      const parts = storeyPlanParts({ storey, results: on, north: b.north, by, width: 1000, height: 600 });
      return parts
        .map((p, i) => {
          const part = parts.length > 1 ? ` (part ${i + 1} of ${parts.length})` : '';
          const missed = p.unlabelled.length
            ? `<p class="muted" data-stat="unlabelled">Too small to label at this scale (see the table): ${esc(p.unlabelled.join(', '))}.</p>`
            : '';
          return `<section class="plan"><h2>${esc(storey || 'No storey')}${part}: rooms by ${esc(COLOUR_BY.find((c) => c.id === by)!.label)}</h2><p class="muted">The figure in each room is its mean DF; the fill, whether it meets the rule.</p>${p.svg}${missed}</section>`;
        })
        .join('\n');
    })
    .join('\n');
  const sheets = r.results
    .filter((x) => x.sheet)
    .map((x) => `<section class="sheet">${x.sheet}</section>`)
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${esc(`Daylight report: ${r.file}`)}</title>
<style>
  @page { size: A4 landscape; margin: 10mm; }
  ${pageFoot(r)}
  body { font-family: system-ui, 'Segoe UI', Helvetica, Arial, sans-serif; color: #1d2733; margin: 24px; }
  h1 { font-size: 24px; margin: 0 0 4px; }
  h2 { font-size: 17px; margin: 22px 0 8px; }
  p, li { font-size: 13px; line-height: 1.45; }
  .muted { color: #5c6b7a; }
  table { border-collapse: collapse; font-size: 12px; width: 100%; }
  th, td { border-bottom: 1px solid #dde1e6; padding: 4px 6px; text-align: left; vertical-align: top; }
  th { background: #f4f6f8; }
  td.n { text-align: right; white-space: nowrap; }
  td.pass { color: #2b8a3e; white-space: nowrap; }
  td.fail { color: #c92a2a; white-space: nowrap; }
  tr.problem td { color: #5c6b7a; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 16px; font-size: 13px; }
  dt { color: #5c6b7a; }
  .sheet { page-break-before: always; break-before: page; margin-top: 24px; }
  @media screen { .sheet svg, .plan svg { width: 100%; height: auto; } }
  .plan { page-break-before: always; break-before: page; }
  /* A row whole on one page (a room's reason ran on under the next page's header), a heading with what follows. */
  tr { break-inside: avoid; }
  h2 { break-after: avoid; }
  .signoff { break-inside: avoid; }
  .signoff td { height: 28px; }
  .signoff td.blank { border-bottom: 1px solid #1d2733; }
  /* Printed (report.pdf, the browser's print): a room's sheet fills one A4 landscape page, never two. */
  @media print {
    body { margin: 0; }
    .sheet { margin-top: 0; break-inside: avoid; }
    /* Each drawing at its own size in mm (its width and height), so that its stated scale holds on paper. */
    .sheet svg, .plan svg { display: block; margin: 0 auto; }
    /* A storey's plan with its heading, its note and the rooms it could not label: one page. */
    .plan h2 { margin-top: 0; }
    .plan p { margin: 2px 0 6px; }
  }
</style>
</head>
<body>
<h1>Daylight report</h1>
${projectBlock(r.project)}<p class="muted" data-stat="computed">${esc(r.file)} · computed ${esc(r.stamp)} by ${esc(LUX_SOFTWARE)}</p>
<h2>Inputs</h2>
<dl>
<dt>File</dt><dd>${esc(r.file)} (${esc(b.schema)})</dd>
<dt>Storeys</dt><dd>${esc(b.storeys.join(', ') || '–')}</dd>
<dt>Rooms (IfcSpace)</dt><dd>${r.results.length}, of which ${analysed.length} analysed</dd>
${b.origin && (b.origin[0] !== 0 || b.origin[1] !== 0) ? `<dt>Plan frame</dt><dd>the file's survey coordinates less (${b.origin[0].toLocaleString('en')}, ${b.origin[1].toLocaleString('en')}) m</dd>` : ''}
<dt>Terrain</dt><dd>the lowest room's floor, z = ${b.terrainZ.toFixed(2)} m in the file</dd>
<dt>True north</dt><dd>${northNotes(b.notes) ? esc(northNotes(b.notes)) : b.northFromFile ? `${northText(b.north)} clockwise from the plan's up (from the file)` : "not given by the file: the plan's up is taken as north"}</dd>
${vegetationLine(b.notes)}<dt>Obstruction</dt><dd>${r.triangles.toLocaleString('en')} triangles: the building's own walls, slabs, roofs and other elements${r.contexts?.length ? `, and the context files ${esc(r.contexts.join(', '))} (in the building's coordinates, on its terrain)` : '; no context files'}</dd>
<dt>Surfaces</dt><dd data-stat="surfaces">${esc(surfacesInput(b.rooms))}</dd>
<dt>Glazing</dt><dd data-stat="glazing-inputs">${esc(glazingInput(b.rooms))}</dd>
${r.weather && r.results.some((x) => x.climate) ? `<dt>Weather file</dt><dd data-stat="weather-file">${esc(weatherFileText(r.weather))}</dd>\n` : ''}<dt>Computation</dt><dd>${esc(r.method)}</dd>
<dt>Software</dt><dd data-stat="software">${esc(LUX_SOFTWARE)}</dd>
</dl>
<h2>Rooms</h2>
<table>
<thead><tr><th>Storey</th><th>Number</th><th>Name</th><th>Area m²</th><th>Glazing</th><th>Window / floor</th><th>Mean DF %</th><th>DF ≥ 1 %</th><th>BFS 2024:8</th><th>EN 17037 target DF</th><th>EN 17037 minimum target DF</th><th>Not analysed because</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
${apartmentsTable(r.apartments ?? [])}
${climateTable(r.results, r.weather)}
${proposalsTable(r.results)}
${unplaced}
${notes.length ? `<h2>Notes</h2><ul>${notes.map((n) => `<li>${esc(n)}</li>`).join('')}</ul>` : ''}
<h2>Method</h2>
<p>Daylight factor on the work plane ${WORK_PLANE_HEIGHT} m above the floor, under the CIE standard overcast sky, on a 0.1 m grid.
BFS 2024:8: DF ≥ ${T.bfsDf} % over at least ${T.bfsShare} % of the floor; in a room under a ceiling too low for the work plane
(an attic's eaves) every share is of its analysed plane, the floor where the ceiling is above the work plane, and its page says so
with both areas: whether the floor under a low slope counts is for the signer to decide, and the rule is not changed for it. EN 17037 (daylight-factor method): DF ≥ ${dfText(T.enTarget)} % over 50 % of the area (target; over 95 % in a room lit by rooflights alone)
and DF ≥ ${dfText(T.enMinimum)} % over 95 % (minimum target); ${enBasis(T)} Windows: their openings as the file's geometry gives them,
the frame ratio from the file's glass where it shows it; sky obstruction from every element that stands in the sky.</p>
<p>${esc(r.validation)}</p>
${signOff(r.project)}
${plans}
${sheets}
</body>
</html>
`;
}

/** What would make each failing room pass (issue 34), when the search was asked for. */
function proposalsTable(results: RoomResult[]): string {
  const asked = results.filter((x) => x.proposals);
  if (asked.length === 0) return '';
  const rule = {
    bfs: 'BFS 2024:8',
    'en-target': 'EN 17037 target DF',
    'en-minimum': 'EN 17037 minimum target DF',
  }[asked[0]!.proposals!.rule];
  const rows = asked
    .map(
      (x) =>
        `<tr><td>${esc(x.room.storey)}</td><td>${esc(x.room.number)}</td><td>${esc(x.room.name)}</td><td data-proposal>${esc(proposalText(x.proposals) ?? '')}</td></tr>`,
    )
    .join('\n');
  return `<h2>What would make it pass (${esc(rule)})</h2>
<p class="muted">For each room that fails: the change that adds the least glazing among a window wider within its wall,
its head higher, lighter surfaces, clearer glass or a second window on the longest wall without one, found on
a fast answer (the engine's draft on the command line and the server; the model's preview in the app, the
engine's draft for a room it cannot answer) and confirmed by the engine (at the building's quality; standard
in the app).</p>
<table>
<thead><tr><th>Storey</th><th>Number</th><th>Name</th><th>Cheapest change</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
}

/** The building's notes on its north, without their "North: " (its other notes have lines of their own). */
function northNotes(notes: readonly string[] | undefined): string {
  const north = (notes ?? []).filter((n) => n.startsWith('North: '));
  return north.map((n) => n.slice('North: '.length)).join(' ');
}

/** The building's note on its trees and planting (core/ifc/vegetation.ts), when the file has any. */
function vegetationLine(notes: readonly string[] | undefined): string {
  const v = notes?.find((n) => n.startsWith('Vegetation: '));
  if (!v) return '';
  return `<dt>Vegetation</dt><dd data-stat="vegetation">${esc(v.slice('Vegetation: '.length))}</dd>\n`;
}

/** The rooms' climate-based figures (a year of a weather file, issue 32), when they were computed. */
function climateTable(results: RoomResult[], file: WeatherFile | undefined): string {
  const withYear = results.filter((x) => x.climate);
  if (withYear.length === 0) return '';
  const loc = withYear[0]!.climate!.location;
  const rows = withYear
    .map((x) => {
      const c = x.climate!;
      const v = (id: string) => c.verdicts.find((k) => k.id === id);
      const cell = (id: string) => {
        const k = v(id);
        return k
          ? `<td class="${k.pass ? 'pass' : 'fail'}">${k.pass ? '✓ pass' : '✗ fail'}</td>`
          : '<td>–</td>';
      };
      return `<tr><td>${esc(x.room.storey)}</td><td>${esc(x.room.number)}</td><td>${esc(x.room.name)}</td><td class="n">${roundedDown(c.sda_blinds)} %</td><td class="n">${roundedDown(c.sda)} %</td><td class="n">${(Math.ceil(c.ase * 10) / 10).toFixed(1)} %</td><td class="n">${c.da_mean.toFixed(0)} %</td><td class="n">${udiWhole(c.udi).useful} %</td>${cell('leed-sda')}${cell('leed-ase')}<td>${esc(c.en17037.reached ?? 'not reached')}</td></tr>`;
    })
    .join('\n');
  return `<h2>A year of daylight (climate-based)</h2>
<p>Weather: ${file ? `the file ${esc(weatherFileText(file))}, ` : ''}${esc(loc.city)}${loc.country ? `, ${esc(loc.country)}` : ''} (${loc.latitude.toFixed(2)}°, ${loc.longitude.toFixed(2)}°).
Occupied hours 8:00–18:00 local standard time. sDA300/50% with LM-83's blinds (what LEED v4.1 asks) and with blinds open;
ASE1000,250h from the direct sun alone; DA300 as the room's mean; UDI 100–3000 lx; EN 17037's illuminance method
(300/100 lx for the minimum level over 50 %/95 % of the plane, half the daylight hours). The physics engine's daylight
coefficients under every hour's Perez sky, the sun traced for each hour (docs/climate.md).</p>
<table>
<thead><tr><th>Storey</th><th>Number</th><th>Name</th><th>sDA (blinds)</th><th>sDA (open)</th><th>ASE</th><th>DA mean</th><th>UDI</th><th>LEED sDA ≥ ${LEED_V41.sda[0]} %</th><th>LEED ASE ≤ ${LEED_V41.ase} %</th><th>EN 17037 illuminance</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
${leedTotal(withYear)}`;
}

/**
 * LEED v4.1's points are the regularly occupied floor's, area-weighted, not a room's: the rooms' rows
 * alone left a reviewer to add them up (before 2026-12-07). Over every room with a year, each weighted by
 * the plane its sDA is of; which rooms are regularly occupied is the signer's to choose.
 */
function leedTotal(withYear: RoomResult[]): string {
  const rooms = withYear.map((x) => ({
    area: x.summary ? analysedOf(x.summary) : x.room.area,
    sda: x.climate!.sda_blinds,
  }));
  const area = rooms.reduce((a, r) => a + r.area, 0);
  if (!(area > 0)) return '';
  const sda = rooms.reduce((a, r) => a + r.sda * r.area, 0) / area;
  const points = leedPoints(
    sda,
    rooms.map((r) => r.sda),
  );
  const [one, two, three] = LEED_V41.sda;
  const n = `${rooms.length} room${rooms.length === 1 ? '' : 's'}`;
  return `<p data-stat="leed-total">LEED v4.1 (EQ Daylight, option 1) over these ${n}, ${area.toFixed(2)} m²: sDA300/50% with blinds ${roundedDown(sda)} % area-weighted, ${points} point${points === 1 ? '' : 's'} (needs ${one} / ${two} / ${three} % for 1 / 2 / 3, one more where every room reaches ${two} %). LEED counts the regularly occupied spaces only: which these are is the signer's to say (a hallway is not one).</p>`;
}

function apartmentsTable(list: ApartmentTotal[]): string {
  if (list.length === 0) return '';
  const rows = list
    .map(
      (a) =>
        `<tr><td>${esc(a.name)}</td><td>${esc(a.rooms.join(', '))}</td><td>${esc(a.notCounted.join(', ') || '–')}</td><td class="n">${a.area.toFixed(2)}</td><td class="n">${partOf(a.compliant, a.area)}</td><td class="n">${roundedDown(a.share)} %</td>${a.unjudged.length > 0 ? `<td class="fail">not judged: ${esc(a.unjudged.join(', '))} not analysed</td>` : `<td class="${a.pass ? 'pass' : 'fail'}">${a.pass ? '✓ pass' : '✗ fail'}</td>`}</tr>`,
    )
    .join('\n');
  return `<h2>Apartments (BFS 2024:8)</h2>
<p>The floor area with DF ≥ 1 % of an apartment's analysed rooms, over their total floor area (needs 50 %). Rooms
without windows (bathrooms, halls) are not rooms for daily living and are not counted; an apartment with a room
that has windows but could not be analysed is not judged.</p>
<table>
<thead><tr><th>Apartment</th><th>Rooms counted</th><th>Not counted</th><th>Area m²</th><th>DF ≥ 1 % m²</th><th>Share</th><th>BFS 2024:8</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
}
