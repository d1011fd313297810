import { DEFAULT_REFLECTANCES } from '../../core/types';
import { useApp } from '../state/store';
import { NumberField } from './NumberField';
import { asPercent, REFLECTANCE_FIELDS, shownReflectances, withReflectance } from './reflectances';

/**
 * Model type and reflectances (app.md §7): df_default uses the defaults, df_custom these values. The fields
 * show what the map is computed with, in %; a value typed under default materials makes them custom.
 */
export function MaterialsPanel(): React.JSX.Element {
  const scene = useApp((s) => s.scene);
  const edit = useApp((s) => s.edit);
  const custom = scene.modelType === 'df_custom';
  const shown = shownReflectances(scene);
  return (
    <section aria-labelledby="mat-h">
      <h2 id="mat-h">Materials</h2>
      <label className="field">
        <span>Materials</span>
        <select
          data-testid="model-type"
          value={scene.modelType}
          onChange={(e) => edit((s) => ({ ...s, modelType: e.target.value as 'df_default' | 'df_custom' }))}
        >
          <option value="df_default">Default materials</option>
          <option value="df_custom">Custom materials (the values below)</option>
        </select>
      </label>
      {!custom && <p className="hint">A value typed below makes the materials custom.</p>}
      {REFLECTANCE_FIELDS.map(({ key, label, min, max }) => (
        <NumberField
          key={key}
          label={`${label} reflectance${custom ? ` (default ${asPercent(DEFAULT_REFLECTANCES[key])} %)` : ''}`}
          unit="%"
          value={asPercent(shown[key])}
          min={min}
          max={max}
          step={1}
          onCommit={(v) => edit((s) => withReflectance(s, key, v))}
          testId={key}
        />
      ))}
    </section>
  );
}
