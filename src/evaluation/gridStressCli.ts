/**
 * The stress suite on `/run`'s own grid (gridStress.ts):
 * `npx tsx src/evaluation/gridStressCli.ts label --first 5000 --rooms 40 --dir test/fixtures/stress-grid/k5000`
 * `npx tsx src/evaluation/gridStressCli.ts evaluate --card <card> --dirs <dir>[,<dir>…] [--out rooms.json]`
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { Piscina } from 'piscina';
import { STRESS_CLASSES, type StressClass } from '../datagen/stressProfiles';
import { loadModel } from '../service/model/runtime';
import { evaluateGrid, gridSummary, type GridClassFile, type GridRoomLabel } from './gridStress';
import { STRESS_QUALITY, STRESS_SEED } from './stressSuite';

async function main(): Promise<void> {
  const [cmd] = process.argv.slice(2);
  const { values: o } = parseArgs({
    args: process.argv.slice(3),
    options: {
      first: { type: 'string', default: '5000' },
      rooms: { type: 'string', default: '40' },
      dir: { type: 'string' },
      dirs: { type: 'string' },
      card: { type: 'string' },
      out: { type: 'string' },
      threads: { type: 'string', default: String(availableParallelism()) },
    },
  });
  if (cmd === 'label') {
    const dir = o.dir!;
    mkdirSync(dir, { recursive: true });
    const fromSource = import.meta.url.endsWith('.ts');
    const pool = new Piscina<{ cls: StressClass; k: number }, GridRoomLabel>({
      filename: new URL(fromSource ? './gridStressWorker.ts' : './gridStressWorker.js', import.meta.url).href,
      maxThreads: Number(o.threads),
      ...(fromSource ? { execArgv: ['--import', 'tsx'] } : {}),
    });
    const first = Number(o.first);
    const started = performance.now();
    await Promise.all(
      STRESS_CLASSES.map(async (cls) => {
        const rooms = await Promise.all(
          Array.from({ length: Number(o.rooms) }, (_, i) => pool.run({ cls, k: first + i })),
        );
        const file: GridClassFile = { class: cls, seed: STRESS_SEED, quality: STRESS_QUALITY, rooms };
        writeFileSync(join(dir, `${cls}.json.gz`), gzipSync(JSON.stringify(file), { level: 9 }));
        console.log(`${cls}: ${rooms.length} rooms (${((performance.now() - started) / 1000).toFixed(0)} s)`);
      }),
    );
    await pool.destroy();
  } else if (cmd === 'evaluate') {
    const rooms = await evaluateGrid(await loadModel(o.card!), o.dirs!.split(','));
    if (o.out) writeFileSync(o.out, JSON.stringify(rooms) + '\n');
    const s = gridSummary(rooms);
    const pct = (v: number) => `${(100 * v).toFixed(1)} %`;
    for (const c of [...s.classes, { cls: 'all', ...s.all }])
      console.log(
        `${c.cls.padEnd(17)} ${String(c.within5).padStart(4)} of ${String(c.rooms).padEnd(4)} within 5 %  worst lit ${pct(c.worstLit)}  mean |error| ${pct(c.meanAbs)}  bias ${pct(c.bias)}`,
      );
  } else throw new Error('usage: gridStress.ts label|evaluate …');
}

await main();
