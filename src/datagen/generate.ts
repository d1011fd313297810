/**
 * Training data for the daylight model (model.md §Training): `npm run data -- [options]`.
 *
 *   --out data/v1          dataset folder (train/ and test/ inside)
 *   --split train|test     which stream (default train); test is the fixed held-out split
 *   --windows 21000        stop once the split holds at least this many windows
 *   --rooms-per-shard 24   rooms simulated per shard
 *   --seed 20261121        base seed; the room of (split, shard, k) depends on nothing else
 *   --quality draft|standard  engine quality (default: draft for train, standard for test)
 *   --threads N            worker threads (default: all cores)
 *   --focus balcony        a focused train stream (sampleRoom.ts) in `train-<focus>/`, its own rooms:
 *                          `balcony`, `broad` (the stress suite's classes, one drawn per room) or one
 *                          stress class (src/datagen/stressProfiles.ts)
 *   --labels engine|none   `none`: the stream's rooms with inputs only, in `<name>-unlabelled/`, for
 *                          distillation (training/train.py --teacher labels them); ~10× faster than the engine
 *
 * Resumable: shards already on disk are kept and counted, missing ones are generated, and an interrupted
 * shard leaves only .tmp files behind. The same options give the same data on any machine.
 */
import { availableParallelism } from 'node:os';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Piscina } from 'piscina';
import { hashString } from '../core/engine/random';
import { isFocus } from './sampleRoom';
import { shardName, type ShardResult, type ShardTask } from './shard';
import { threadModule } from '../service/threadModule';

const { values: o } = parseArgs({
  options: {
    out: { type: 'string', default: 'data/v1' },
    split: { type: 'string', default: 'train' },
    windows: { type: 'string', default: '21000' },
    'rooms-per-shard': { type: 'string', default: '24' },
    seed: { type: 'string', default: '20261121' },
    threads: { type: 'string', default: String(availableParallelism()) },
    quality: { type: 'string' },
    focus: { type: 'string' },
    labels: { type: 'string', default: 'engine' },
  },
});

const split = o.split;
if (split !== 'train' && split !== 'test') throw new Error(`--split must be train or test, got ${split}`);
const focus = o.focus;
if (focus !== undefined && (!isFocus(focus) || split !== 'train'))
  throw new Error(`--focus names a focused stream of the train split (sampleRoom.ts), got ${focus}`);
const labels = o.labels;
if (labels !== 'engine' && labels !== 'none')
  throw new Error(`--labels must be engine or none, got ${labels}`);
if (labels === 'none' && split !== 'train') throw new Error('--labels none is for training streams only');
const name = (focus ? `${split}-${focus}` : split) + (labels === 'none' ? '-unlabelled' : '');
const dir = join(o.out, name);
mkdirSync(dir, { recursive: true });
const target = Number(o.windows);
const rooms = Number(o['rooms-per-shard']);
const seed = Number(o.seed);
const threads = Math.max(1, Number(o.threads));
// Each stream its own rooms: train 1, test 2, balcony 3 (as data/v1 was made), any other focus by its name.
const stream = focus === 'balcony' ? 3 : focus ? hashString(focus) : split === 'train' ? 1 : 2;
// Training labels at draft quality (1.5–3× faster, still within physics.md's limits against Radiance:
// docs/engine.md); the held-out split, which judges the model, at standard.
const quality = o.quality ?? (split === 'train' ? 'draft' : 'standard');
if (quality !== 'draft' && quality !== 'standard') throw new Error(`--quality must be draft or standard`);

const done = new Map<number, number>();
for (const f of readdirSync(dir)) {
  const m = /^(\d{6})\.jsonl$/.exec(f);
  if (m) done.set(Number(m[1]), readFileSync(join(dir, f), 'utf8').trim().split('\n').length);
}
let total = [...done.values()].reduce((a, b) => a + b, 0);
writeFileSync(
  join(o.out, `${name}.meta.json`),
  JSON.stringify(
    { split, focus, seed, rooms_per_shard: rooms, target_windows: target, quality, labels },
    null,
    2,
  ),
);
console.log(`${dir}: ${done.size} shards, ${total} windows on disk; target ${target}, ${threads} threads`);

const pool = new Piscina<ShardTask, ShardResult>({
  ...threadModule(import.meta.url, 'shard'),
  maxThreads: threads,
  minThreads: threads,
});

// Windows per room average ≈ 1.95: schedule shards while the finished ones plus an estimate of those in
// flight fall short of the target.
const perShard = rooms * 1.95;
let next = 0;
let inFlight = 0;
const started = performance.now();
let made = 0;
await new Promise<void>((resolve, reject) => {
  const pump = (): void => {
    while (inFlight < threads * 2 && total + inFlight * perShard < target) {
      while (done.has(next)) next++;
      const index = next++;
      inFlight++;
      pool
        .run({ dir, stream, index, rooms, seed, quality, labels, ...(focus ? { focus } : {}) })
        .then((r) => {
          inFlight--;
          total += r.windows;
          made += r.windows;
          done.set(r.index, r.windows);
          const rate = made / ((performance.now() - started) / 1000);
          console.log(
            `shard ${shardName(r.index)}: ${r.windows} windows in ${r.seconds.toFixed(1)} s; ` +
              `${total}/${target} (${rate.toFixed(2)} windows/s)`,
          );
          pump();
        })
        .catch(reject);
    }
    if (inFlight === 0) resolve();
  };
  pump();
});
await pool.destroy();
console.log(`${dir}: ${total} windows in ${done.size} shards`);
