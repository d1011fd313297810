import { interreflectionText } from '../../core/report/engineMethod';
import { gridCsv, runJson } from '../compute/exports';
import { answerResponse } from '../../core/api/roomResponse';
import { useShown, type Shown } from '../compute/answerStore';
import { withAngles } from '../compute/surroundings';
import { apiWorker } from '../compute/workers';
import { runBody, simulateBody } from '../scene/geometry';
import { sheetPng } from '../compute/sheet';
import { makePage, pageInputsNow } from './reportPage';
import { download } from './download';
import { setProject, useProject } from '../compute/project';
import { PROJECT_FIELD_MAX, type ProjectInfo } from '../../core/report/project';

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

/** The report page as the PNG export holds it: made from the inputs of this moment (reportPage.ts). */
function reportPng(): Promise<Blob> {
  return sheetPng(makePage(pageInputsNow()).svg!);
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
