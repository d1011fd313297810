import { ifcRoomOfScene, sceneOfIfcRoom } from '../../scene/fromIfc';
import type { Scene } from '../../scene/scene';
import { normalise, useApp } from '../../state/store';
import { meshWorker } from '../workers';
import { analyse } from './analyse';
import { cancelBuilding, readingFile, startRun } from './run';
import { useBuilding, type BuildingState } from './store';

/** Opens room `i` of the building in the editor (one undo step back to the scene before). */
export function openRoom(i: number): void {
  const s = useBuilding.getState();
  const room = s.building?.rooms[i];
  if (!room || room.problem) return;
  const file = s.file ?? 'IFC';
  useApp.getState().replaceScene({
    ...sceneOfIfcRoom(room, s.building!.north, file, s.triangles, { file, index: i }),
    // Judged as its row is: by the site's EN 17037 factors (setSiteFactors), not the editor's defaults.
    thresholds: s.thresholds,
  });
  useBuilding.setState({ view: 'room' });
}

/**
 * The building room the editor's scene was opened from, while that building is open: its index, and
 * whether the scene differs from it now (an edit not yet kept). Null for a room drawn here, or from
 * another file.
 */
export function editedRoom(scene: Scene, s: BuildingState): { index: number; changed: boolean } | null {
  const from = scene.ifcRoom;
  const room = from && s.file === from.file ? s.building?.rooms[from.index] : undefined;
  if (!from || !room || room.problem) return null;
  const asKept = normalise(sceneOfIfcRoom(room, s.building!.north, from.file, s.triangles, from));
  return { index: from.index, changed: roomKey(asKept) !== roomKey(scene) };
}

/** What of a scene the building keeps, to the millimetre: geometry, windows, skylights, materials. */
function roomKey(s: Scene): string {
  const mm = (v: number): number => Math.round(v * 1000);
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

/**
 * Keeps the editor's changes in the building (issue 34 §2): the room it was opened from becomes the room
 * as edited (marked so in its notes), its request is made again with its windows' angles from the
 * building, and it is analysed again as the building's rooms are; its row, the plan, the apartment totals,
 * the CSV and the report follow. Rooms the background analysis had not finished are taken up again too.
 */
export async function keepRoomEdits(): Promise<void> {
  const scene = useApp.getState().scene;
  const s = useBuilding.getState();
  const at = editedRoom(scene, s);
  if (!at || !at.changed || readingFile()) return;
  const room = ifcRoomOfScene(s.building!.rooms[at.index]!, scene);
  const answer = await meshWorker().keepRoom(at.index, room);
  if (!answer.ok) {
    useBuilding.setState({ message: answer.message });
    return;
  }
  const running = s.phase === 'analysing' || s.phase === 'settling';
  useBuilding.setState((b) => ({
    building: b.building && {
      ...b.building,
      rooms: b.building.rooms.map((r, j) => (j === at.index ? room : r)),
    },
    requests: b.requests.map((r, j) => (j === at.index ? { body: answer.body } : r)),
    outcomes: b.outcomes.map((o, j) => (j === at.index ? null : o)),
  }));
  // Another file opened meanwhile is being read: its run goes on (before 2026-12-07 this one's stopped it,
  // and the page kept the building the worker had replaced). The room is kept in the building shown, as
  // the worker kept it; analysed with the rest if that file is refused (openIfc.ts).
  if (readingFile()) return;
  cancelBuilding();
  const mine = startRun();
  useBuilding.setState({ phase: 'analysing', progress: 0 });
  const outcomes = useBuilding.getState().outcomes;
  await analyse(mine, (j) => j === at.index || (running && outcomes[j]?.quality !== 'standard'));
}
