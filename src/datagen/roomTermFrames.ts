/**
 * `npm run room-terms -- --dir data/frames7/train --method coarse-radiosity/2 [--threads 2] [--exterior]
 * [--only 000003,000004]`: the coarse solve's room terms beside each exported frames shard (roomTermsShard.ts),
 * for training with them (training/train_terms.py --room-terms); with `--exterior` its light from exterior
 * surfaces too (train_terms.py --exterior-level). Shards that have them by this method are skipped; `--only`
 * names the shards to look at. `--threads 0` solves on this thread, with no worker pool: the one-file bundle a
 * lent GPU machine runs (scripts/bundle-device.mjs) has no worker file beside it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Piscina } from 'piscina';
import { isRoomTermsMethod } from '../core/model/roomTerms';
import { ROOM_TERMS_METHODS } from '../core/model/card';
import roomTermsOfShard, { type RoomTermsTask } from './roomTermsShard';
import { threadModule } from '../service/threadModule';

const { values: o } = parseArgs({
  options: {
    dir: { type: 'string' },
    method: { type: 'string' },
    threads: { type: 'string', default: '2' },
    exterior: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
if (!o.dir) throw new Error('--dir <exported frames folder>');
const method = o.method;
if (!isRoomTermsMethod(method)) throw new Error(`--method ${ROOM_TERMS_METHODS.join(' | ')}, got ${method}`);
const dir = o.dir;
const exterior = o.exterior ?? false;
const only = o.only?.split(',');
const madeBy = (n: string, ext: string): boolean =>
  existsSync(join(dir, `${n}.${ext}`)) && readFileSync(join(dir, `${n}.${ext}`), 'utf8').trim() === method;
const names = readdirSync(dir)
  .filter((f) => f.endsWith('.jsonl'))
  .map((f) => f.slice(0, -'.jsonl'.length))
  .filter((n) => !only || only.includes(n))
  .filter((n) => !madeBy(n, 'rt') || (exterior && !madeBy(n, 'rtx')))
  .sort();
const threads = Math.max(0, Number(o.threads));
const t0 = Date.now();
let done = 0;
const report = (name: string, n: number): void => {
  done++;
  console.log(
    `${dir}/${name}: ${n} windows (${done}/${names.length}, ${((Date.now() - t0) / 1000).toFixed(0)} s)`,
  );
};
if (threads === 0) {
  for (const name of names) report(name, roomTermsOfShard({ dir, name, method, exterior }));
} else {
  const pool = new Piscina<RoomTermsTask, number>({
    ...threadModule(import.meta.url, 'roomTermsShard'),
    maxThreads: threads,
    minThreads: threads,
  });
  await Promise.all(
    names.map((name) => pool.run({ dir, name, method, exterior }).then((n) => report(name, n))),
  );
  await pool.destroy();
}
