/**
 * `npm run stress -- [--rooms 40] [--first 0] [--classes street-canyon,deep] [--force] [--threads N] [--dir test/fixtures/stress]`
 *
 * Labels the stress suite (stressSuite.ts): each class's rooms sampled with their fixed seeds and
 * simulated by the engine at standard quality, written as `<dir>/<class>.json.gz`. Classes already on
 * disk are kept unless `--force`; the same options give the same files on any machine.
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
  type StressClassFile,
  type StressRoomLabel,
} from './stressSuite';

const { values: o } = parseArgs({
  options: {
    dir: { type: 'string', default: STRESS_DIR },
    rooms: { type: 'string', default: '40' },
    first: { type: 'string', default: '0' },
    classes: { type: 'string' },
    force: { type: 'boolean', default: false },
    threads: { type: 'string', default: String(availableParallelism()) },
  },
});
const classes = (o.classes ? o.classes.split(',') : STRESS_CLASSES) as StressClass[];
for (const c of classes) if (!STRESS_CLASSES.includes(c)) throw new Error(`unknown stress class '${c}'`);
const rooms = Number(o.rooms);
const first = Number(o.first);
mkdirSync(o.dir, { recursive: true });

const fromSource = import.meta.url.endsWith('.ts');
const pool = new Piscina<{ cls: StressClass; k: number }, StressRoomLabel>({
  filename: new URL(fromSource ? './stressWorker.ts' : './stressWorker.js', import.meta.url).href,
  maxThreads: Number(o.threads),
  ...(fromSource ? { execArgv: ['--import', 'tsx'] } : {}),
});
const started = performance.now();
await Promise.all(
  classes.map(async (cls) => {
    const known = readStressClass(o.dir, cls);
    if (known && known.rooms.length >= rooms && !o.force) {
      console.log(`${cls}: ${known.rooms.length} rooms on disk, kept`);
      return;
    }
    const labels = await Promise.all(
      Array.from({ length: rooms }, (_, i) => pool.run({ cls, k: first + i })),
    );
    const file: StressClassFile = {
      class: cls,
      seed: STRESS_SEED,
      quality: STRESS_QUALITY,
      ambient_bounces: null,
      rooms: labels,
    };
    writeFileSync(join(o.dir, `${cls}.json.gz`), gzipSync(JSON.stringify(file), { level: 9 }));
    const sensors = labels.reduce((a, l) => a + l.df.length, 0);
    console.log(
      `${cls}: ${rooms} rooms, ${sensors} sensors (${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
  }),
);
await pool.destroy();
