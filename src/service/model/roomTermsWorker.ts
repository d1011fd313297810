import { coarseRoomTerms, type RoomTermsLattice } from '../../core/model/roomTerms';
import type { RoomTermsTask } from './roomTermsThread';

/** The room-terms thread's entry (roomTermsThread.ts): one room's coarse solve; null, a ping once it has started. */
export default function solve(task: RoomTermsTask | null): RoomTermsLattice[] {
  return task ? coarseRoomTerms(task.room, task.method, task.options) : [];
}
