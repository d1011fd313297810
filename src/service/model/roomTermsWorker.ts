import { coarseRoomTerms, type RoomTermsLattice } from '../../core/model/roomTerms';
import type { RoomTermsTask } from './roomTermsThread';

/** The room-terms thread's entry (roomTermsThread.ts): one room's coarse solve. */
export default function solve({ room, method, options }: RoomTermsTask): RoomTermsLattice[] {
  return coarseRoomTerms(room, method, options);
}
