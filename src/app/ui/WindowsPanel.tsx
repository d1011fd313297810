import { formatBearing } from '../../core/geometry/bearing';
import { edgeDirection, edgeFrame } from '../scene/geometry';
import { useApp } from '../state/store';
import type { SceneWindow } from '../scene/scene';
import { NumberField } from './NumberField';

/** Every window's dimensions (app.md §2), the selected one first. */
export function WindowsPanel(): React.JSX.Element {
  const scene = useApp((s) => s.scene);
  const selected = useApp((s) => s.selectedWindow);
  const edit = useApp((s) => s.edit);
  const select = useApp((s) => s.select);
  const set = (id: string, patch: Partial<SceneWindow>): void =>
    edit((s) => ({ ...s, windows: s.windows.map((w) => (w.id === id ? { ...w, ...patch } : w)) }));
  return (
    <section aria-labelledby="win-h">
      <h2 id="win-h" tabIndex={-1}>
        Windows
      </h2>
      {scene.windows.length === 0 && (
        <p className="hint">Choose “Add window” and click a wall in the plan.</p>
      )}
      {scene.windows.map((w) => (
        <fieldset
          key={w.id}
          className={w.id === selected ? 'selected' : ''}
          onFocus={() => select(w.id)}
          data-testid={`window-${w.id}`}
        >
          <legend>
            {w.id} · wall {w.edge + 1} ({edgeFrame(scene.outline, w.edge).length.toFixed(2)} m) · faces{' '}
            <span data-testid={`${w.id}-faces`}>
              {formatBearing(edgeDirection(scene, w.edge), scene.north ?? 0)}
            </span>
          </legend>
          <NumberField
            label="Centre along wall"
            unit="m"
            value={Number(w.offset.toFixed(3))}
            onCommit={(v) => set(w.id, { offset: v })}
            testId={`${w.id}-offset`}
          />
          <NumberField
            label="Width"
            unit="m"
            value={w.width}
            min={0.1}
            max={100}
            onCommit={(v) => set(w.id, { width: v })}
            testId={`${w.id}-width`}
          />
          {w.width >= edgeFrame(scene.outline, w.edge).length - 1e-9 && (
            // A width typed beyond the wall is cut to it (the window stays on its wall): said, not silent.
            <p className="hint" data-testid={`${w.id}-fills-wall`}>
              {w.id} spans its whole wall ({w.width.toFixed(2)} m): a wider window does not fit it.
            </p>
          )}
          <NumberField
            label="Sill"
            unit="m"
            value={w.sill}
            min={-0.15}
            max={scene.height}
            onCommit={(v) => set(w.id, { sill: v })}
            testId={`${w.id}-sill`}
          />
          <NumberField
            label="Head"
            unit="m"
            value={w.head}
            min={0}
            max={scene.height + 0.15}
            onCommit={(v) => set(w.id, { head: v })}
            testId={`${w.id}-head`}
          />
          <NumberField
            label="Frame (opaque share of the opening)"
            unit="%"
            value={+(w.frame * 100).toFixed(1)}
            min={0}
            max={100}
            step={1}
            onCommit={(v) => set(w.id, { frame: v / 100 })}
            testId={`${w.id}-frame`}
          />
          <NumberField
            label="Glass light transmittance"
            unit="%"
            value={Math.round((w.glass ?? 0.7) * 100)}
            min={40}
            max={90}
            step={1}
            onCommit={(v) => set(w.id, { glass: v / 100 })}
            testId={`${w.id}-glass`}
          />
          <NumberField
            label="Wall thickness"
            unit="m"
            value={w.thickness}
            min={0}
            max={2}
            onCommit={(v) => set(w.id, { thickness: v })}
            testId={`${w.id}-thickness`}
          />
          <button
            type="button"
            onClick={() => {
              edit((s) => ({ ...s, windows: s.windows.filter((x) => x.id !== w.id) }));
              // The button goes with its window: the focus stays in the panel, not at the page's top.
              document.getElementById('win-h')?.focus();
            }}
          >
            Remove {w.id}
          </button>
        </fieldset>
      ))}
    </section>
  );
}
