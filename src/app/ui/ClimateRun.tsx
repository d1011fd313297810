import { useEffect, useRef } from 'react';
import {
  cancelClimate,
  climateOutdated,
  climateRunOutdated,
  runClimate,
  useClimate,
} from '../compute/climate';
import { climatePercent, climateStatusText } from '../compute/climateText';
import { useApp } from '../state/store';

/**
 * The Climate panel's year in the room: Run and Cancel, the line saying what runs or stopped it (a live
 * region, in the page before any weather file, since one inserted with its first words is not read) and
 * the progress bar.
 */
export function ClimateRun(): React.JSX.Element {
  const c = useClimate();
  const scene = useApp((s) => s.scene);
  const outdated = climateOutdated(c, scene);
  const runOutdated = climateRunOutdated(c, scene);
  // Run is never `disabled` (that drops the focus on it) and Cancel goes with the run: the focus on it is
  // given to Run, where the keyboard would run the year again, rather than fall to the top of the page.
  const busy = c.phase === 'running' && !runOutdated;
  const runButton = useRef<HTMLButtonElement>(null);
  const onCancel = useRef(false);
  useEffect(() => {
    if (c.phase === 'running' || !onCancel.current) return;
    onCancel.current = false;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (lost) runButton.current?.focus();
  }, [c.phase]);
  return (
    <>
      {c.weather && (
        <div className="row">
          <button
            type="button"
            ref={runButton}
            onClick={() => !busy && void runClimate()}
            aria-disabled={busy}
            data-testid="climate-run"
          >
            {c.result ? 'Run the year again' : 'Run the year'}
          </button>
          {c.phase === 'running' && (
            <button
              type="button"
              onClick={() => {
                cancelClimate();
                runButton.current?.focus();
              }}
              onFocus={() => (onCancel.current = true)}
              // Focus taken elsewhere; a blur as the button is removed has no target.
              onBlur={(e) => e.relatedTarget && (onCancel.current = false)}
              data-testid="climate-cancel"
            >
              Cancel
            </button>
          )}
        </div>
      )}
      <p
        role="status"
        data-testid="climate-status"
        data-phase={c.phase}
        data-outdated={outdated}
        data-run-outdated={runOutdated}
        data-estimate={c.result?.estimate ?? false}
      >
        {c.weather ? climateStatusText(c, outdated, runOutdated) : ''}
      </p>
      {/* The bar and its figure follow every percent; the line above, read aloud, does not. */}
      {c.phase === 'running' && (
        <p>
          <progress
            value={c.progress}
            max={1}
            aria-label="The year in the room"
            data-testid="climate-progress"
          />{' '}
          <span aria-hidden="true" data-testid="climate-percent">
            {climatePercent(c.progress)}
          </span>
        </p>
      )}
    </>
  );
}
