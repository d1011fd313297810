/**
 * `npx tsx src/evaluation/stripProbe.ts --band low|high [--first 993000] [--rooms 10] [--truths FILE]
 * [--card A --card B]`
 *
 * Strip windows: every stress class's rooms (its own profile, its own seeds) with every window a strip in one
 * band of the wall (RoomProfile.band): 'low', heads 0.4–1.1 m above the floor, often under the 0.8 m work
 * plane, which then gets almost no light straight through the glass (a basement's or a gallery's strip; the
 * held-out split's worst room is one); 'high', a clerestory 0.4–0.7 m tall with its head at 2.2–2.8 m.
 * Edges of the sampler's draws (sills 0–1.6 m, windows 0.5 m tall or more), so nothing a model was trained or
 * chosen on. Truths and counts as every probe's (roomProbe.ts).
 */
import { sampleProfiledRoom, type SampledRoom } from '../datagen/sampleRoom';
import type { RoomProfile } from '../datagen/roomProfile';
import { STRESS_PROFILES, type StressClass } from '../datagen/stressProfiles';
import { probeMain } from './roomProbe';
import { stressSeed } from './stressSuite';

export type Band = NonNullable<RoomProfile['band']>;

/** The k-th room of a class with its windows as strips in the band. */
export const stripRoom =
  (band: Band) =>
  (cls: StressClass, k: number): SampledRoom =>
    sampleProfiledRoom(stressSeed(cls, k), { ...STRESS_PROFILES[cls], band });

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--band');
  const band = at < 0 ? undefined : args.splice(at, 2)[1];
  if (band !== 'low' && band !== 'high') throw new Error('--band low or --band high');
  await probeMain(stripRoom(band), `with ${band} strip windows`, 993000, args);
}
