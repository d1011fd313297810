import { VEGETATION_MODES, type VegetationMode } from '../../core/ifc/vegetation';
import { setVegetation } from '../compute/building/vegetation';
import { useBuilding } from '../compute/building/store';

const LABEL: Record<VegetationMode, string> = {
  opaque: 'Stand as opaque surfaces (as walls do)',
  ignore: 'Leave out (the sky through them)',
};

/**
 * What the building's trees and planting do (core/ifc/vegetation.ts; docs/ifc.md, "Vegetation"): the
 * command line's --vegetation. Kept for the next file; with a building open it says how many the file has,
 * since a setting that changes nothing should say so.
 */
export function VegetationSetting(): React.JSX.Element {
  const mode = useBuilding((s) => s.vegetation);
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
      <p className="hint" id="ifc-vegetation-found" data-testid="ifc-vegetation-found">
        {found === null
          ? 'Revit’s RPC trees and other planting (by name, or IFC4’s IfcGeographicElement) stand in the sky as walls unless left out.'
          : found === 0
            ? 'The file has no trees or planting.'
            : `The file has ${found} ${found === 1 ? 'tree or plant' : 'trees or plants'}: ${mode === 'opaque' ? 'standing as opaque surfaces' : 'left out'}.`}
      </p>
    </div>
  );
}
