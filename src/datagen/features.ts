/**
 * `npm run features -- [--out data/v1] [--threads N]`: the model inputs of every shard of every split
 * and focused stream
 * (src/datagen/shardFeatures.ts). Skips shards whose inputs were made by the current preprocessing
 * (their `.inputs` id) unless --force.
 */
import { availableParallelism } from 'node:os';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Piscina } from 'piscina';
import { inputsCurrent, type FeatureTask } from './shardFeatures';
import { threadModule } from '../service/threadModule';

const { values: o } = parseArgs({
  options: {
    out: { type: 'string', default: 'data/v1' },
    threads: { type: 'string', default: String(availableParallelism()) },
    force: { type: 'boolean', default: false },
  },
});
const pool = new Piscina<FeatureTask, number>({
  ...threadModule(import.meta.url, 'shardFeatures'),
  maxThreads: Math.max(1, Number(o.threads)),
});
const jobs: Promise<number>[] = [];
// The focused training streams (train-balcony/, npm run data -- --focus) too.
const splits = existsSync(o.out)
  ? readdirSync(o.out, { withFileTypes: true })
      .filter(
        (d) => d.isDirectory() && (d.name === 'train' || d.name === 'test' || d.name.startsWith('train-')),
      )
      .map((d) => d.name)
  : [];
for (const split of splits.sort()) {
  const dir = join(o.out, split);
  for (const f of readdirSync(dir).sort()) {
    const m = /^(\d{6})\.jsonl$/.exec(f);
    if (!m) continue;
    if (!o.force && inputsCurrent(dir, m[1]!)) continue;
    jobs.push(pool.run({ dir, name: m[1]! }));
  }
}
const counts = await Promise.all(jobs);
console.log(`inputs for ${counts.length} shards, ${counts.reduce((a, b) => a + b, 0)} windows`);
await pool.destroy();
