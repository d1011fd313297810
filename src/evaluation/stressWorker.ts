/** A worker thread of `npm run stress`: one stress room sampled and labelled by the engine. */
import type { StressClass } from '../datagen/stressProfiles';
import { labelGridRoom, type GridRoomLabel } from './gridStress';
import { labelStressRoom, roomDigest, stressRoom, stressSeed, type StressRoomLabel } from './stressSuite';

/** One room of a class; `grid`: its mean over /run's grid (gridStress.ts) instead of the sensors. */
export interface StressTask {
  cls: StressClass;
  k: number;
  grid?: boolean;
}

export default function labelOne({ cls, k, grid }: StressTask): StressRoomLabel | GridRoomLabel {
  if (grid) return labelGridRoom(cls, k);
  const seed = stressSeed(cls, k);
  const s = stressRoom(cls, k);
  return { k, seed, digest: roomDigest(s), df: labelStressRoom(s, seed) };
}
