/**
 * A probe: the stress suite's classes drawn another way (turned onto a 0.1 m grid, windows as strips, …),
 * the engine's mean over `/run`'s grid kept per room as a truth, and cards judged on them as the grid draws
 * are (gridStress.ts). The truths carry the room's digest, so a stored file belongs to exactly the rooms the
 * probe draws today; a file is made once and read by every card after.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { SHIPPED_CARD } from '../core/model/shipped';
import { sampledRequest, type SampledRoom } from '../datagen/sampleRoom';
import { engineRoom } from '../datagen/shard';
import { STRESS_CLASSES, type StressClass } from '../datagen/stressProfiles';
import type { LoadedModel } from '../core/model/predict';
import { loadModel } from '../service/model/runtime';
import { engineGridMean, gridLine, gridSummary, requestGridMean, type GridRoomResult } from './gridStress';
import { roomDigest, stressSeed } from './stressSuite';

/** The k-th room of a class as a probe draws it (null: no valid room that way). */
export type ProbeDraw = (cls: StressClass, k: number) => SampledRoom | null;

export interface ProbeTruth {
  cls: StressClass;
  k: number;
  /** The probe's room (roomDigest): a stored truth belongs to exactly this room. */
  digest: string;
  /** The engine's mean DF (%) over `/run`'s grid cells at STRESS_ENGINE, 4 decimals. */
  mean: number;
}

/** The engine's mean over `/run`'s grid cells of a probe's room, seeded by the class's stress seed. */
export function probeTruth(draw: ProbeDraw, cls: StressClass, k: number, name: string): ProbeTruth | null {
  const s = draw(cls, k);
  if (s === null) return null;
  let req;
  try {
    req = sampledRequest(s);
  } catch {
    return null;
  }
  const { mean } = engineGridMean(engineRoom(s, req), stressSeed(cls, k), `${cls} #${k} ${name}`);
  return { cls, k, digest: roomDigest(s), mean };
}

/** Stored truths, each checked against the room the probe draws today. */
export function readProbeTruths(draw: ProbeDraw, file: string): ProbeTruth[] {
  const truths = JSON.parse(readFileSync(file, 'utf8')) as ProbeTruth[];
  for (const t of truths) {
    const s = draw(t.cls, t.k);
    if (s === null || roomDigest(s) !== t.digest)
      throw new Error(`${t.cls} #${t.k}: the probe draws another room than ${file} holds`);
  }
  return truths;
}

/** A card's answers on a probe's rooms (the solve seeded as `/run`'s), as the grid draws are measured. */
export async function probeResults(
  draw: ProbeDraw,
  truths: readonly ProbeTruth[],
  card: string | LoadedModel,
): Promise<GridRoomResult[]> {
  const model = typeof card === 'string' ? await loadModel(card) : card;
  const rooms: GridRoomResult[] = [];
  for (const t of truths) {
    const meanPred = await requestGridMean(model, sampledRequest(draw(t.cls, t.k)!));
    rooms.push({ cls: t.cls, k: t.k, meanTruth: t.mean, meanPred, meanError: (meanPred - t.mean) / t.mean });
  }
  return rooms;
}

/**
 * The command line every probe shares: `[--first K] [--rooms N] [--truths FILE] [--card A --card B]`. Truths
 * are read from `--truths` when it exists, else made (k = first … first + N − 1 of every class) and written
 * there; then each card's counts by class and its five worst rooms are printed.
 */
export async function probeMain(
  draw: ProbeDraw,
  name: string,
  first: number,
  args = process.argv.slice(2),
): Promise<void> {
  const { values: o } = parseArgs({
    args,
    options: {
      first: { type: 'string', default: String(first) },
      rooms: { type: 'string', default: '10' },
      truths: { type: 'string' },
      card: { type: 'string', multiple: true, default: [`public/models/${SHIPPED_CARD}`] },
    },
  });
  const k0 = Number(o.first),
    n = Number(o.rooms);
  let truths: ProbeTruth[];
  if (o.truths && existsSync(o.truths)) truths = readProbeTruths(draw, o.truths);
  else {
    truths = [];
    for (const cls of STRESS_CLASSES)
      for (let k = k0; k < k0 + n; k++) {
        const t = probeTruth(draw, cls, k, name);
        if (t === null) console.log(`${cls} #${k}: not a room ${name}, left out`);
        else truths.push(t);
      }
    if (o.truths) writeFileSync(o.truths, JSON.stringify(truths, null, 1));
  }
  for (const card of o.card) {
    const rooms = await probeResults(draw, truths, card);
    const s = gridSummary(rooms);
    console.log(card);
    for (const c of s.classes) console.log(gridLine(c));
    console.log(gridLine({ cls: 'all', ...s.all }));
    const worst = [...rooms].sort((a, b) => Math.abs(b.meanError) - Math.abs(a.meanError)).slice(0, 5);
    console.log(
      '  worst:',
      worst
        .map((r) => `${r.cls} #${r.k} ${r.meanTruth.toFixed(3)} % DF ${(100 * r.meanError).toFixed(1)} %`)
        .join(', '),
    );
  }
}
