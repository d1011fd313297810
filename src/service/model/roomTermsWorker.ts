import { adoptSurfaces } from '../../core/engine/surfaces';
import { coarseRoomTerms, type RoomTermsLattice } from '../../core/model/roomTerms';
import type { RoomTermsTask } from './roomTermsThread';

/** The room-terms thread's entry (roomTermsThread.ts): one room's coarse solve; null, a ping once it has started. */
export default function solve(task: RoomTermsTask | null): RoomTermsLattice[] {
  if (!task) return [];
  // The context arrives as a new array each time: its tree comes with it, built once on the calling thread.
  if (task.surfaces && task.room.mesh) adoptSurfaces(task.room.mesh.positions, task.surfaces);
  return coarseRoomTerms(task.room, task.method, task.options);
}
