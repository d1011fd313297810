import { colour } from '../compute/palette';
import { gridCsv, runJson } from '../compute/exports';
import { answerResponse } from '../../core/api/roomResponse';
import { shownAnswer, useShown, type Shown } from '../compute/answerStore';
import { apiWorker } from '../compute/workers';
import { runBody } from '../scene/geometry';
import { mapCanvas } from './useMapImage';
import { useSettings } from './settings';

function download(name: string, data: Blob): void {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(data);
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

/** Which answer an export carries, in words and as a file-name part. */
export function answerLabel(s: Shown): { text: string; file: string } {
  const m = s.answer.method;
  return m.kind === 'engine'
    ? { text: `Engine (physics, ${m.quality} quality)`, file: `engine-${m.quality}` }
    : { text: `Model preview (${m.name} ${m.version})`, file: 'model' };
}

/** The map at 8 px per cell with its legend underneath and the answer it shows. */
function pngWithLegend(): Promise<Blob> {
  const shown = shownAnswer()!;
  const { palette, scaleMax } = useSettings.getState();
  const src = mapCanvas(shown.answer, palette, scaleMax);
  const k = 8,
    pad = 16,
    legend = 62;
  const c = document.createElement('canvas');
  c.width = Math.max(src.width * k, 320) + 2 * pad;
  c.height = src.height * k + legend + 2 * pad;
  const g = c.getContext('2d')!;
  g.fillStyle = '#fff';
  g.fillRect(0, 0, c.width, c.height);
  g.imageSmoothingEnabled = false;
  g.drawImage(src, pad, pad, src.width * k, src.height * k);
  const y = pad + src.height * k + 10,
    w = c.width - 2 * pad;
  for (let i = 0; i < w; i++) {
    const [r, gg, b] = colour(palette, (i / w) * scaleMax, scaleMax);
    g.fillStyle = `rgb(${r},${gg},${b})`;
    g.fillRect(pad + i, y, 1, 12);
  }
  g.fillStyle = '#1d2733';
  g.font = '12px sans-serif';
  for (let t = 0; t <= 5; t++)
    g.fillText(`${((t / 5) * scaleMax).toFixed(0)}${t === 5 ? '+' : ''}`, pad + (t / 5) * (w - 14), y + 26);
  g.fillText(`Daylight factor (%): ${answerLabel(shown).text}`, pad, y + 40);
  return new Promise((resolve) => c.toBlob((b) => resolve(b!), 'image/png'));
}

/** Exports (app.md §9): PNG with legend, CSV of the grid, JSON of request and response, the /encode ZIP. */
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
          onClick={() => void pngWithLegend().then((b) => download(`lux-df-${kind}.png`, b))}
        >
          Map image (PNG)
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
              new Blob([runJson(runBody(shown!.scene), answerResponse(shown!.answer, 'json'))], {
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
            const a = await apiWorker().run('encode', runBody(shown!.scene));
            if (a.ok && a.result.kind === 'file')
              download(
                a.result.filename,
                new Blob([a.result.bytes as Uint8Array<ArrayBuffer>], { type: a.result.contentType }),
              );
          }}
        >
          Model input (ZIP)
        </button>
      </div>
    </section>
  );
}
