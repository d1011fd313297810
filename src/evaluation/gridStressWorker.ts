/** A worker thread of gridStress.ts label: one stress room labelled by the engine on /run's grid. */
import type { StressClass } from '../datagen/stressProfiles';
import { labelGridRoom, type GridRoomLabel } from './gridStress';

export default function labelOne({ cls, k }: { cls: StressClass; k: number }): GridRoomLabel {
  return labelGridRoom(cls, k);
}
