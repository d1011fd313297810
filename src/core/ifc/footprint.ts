import { signedArea } from '../geometry/polygon';
import type { Vec2 } from '../geometry/vec';
import { simplify, type FloorOutline } from './floorOutline';
import type { IfcSpaceData, IfcStorey } from './source';

/**
 * A space the file draws in plan only (a 2D footprint, no body: some exports of spaces as areas) as a room:
 * its footprint at the z the file places it, as high as its base quantities say (Height, else
 * FinishCeilingHeight), else as its storey is to the next one up (which includes the slab: a little high).
 */
export type FootprintFloor = { outline: FloorOutline; note: string } | { outline: null; problem: string };

/** Storeys closer than this are one level (m). */
const SAME_LEVEL = 0.01;

export function footprintFloor(s: IfcSpaceData, storeys: readonly IfcStorey[]): FootprintFloor | null {
  const fp = s.footprint;
  if (!fp) return null;
  let polygon: Vec2[] = simplify(fp.outline.map(([x, y]) => [x, y] as const));
  if (polygon.length < 3 || Math.abs(signedArea(polygon)) < 1e-6)
    return {
      outline: null,
      problem: 'It has only a 2D footprint, and the footprint is not a closed outline.',
    };
  if (signedArea(polygon) < 0) polygon = polygon.reverse();
  const height = footprintHeight(s, storeys);
  if (!height)
    return {
      outline: null,
      problem:
        'It has only a 2D footprint (no body), and the file gives no height for it: no Qto_SpaceBaseQuantities Height or FinishCeilingHeight, and no storey above its own.',
    };
  return {
    outline: {
      polygon,
      z: fp.z,
      top: fp.z + height.value,
      flatShare: 1,
      holeArea: 0,
      ceiling: { low: fp.z + height.value, topShare: 1, planes: null },
    },
    note: `It has only a 2D footprint in the file (no body): read as its footprint, ${height.value.toFixed(2)} m high (${height.from}).`,
  };
}

function footprintHeight(
  s: IfcSpaceData,
  storeys: readonly IfcStorey[],
): { value: number; from: string } | null {
  const h = s.heights;
  if (h?.height) return { value: h.height, from: "its base quantities' Height" };
  if (h?.finishCeilingHeight)
    return { value: h.finishCeilingHeight, from: "its base quantities' FinishCeilingHeight" };
  const own = storeys.find((t) => t.id === s.storey);
  if (own?.elevation === null || own?.elevation === undefined) return null;
  const above = storeys
    .flatMap((t) => (t.elevation !== null && t.elevation > own.elevation! + SAME_LEVEL ? [t] : []))
    .sort((a, b) => a.elevation! - b.elevation!)[0];
  if (!above) return null;
  return {
    value: above.elevation! - own.elevation,
    from: `storey to storey, ${own.name} to ${above.name}, slab included`,
  };
}
