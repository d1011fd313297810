/** A worker thread of `npm run stress`: one stress room sampled and labelled by the engine. */
import type { StressClass } from '../datagen/stressProfiles';
import { labelStressRoom, roomDigest, stressRoom, stressSeed, type StressRoomLabel } from './stressSuite';

export default function labelOne({ cls, k }: { cls: StressClass; k: number }): StressRoomLabel {
  const seed = stressSeed(cls, k);
  const s = stressRoom(cls, k);
  return { k, seed, digest: roomDigest(s), df: labelStressRoom(s, seed) };
}
