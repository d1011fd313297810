import type { RawCrowns } from '../../../core/validation/crowns';
import type { Scene } from '../../scene/scene';
import { useApp } from '../../state/store';
import { editedRoom } from './editedRoom';
import { useBuilding, type BuildingState } from './store';

/**
 * The open building's trees as crowns (its vegetation setting `translucent`) in the editor's scene of one
 * of its rooms: its requests carry them as its row's do (scene.ts `crowns`), so the editor's map, year and
 * proposals see the trees the row sees. Kept to the building's as they change: the setting or the crowns'
 * share changed with the room open, an undo back to a scene made before, the room opened again.
 */
export function crownsFollowing(scene: Scene, s: BuildingState): Scene | null {
  const s0 = scene.surroundings;
  if (s0.kind !== 'mesh' || !editedRoom(scene, s)?.buildingAround) return null;
  const crowns: RawCrowns | undefined = s.building?.crowns;
  if (JSON.stringify(s0.crowns ?? null) === JSON.stringify(crowns ?? null)) return null;
  const { crowns: _, ...rest } = s0;
  return { ...scene, surroundings: { ...rest, ...(crowns ? { crowns } : {}) } };
}

/** Keeps the editor's scene's crowns the open building's (crownsFollowing), from now on. */
export function followBuildingCrowns(): () => void {
  const update = (): void => {
    const next = crownsFollowing(useApp.getState().scene, useBuilding.getState());
    // Not a step of the user's: undo goes back past it to their own change.
    if (next) useApp.getState().edit(() => next, { record: false });
  };
  update();
  const off1 = useApp.subscribe((s, prev) => {
    if (s.scene !== prev.scene) update();
  });
  const off2 = useBuilding.subscribe((s, prev) => {
    if (s.building !== prev.building) update();
  });
  return () => {
    off1();
    off2();
  };
}
