import { sceneOfIfcRoom } from '../../scene/fromIfc';
import type { Scene } from '../../scene/scene';
import { normalise } from '../../state/store';
import type { BuildingState } from './store';

/**
 * The building room the editor's scene was opened from, while that building is open: its index, whether
 * the scene differs from it now (an edit not yet kept), whether its volume does (`reshaped`: its outline,
 * floor, height, sloped ceiling or skylights, which the building's own walls and roofs in its mesh would
 * not follow; its windows, glass and surfaces may change in them), and whether its surroundings are still
 * the building's (not the open sky, typed angles or another mesh chosen in the Surroundings panel, which the
 * building does not keep). Null for a room drawn here, or from another file.
 */
export function editedRoom(
  scene: Scene,
  s: BuildingState,
): { index: number; changed: boolean; reshaped: boolean; buildingAround: boolean } | null {
  const from = scene.ifcRoom;
  const room = from && s.file === from.file ? s.building?.rooms[from.index] : undefined;
  if (!from || !room || room.problem) return null;
  const asKept = normalise(
    sceneOfIfcRoom(room, s.building!.north, from.file, s.triangles, from, s.building!.crowns),
  );
  const [now, kept] = [scene.surroundings, asKept.surroundings];
  const buildingAround =
    now.kind === 'mesh' &&
    kept.kind === 'mesh' &&
    now.meshId === undefined &&
    // The name, not the triangles' count: trees left out or a context file added change the building's
    // surroundings, and the room is then computed among them as they are.
    now.name === kept.name;
  return {
    index: from.index,
    changed: roomKey(asKept) !== roomKey(scene),
    reshaped: volumeKey(asKept) !== volumeKey(scene),
    buildingAround,
  };
}

const mm = (v: number): number => Math.round(v * 1000);

/**
 * What of a scene the building's own walls and roofs stand around, to the millimetre. A window moved,
 * widened or added in them is not part of it: its rays leave from its outer face, in the plane of its
 * wall's outer face, so the wall's triangles in the mesh do not stand in its way (duplex A103's widened
 * window gained +40 % among the mesh as on its angles).
 */
function volumeKey(s: Scene): string {
  return JSON.stringify([
    s.outline.map((p) => p.map(mm)),
    mm(s.floorZ),
    mm(s.height),
    (s.skylights ?? []).map((k) => [k.id, k.polygon.map((p) => p.map(mm))]),
    (s.ceilingPlanes ?? []).map((p) => p.map(mm)),
  ]);
}

/** What of a scene the building keeps, to the millimetre: geometry, windows, skylights, materials. */
function roomKey(s: Scene): string {
  return JSON.stringify([
    s.outline.map((p) => p.map(mm)),
    mm(s.floorZ),
    mm(s.height),
    s.windows.map((w) => [
      w.id,
      w.edge,
      mm(w.offset),
      mm(w.width),
      mm(w.sill),
      mm(w.head),
      mm(w.frame * 1000),
      mm(w.thickness),
      w.glass ?? null,
    ]),
    (s.skylights ?? []).map((k) => [k.id, k.polygon.map((p) => p.map(mm)), mm(k.frame * 1000)]),
    (s.ceilingPlanes ?? []).map((p) => p.map(mm)),
    s.modelType,
    s.modelType === 'df_custom' ? s.materials : null,
  ]);
}
