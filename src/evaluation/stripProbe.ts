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
import { basename } from 'node:path';
import type { LoadedModel } from '../core/model/predict';
import { sampleProfiledRoom, type SampledRoom } from '../datagen/sampleRoom';
import type { RoomProfile } from '../datagen/roomProfile';
import { STRESS_PROFILES, type StressClass } from '../datagen/stressProfiles';
import { gridSummary } from './gridStress';
import { probeMain, probeResults, readProbeTruths } from './roomProbe';
import { stressSeed } from './stressSuite';

export type Band = NonNullable<RoomProfile['band']>;

/** The k-th room of a class with its windows as strips in the band. */
export const stripRoom =
  (band: Band) =>
  (cls: StressClass, k: number): SampledRoom =>
    sampleProfiledRoom(stressSeed(cls, k), { ...STRESS_PROFILES[cls], band });

/**
 * The truths `npm run evaluate` reads into the card (`metrics.strip_windows`), whose low band's figures are
 * `/run`'s error band for a room with a low window (core/model/errorBand.ts). Those made after the rule they
 * judged; k993000's, the strips lux-df-4 4.12.0 was developed on, are left out.
 */
export const STRIP_TRUTHS = [
  'test/fixtures/strip-windows/k994000-low.json',
  'test/fixtures/strip-windows/k998000-low.json',
  'test/fixtures/strip-windows/k994000-high.json',
];

/** A band's figures as the card keeps them: the stress classes' fields (evaluate.ts), over all its rooms. */
export interface StripFigures {
  files: string[];
  rooms: number;
  rooms_within_5: number;
  mean_room_error: number;
  worst_room: number;
  worst_lit_room: number;
  bias: number;
}

/** The band a truth file is of, from its name (`k994000-low.json`). */
export function bandOf(file: string): Band {
  const m = /-(low|high)\.json$/.exec(basename(file));
  if (!m) throw new Error(`${file}: not a strip probe's truths (…-low.json or …-high.json)`);
  return m[1] as Band;
}

/** A model's figures on each band's committed strip rooms, their files pooled. */
export async function stripFigures(
  model: LoadedModel,
  files: readonly string[],
): Promise<Partial<Record<Band, StripFigures>>> {
  const out: Partial<Record<Band, StripFigures>> = {};
  for (const band of ['low', 'high'] as const) {
    const mine = files.filter((f) => bandOf(f) === band);
    if (mine.length === 0) continue;
    const draw = stripRoom(band);
    const rooms = [];
    for (const f of mine) rooms.push(...(await probeResults(draw, readProbeTruths(draw, f), model)));
    const all = gridSummary(rooms).all;
    const r4 = (v: number) => +v.toFixed(4);
    out[band] = {
      files: mine,
      rooms: all.rooms,
      rooms_within_5: r4(all.within5 / all.rooms),
      mean_room_error: r4(all.meanAbs),
      worst_room: r4(Math.max(...rooms.filter((r) => r.meanTruth > 0).map((r) => Math.abs(r.meanError)))),
      worst_lit_room: r4(all.worstLit),
      bias: r4(all.bias),
    };
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--band');
  const band = at < 0 ? undefined : args.splice(at, 2)[1];
  if (band !== 'low' && band !== 'high') throw new Error('--band low or --band high');
  await probeMain(stripRoom(band), `with ${band} strip windows`, 993000, args);
}
