import { climateSummaryFor, useClimate } from '../compute/climate';
import { useEffect, useState } from 'react';
import { interreflectionText } from '../../core/report/engineMethod';
import { gridCsv, runJson } from '../compute/exports';
import { answerResponse } from '../../core/api/roomResponse';
import { shownAnswer, useShown, type Shown } from '../compute/answerStore';
import { withAngles } from '../compute/surroundings';
import { apiWorker } from '../compute/workers';
import { runBody, simulateBody } from '../scene/geometry';
import { reportScene, sheetOf, sheetPng } from '../compute/sheet';
import { download } from './download';
import { useSettings } from './settings';
import { setProject, useProject } from '../compute/project';
import { PROJECT_FIELD_MAX, reportDay, type ProjectInfo } from '../../core/report/project';
import { useApp } from '../state/store';
import type { Scene } from '../scene/scene';
import type { PaletteName } from '../../core/report/palette';

/** The request that gives the answer on screen: /simulate's (quality, bounce limit) for the engine's. */
function requestOf(s: Shown): object {
  const m = s.answer.method;
  return m.kind === 'engine' ? simulateBody(s.scene, m.quality) : runBody(s.scene);
}

/** Which answer an export carries, in words and as a file-name part. */
export function answerLabel(s: Shown): { text: string; file: string } {
  const m = s.answer.method;
  return m.kind === 'engine'
    ? {
        text: `Engine (physics, ${m.quality} quality, ${interreflectionText(m.ambientBounces)})`,
        file: `engine-${m.quality}${m.ambientBounces === null ? '' : `-ab${m.ambientBounces}`}`,
      }
    : { text: `Model preview (${m.name} ${m.version})`, file: 'model' };
}

/**
 * The report page of the answer on screen, stamped with today's date: its name, north and verdicts' thresholds
 * as set now (reportScene: the map does not change with them), its year when one was computed for the room
 * as it is now (a year computed before north was turned is another orientation's, and stays off the page).
 */
function currentSheet(shown: Shown, palette: PaletteName, scaleMax: number, now: Scene): string {
  const scene = reportScene(shown.scene, now);
  return sheetOf({ ...shown, scene }, palette, scaleMax, reportDay(new Date()), climateSummaryFor(scene));
}

/** The report page as the PNG export holds it. */
function reportPng(): Promise<Blob> {
  const { palette, scaleMax } = useSettings.getState();
  return sheetPng(currentSheet(shownAnswer()!, palette, scaleMax, useApp.getState().scene));
}

/**
 * Exports (app.md §9): the report page as PNG (plan, map, north, scale, legend, statistics, verdicts,
 * inputs, source) and for print, CSV of the grid, JSON of request and response, the /encode ZIP.
 */
export function ExportPanel(): React.JSX.Element {
  const shown = useShown();
  const disabled = !shown;
  const kind = shown ? answerLabel(shown).file : '';
  return (
    <section aria-labelledby="exp-h">
      <h2 id="exp-h">Export</h2>
      <div className="buttons">
        <button
          type="button"
          disabled={disabled}
          data-testid="export-png"
          onClick={() => void reportPng().then((b) => download(`lux-df-${kind}.png`, b))}
        >
          Map image (PNG)
        </button>
        <button type="button" disabled={disabled} data-testid="print" onClick={() => window.print()}>
          Print…
        </button>
        <button
          type="button"
          disabled={disabled}
          data-testid="export-csv"
          onClick={() =>
            download(`lux-df-${kind}.csv`, new Blob([gridCsv(shown!.answer)], { type: 'text/csv' }))
          }
        >
          Cell values (CSV)
        </button>
        <button
          type="button"
          disabled={disabled}
          data-testid="export-json"
          onClick={() =>
            download(
              `lux-${kind}.json`,
              new Blob([runJson(requestOf(shown!), answerResponse(shown!.answer, 'json'))], {
                type: 'application/json',
              }),
            )
          }
        >
          Request and result (JSON)
        </button>
        <button
          type="button"
          disabled={disabled}
          data-testid="export-zip"
          onClick={async () => {
            // The model's images from the angles alone: measured from the mesh for the shown room now.
            const scene = await withAngles(shown!.scene);
            const a = await apiWorker().run('encode', runBody(scene, { withMesh: false }));
            if (a.ok && a.result.kind === 'file')
              download(
                a.result.filename,
                new Blob([a.result.bytes as Uint8Array<ArrayBuffer>], { type: a.result.contentType }),
              );
          }}
        >
          The model’s input images (ZIP, as /encode gives them)
        </button>
      </div>
      <ProjectFields />
    </section>
  );
}

const PROJECT_FIELDS: [keyof ProjectInfo, string, string][] = [
  ['name', 'Project', 'Kv. Lärkan, new housing'],
  ['site', 'Address or site', 'Storgatan 1, Uppsala'],
  ['author', 'Prepared by', 'Name, office'],
  ['stage', 'Design stage', 'Building permit'],
  ['date', 'Date of the design', '2026-11-20'],
];

/**
 * What the report states of the project (issue 34), entered once: kept on this device, carried by share
 * links, on every room page and on the building's report.
 */
function ProjectFields(): React.JSX.Element {
  const project = useProject();
  return (
    <fieldset className="project" data-testid="project">
      <legend>On the report</legend>
      {PROJECT_FIELDS.map(([key, label, example]) => (
        <label key={key}>
          {label}
          <input
            type="text"
            value={project[key]}
            maxLength={PROJECT_FIELD_MAX}
            placeholder={example}
            data-testid={`project-${key}`}
            onChange={(e) => setProject({ [key]: e.target.value })}
          />
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The report page of the answer on screen, shown only when printing (styles.css @media print): Print…
 * and the browser's own print both give it.
 */
export function PrintSheet(): React.JSX.Element | null {
  const shown = useShown();
  const { palette, scaleMax } = useSettings();
  const project = useProject();
  // A year computed for the room joins its page (climateSummaryFor checks it is this room's).
  const year = useClimate((s) => s.result);
  // The scene as it is now: its name, north and thresholds go on the page (reportScene), the map does not
  // change with them.
  const now = useApp((s) => s.scene);
  // Built once the answer has stood still for a moment, not on every preview of a drag: the page (a PNG
  // of the map, the SVG) costs the page's thread a few to tens of milliseconds each time.
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    setSvg(null);
    if (!shown) return;
    const t = setTimeout(() => setSvg(currentSheet(shown, palette, scaleMax, now)), 500);
    return () => clearTimeout(t);
  }, [shown, palette, scaleMax, year, project, now]);
  if (!svg) return null;
  return <div className="print-sheet" data-testid="print-sheet" dangerouslySetInnerHTML={{ __html: svg }} />;
}
