/**
 * `npm run stress -- [--rooms 40] [--first 0] [--classes street-canyon,deep] [--force] [--threads N] [--dir test/fixtures/stress] [--grid]`
 *
 * Labels the stress suite (stressSuite.ts): each class's rooms sampled with their fixed seeds and
 * simulated by the engine at standard quality, written as `<dir>/<class>.json.gz`. Classes already on
 * disk are kept unless `--force`; the same options give the same files on any machine. `--grid` labels
 * each room's mean over `/run`'s 0.1 m grid instead of the sensors (gridStress.ts). `--relabel closed-gaps`
 * labels again, in the files on disk, only the rooms whose walls close a gap between two of their own walls
 * (bodyOutline.ts; chosen by geometry, not by any model's error) and keeps every other room as it is.
 */
import { availableParallelism } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { Piscina } from 'piscina';
import { STRESS_CLASSES, type StressClass } from '../datagen/stressProfiles';
import {
  readStressClass,
  STRESS_DIR,
  STRESS_QUALITY,
  STRESS_SEED,
  stressRoom,
  type StressClassFile,
  type StressRoomLabel,
} from './stressSuite';
import { readGridClass, type GridClassFile, type GridRoomLabel } from './gridStress';
import { wallsCloseAGap } from '../core/engine/bodyOutline';
import { buildRoomModel } from '../core/engine/model';
import { engineRoom } from '../datagen/shard';
import type { StressTask } from './stressWorker';
import { threadModule } from '../service/threadModule';

const { values: o } = parseArgs({
  options: {
    dir: { type: 'string', default: STRESS_DIR },
    rooms: { type: 'string', default: '40' },
    first: { type: 'string', default: '0' },
    classes: { type: 'string' },
    force: { type: 'boolean', default: false },
    threads: { type: 'string', default: String(availableParallelism()) },
    grid: { type: 'boolean', default: false },
    relabel: { type: 'string' },
  },
});
if (o.relabel !== undefined && o.relabel !== 'closed-gaps')
  throw new Error(`--relabel takes 'closed-gaps', not '${o.relabel}'`);
const classes = (o.classes ? o.classes.split(',') : STRESS_CLASSES) as StressClass[];
for (const c of classes) if (!STRESS_CLASSES.includes(c)) throw new Error(`unknown stress class '${c}'`);
const rooms = Number(o.rooms);
const first = Number(o.first);
mkdirSync(o.dir, { recursive: true });

const pool = new Piscina<StressTask, StressRoomLabel | GridRoomLabel>({
  ...threadModule(import.meta.url, 'stressWorker'),
  maxThreads: Number(o.threads),
});
const started = performance.now();
const took = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
await Promise.all(
  classes.map(async (cls) => {
    const known = o.grid ? readGridClass(o.dir, cls) : readStressClass(o.dir, cls);
    if (o.relabel) {
      if (known) await relabelClosedGaps(cls, known);
      return;
    }
    if (known && known.rooms.length >= rooms && !o.force) {
      console.log(`${cls}: ${known.rooms.length} rooms on disk, kept`);
      return;
    }
    const labels = await Promise.all(
      Array.from({ length: rooms }, (_, i) => pool.run({ cls, k: first + i, grid: o.grid })),
    );
    const head = { class: cls, seed: STRESS_SEED, quality: STRESS_QUALITY };
    const file: StressClassFile | GridClassFile = o.grid
      ? { ...head, rooms: labels as GridRoomLabel[] }
      : { ...head, ambient_bounces: null, rooms: labels as StressRoomLabel[] };
    writeFileSync(join(o.dir, `${cls}.json.gz`), gzipSync(JSON.stringify(file), { level: 9 }));
    const sensors = o.grid ? 0 : (labels as StressRoomLabel[]).reduce((a, l) => a + l.df.length, 0);
    console.log(`${cls}: ${rooms} rooms${o.grid ? " on /run's grid" : `, ${sensors} sensors`} (${took()})`);
  }),
);
await pool.destroy();

/** The class's file with its closed-gap rooms labelled again (the engine's body fixed for them). */
async function relabelClosedGaps(cls: StressClass, file: StressClassFile | GridClassFile): Promise<void> {
  const again = file.rooms.filter((r) => wallsCloseAGap(buildRoomModel(engineRoom(stressRoom(cls, r.k)))));
  if (again.length === 0) return;
  const labels = await Promise.all(again.map((r) => pool.run({ cls, k: r.k, grid: o.grid })));
  const byK = new Map(labels.map((l) => [l.k, l]));
  const out = { ...file, rooms: file.rooms.map((r) => byK.get(r.k) ?? r) };
  writeFileSync(join(o.dir, `${cls}.json.gz`), gzipSync(JSON.stringify(out), { level: 9 }));
  console.log(`${cls}: ${again.map((r) => `#${r.k}`).join(' ')} labelled again (${took()})`);
}
