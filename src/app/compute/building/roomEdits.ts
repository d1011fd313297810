import { ifcRoomOfScene, sceneOfIfcRoom } from '../../scene/fromIfc';
import type { Scene } from '../../scene/scene';
import { useApp } from '../../state/store';
import { climateOutdated, runClimate, useClimate } from '../climate';
import { settleNow } from '../settle';
import { meshWorker } from '../workers';
import { analyse } from './analyse';
import { cancelBuilding, readingFile, startRun } from './run';
import { editedRoom } from './editedRoom';
import { useBuilding } from './store';

/** Opens room `i` of the building in the editor (one undo step back to the scene before). */
export function openRoom(i: number): void {
  const s = useBuilding.getState();
  const room = s.building?.rooms[i];
  if (!room || room.problem) return;
  const file = s.file ?? 'IFC';
  useApp.getState().replaceScene({
    ...sceneOfIfcRoom(room, s.building!.north, file, s.triangles, { file, index: i }, s.building!.crowns),
    // Judged as its row is: by the site's EN 17037 factors (setSiteFactors), not the editor's defaults.
    thresholds: s.thresholds,
  });
  useBuilding.setState({ view: 'room' });
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
  // A room reshaped here had its map and year on its windows' angles: kept, it is computed among the
  // building as its row is (editorMesh.ts), so both are computed again (before, the Room panel said "as
  // its row" over the angles' figures). Other edits were computed among the building already.
  if (at.reshaped && useApp.getState().scene === scene) computeAgainInEditor(scene);
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

/**
 * The editor's map of `scene` (on screen), and its year where one is shown for it, computed again: the
 * building's surroundings it is computed among changed (a room kept, the surroundings made again).
 */
export function computeAgainInEditor(scene: Scene): void {
  settleNow();
  const c = useClimate.getState();
  if (c.result && !climateOutdated(c, scene)) void runClimate();
}
