import { useMemo, useRef } from 'react';
import { useAnswer, useShown } from '../compute/answerStore';
import { difference } from '../compute/roomMap';
import { cancelEngine, settleNow } from '../compute/settle';
import { useMapImage } from './useMapImage';
import { DifferenceLegend } from './Legend';
import { useSettings } from './settings';
import { useApp } from '../state/store';
import { NumberField } from './NumberField';
import { useFocusKeeper } from './useFocusKeeper';

/** The difference map's scale: ± this many DF points, the ends of the diverging colours. */
const DIFF_MAX = 2;

/**
 * Model vs engine (app.md §5): the engine now runs by itself once the scene is still (settle.ts); this
 * panel shows its progress with a Cancel, and once its map has replaced the model's preview, both side by
 * side with their difference (engine − model) and the MAE. After a Cancel, one click runs it again.
 * The engine counts every reflection by default; a study made with a bounce limit (Radiance's -ab) is
 * reproduced by setting one here, which the scene keeps (undo, share links) and every method line states.
 */
export function VerifyPanel(): React.JSX.Element {
  const shown = useShown();
  const engine = useAnswer((s) => s.engine);
  const { palette, scaleMax } = useSettings();
  const comparison = useMemo(() => {
    if (!shown || shown.answer.method.kind !== 'engine' || !shown.preview) return null;
    const p = shown.preview;
    if (p.rows !== shown.answer.rows || p.cols !== shown.answer.cols) return null;
    return { preview: p, ...difference(shown.answer, p) };
  }, [shown]);
  const previewImage = useMapImage(comparison?.preview ?? null, palette, scaleMax);
  const diffImage = useMapImage(comparison?.map ?? null, palette, DIFF_MAX, true);
  // Cancel and Run the engine replace each other, and Cancel goes when a run ends: the focus on one goes
  // to the other, or to the panel's heading, not to the page's top.
  const box = useRef<HTMLElement>(null);
  useFocusKeeper(
    box,
    engine.phase,
    () =>
      box.current?.querySelector<HTMLElement>('[data-testid="verify"], [data-testid="verify-cancel"]') ??
      box.current?.querySelector<HTMLElement>('h2'),
  );

  return (
    <section aria-labelledby="ver-h" ref={box}>
      <h2 id="ver-h" tabIndex={-1}>
        Model vs engine
      </h2>
      {engine.phase === 'running' ? (
        <div className="progress">
          <progress
            value={engine.progress}
            max={1}
            aria-label="Engine progress"
            data-testid="verify-progress"
          />
          <button type="button" onClick={() => cancelEngine(true)} data-testid="verify-cancel">
            Cancel
          </button>
        </div>
      ) : (
        (engine.phase === 'cancelled' || engine.phase === 'error') && (
          <button type="button" onClick={settleNow} disabled={!shown} data-testid="verify">
            Run the engine
          </button>
        )
      )}
      {engine.phase === 'waiting' && <p className="hint">The engine starts when you pause editing.</p>}
      <BounceLimit />
      {comparison && (
        <div data-testid="verify-result">
          <p>
            The engine's map replaced the model's preview. Mean absolute difference{' '}
            <strong data-testid="verify-mae">{comparison.mae.toFixed(3)}</strong> percentage points of
            daylight factor.
          </p>
          {/* One above the other, each the panel's width: readable maps, not thumbnails. */}
          <div className="pair">
            <figure>
              <img src={previewImage!} alt="The model's preview map" data-testid="preview-map" />
              <figcaption data-testid="preview-model">
                Model preview
                {comparison.preview.method.kind === 'model' &&
                  ` (${comparison.preview.method.name} ${comparison.preview.method.version})`}
              </figcaption>
            </figure>
            <figure>
              <img
                src={diffImage!}
                alt="Engine minus model, blue lower, orange higher"
                data-testid="diff-map"
              />
              <DifferenceLegend max={DIFF_MAX} />
            </figure>
          </div>
        </div>
      )}
    </section>
  );
}

/** Radiance's -ab for the engine, or every reflection counted (the default). */
const STUDY_BOUNCES = 7;

function BounceLimit(): React.JSX.Element {
  const bounces = useApp((s) => s.scene.ambientBounces);
  const edit = useApp((s) => s.edit);
  const setBounces = (v: number | undefined) =>
    edit((s) => {
      const { ambientBounces: _, ...rest } = s;
      return v === undefined ? rest : { ...rest, ambientBounces: v };
    });
  return (
    <div className="bounces">
      <label>
        <input
          type="checkbox"
          checked={bounces !== undefined}
          onChange={(e) => setBounces(e.target.checked ? STUDY_BOUNCES : undefined)}
          data-testid="bounce-limit"
        />
        Limit the reflections as a study prescribes (Radiance -ab)
      </label>
      {bounces !== undefined && (
        <NumberField
          label="Ambient bounces"
          value={bounces}
          min={1}
          max={1000}
          step={1}
          onCommit={(v) => setBounces(Math.round(v))}
          testId="ambient-bounces"
        />
      )}
      <p className="hint" data-testid="bounce-hint">
        {bounces === undefined
          ? 'The engine counts every reflection inside the room: the converged daylight factor.'
          : bounces === 1
            ? "The engine counts no reflection inside the room, as Radiance's -ab 1."
            : `The engine counts light reflected at most ${bounces - 1} time${bounces === 2 ? '' : 's'} inside the room, as Radiance's -ab ${bounces}; further reflections add light, most in bright rooms.`}
      </p>
    </div>
  );
}
