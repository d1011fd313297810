import * as Comlink from 'comlink';
import { useState } from 'react';
import { usePrediction } from '../compute/predictor';
import { difference, roomMapFromResponse, type RoomMap } from '../compute/roomMap';
import { engineWorker } from '../compute/workers';
import { runBody } from '../scene/geometry';
import { useApp } from '../state/store';
import { useMapImage } from './useMapImage';
import { useSettings } from './settings';

let nextJob = 1;

/**
 * Verify (app.md §5): the physics engine on the same room, in its worker, with progress and cancel; then
 * the engine's map beside the model's, their difference (engine − model) and the MAE.
 */
export function VerifyPanel(): React.JSX.Element {
  const predicted = usePrediction((s) => s.map);
  const { palette, scaleMax } = useSettings();
  const [quality, setQuality] = useState<'draft' | 'standard'>('draft');
  const [job, setJob] = useState<number | null>(null);
  const [progress, setProgress] = useState(0);
  const [result, setResult] = useState<{ engine: RoomMap; diff: RoomMap; mae: number; seconds: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const engineImage = useMapImage(result?.engine ?? null, palette, scaleMax);
  const diffImage = useMapImage(result?.diff ?? null, palette, 2, true);

  const start = async (): Promise<void> => {
    const scene = useApp.getState().scene;
    const model = usePrediction.getState().map;
    const id = nextJob++;
    setJob(id);
    setProgress(0);
    setError(null);
    setResult(null);
    const t0 = performance.now();
    const answer = await engineWorker().simulate(
      id,
      { ...runBody(scene), quality },
      Comlink.proxy((f: number) => setProgress(f)),
    );
    setJob(null);
    if (!answer.ok) {
      if (answer.error.type !== 'cancelled') setError(answer.error.message);
      return;
    }
    const engine = roomMapFromResponse(answer.response);
    if (!model || model.rows !== engine.rows || model.cols !== engine.cols) {
      setError('The room changed while the engine ran: verify again.');
      return;
    }
    const d = difference(engine, model);
    setResult({ engine, diff: d.map, mae: d.mae, seconds: (performance.now() - t0) / 1000 });
  };

  return (
    <section aria-labelledby="ver-h">
      <h2 id="ver-h">Verify with the engine</h2>
      <label className="field">
        <span>Quality</span>
        <select value={quality} onChange={(e) => setQuality(e.target.value as 'draft' | 'standard')}>
          <option value="draft">draft (faster)</option>
          <option value="standard">standard</option>
        </select>
      </label>
      {job === null ? (
        <button type="button" onClick={() => void start()} disabled={!predicted} data-testid="verify">
          Verify
        </button>
      ) : (
        <div className="progress">
          <progress value={progress} max={1} aria-label="Engine progress" data-testid="verify-progress" />
          <button type="button" onClick={() => void engineWorker().cancel(job)} data-testid="verify-cancel">
            Cancel
          </button>
        </div>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {result && (
        <div data-testid="verify-result">
          <p>
            Engine vs model: MAE <strong data-testid="verify-mae">{result.mae.toFixed(3)}</strong> DF points (engine{' '}
            {result.seconds.toFixed(1)} s).
          </p>
          <div className="pair">
            <figure>
              <img src={engineImage!} alt="The engine's DF map" data-testid="engine-map" />
              <figcaption>Engine</figcaption>
            </figure>
            <figure>
              <img src={diffImage!} alt="Engine minus model, blue lower, orange higher" data-testid="diff-map" />
              <figcaption>Engine − model (±2)</figcaption>
            </figure>
          </div>
        </div>
      )}
    </section>
  );
}
