import { DEFAULT_REFLECTANCES, type Reflectances } from '../../core/types';
import { useApp } from '../state/store';
import { NumberField } from './NumberField';

const FIELDS: [keyof Reflectances, string, number, number][] = [
  ['ceiling_reflectance', 'Ceiling', 0.5, 0.9],
  ['vertical_reflectance', 'Walls', 0.3, 0.9],
  ['horizontal_reflectance', 'Floor', 0.05, 0.6],
  ['facade_reflectance', 'Facades outside', 0.1, 0.6],
  ['terrain_reflectance', 'Terrain', 0.05, 0.4],
];

/** Model type and reflectances (app.md §7): df_default uses the defaults, df_custom these values. */
export function MaterialsPanel(): React.JSX.Element {
  const scene = useApp((s) => s.scene);
  const edit = useApp((s) => s.edit);
  const custom = scene.modelType === 'df_custom';
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
      {FIELDS.map(([k, label, min, max]) => (
        <NumberField
          key={k}
          label={`${label} reflectance${custom ? '' : ` (default ${DEFAULT_REFLECTANCES[k]})`}`}
          value={scene.materials[k]}
          min={min}
          max={max}
          step={0.01}
          onCommit={(v) => edit((s) => ({ ...s, materials: { ...s.materials, [k]: v } }))}
          testId={k}
        />
      ))}
    </section>
  );
}
