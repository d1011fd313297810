import { VEGETATION_MODES, type VegetationMode } from '../../core/ifc/vegetation';
import { NumberField } from './NumberField';
import { setVegetation } from '../compute/building/vegetation';
import { useBuilding } from '../compute/building/store';

const LABEL: Record<VegetationMode, string> = {
  opaque: 'Stand as opaque surfaces (as walls do)',
  ignore: 'Leave out (the sky through them)',
  translucent: 'Crowns that let light through',
};

const pct = (t: number): string => `${Math.round(t * 100)} %`;

const standing = (mode: VegetationMode, transmittance: number): string =>
  mode === 'opaque'
    ? 'standing as opaque surfaces'
    : mode === 'ignore'
      ? 'left out'
      : `standing as crowns that let ${pct(transmittance)} of the light through, computed by the engine`;

/**
 * What the building's trees and planting do (core/ifc/vegetation.ts; docs/ifc.md, "Vegetation"): the
 * command line's --vegetation. Kept for the next file; with a building open it says how many the file has,
 * since a setting that changes nothing should say so.
 */
export function VegetationSetting(): React.JSX.Element {
  const mode = useBuilding((s) => s.vegetation);
  const transmittance = useBuilding((s) => s.crownTransmittance);
  const found = useBuilding((s) => s.building?.vegetation?.elements.length ?? null);
  const busy = useBuilding((s) => s.phase === 'reading');
  return (
    <div className="vegetation-setting">
      <label>
        Trees and planting in the file{' '}
        <select
          value={mode}
          disabled={busy}
          aria-describedby="ifc-vegetation-found"
          onChange={(e) => void setVegetation(e.target.value as VegetationMode)}
          data-testid="ifc-vegetation"
        >
          {VEGETATION_MODES.map((m) => (
            <option key={m} value={m}>
              {LABEL[m]}
            </option>
          ))}
        </select>
      </label>
      {mode === 'translucent' && (
        <>
          <NumberField
            label="Crowns let through"
            unit="%"
            value={Math.round(transmittance * 100)}
            min={0}
            max={100}
            step={5}
            onCommit={(v) => void setVegetation('translucent', v / 100)}
            testId="ifc-crown-transmittance"
          />
          {/* Tregenza and Sharples' eleven mature species (core/ifc/vegetation.ts). */}
          <p className="hint">Mature trees let 11–27 % through in leaf, 30–54 % bare.</p>
        </>
      )}
      <p className="hint" id="ifc-vegetation-found" data-testid="ifc-vegetation-found">
        {found === null
          ? 'Revit’s RPC trees and other planting (by name, or IFC4’s IfcGeographicElement) stand in the sky as walls unless left out.'
          : found === 0
            ? 'The file has no trees or planting.'
            : `The file has ${found} ${found === 1 ? 'tree or plant' : 'trees or plants'}: ${standing(mode, transmittance)}.`}
      </p>
    </div>
  );
}
