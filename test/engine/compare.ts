/**
 * Prints the engine's agreement with every Radiance reference scene (run: npx tsx test/engine/compare.ts
 * [quality] [bounces] [filter]). The tables of docs/engine.md come from here. Bounces `converged` (the
 * default): the engine's default against Radiance run to convergence; a number: the engine with that
 * bounce limit against the `-ab 7` references; `inf`: the converged engine against the `-ab 7` ones.
 */
import { simulateRoom } from '../../src/core/engine/simulate';
import { agreement, CONVERGED_DIR, fixtureFiles, loadFixture, sampleAt } from './radianceFixtures';

const quality = (process.argv[2] ?? 'standard') as 'draft' | 'standard' | 'high';
const arg = process.argv[3] ?? 'converged';
const converged = arg === 'converged';
const bounces = converged || arg === 'inf' ? Infinity : Number(arg);
const filter = process.argv[4] ?? '';
const dir = converged ? CONVERGED_DIR : undefined;
console.log(
  `quality ${quality}, ambient bounces ${bounces}, references ${converged ? 'converged' : '-ab 7'}`,
);
const means: number[] = [];
console.log('scene'.padEnd(36), 'MAE    ≤10%    mean err  median  eng/ref mean   ms    rays   patches');
for (const file of fixtureFiles(!converged, dir)) {
  if (!file.includes(filter)) continue;
  const fx = loadFixture(file, dir);
  const res = simulateRoom(fx.room, { quality, ambientBounces: bounces });
  const values = fx.sensors.map(([x, y]) => sampleAt(res, x, y));
  const a = agreement(values, fx.df);
  means.push(a.meanError);
  const ok = a.mae <= 0.1 && a.within10 >= 0.9 && Math.abs(a.meanError) <= 0.05 ? 'ok' : 'FAIL';
  console.log(
    file.replace('.json', '').padEnd(36),
    a.mae.toFixed(3),
    (100 * a.within10).toFixed(1).padStart(6) + '%',
    ((100 * a.meanError).toFixed(1) + '%').padStart(8),
    ((100 * a.medianRel).toFixed(1) + '%').padStart(7),
    `${a.engineMean.toFixed(2)}/${a.referenceMean.toFixed(2)}`.padStart(12),
    res.stats.milliseconds.toFixed(0).padStart(6),
    String(res.stats.exteriorRays).padStart(7),
    String(res.stats.patches).padStart(6),
    ok,
  );
}
const sorted = means.map(Math.abs).sort((a, b) => a - b);
console.log(
  `room means: median |error| ${(100 * sorted[Math.floor((sorted.length - 1) / 2)]!).toFixed(1)} %, largest ${(100 * sorted.at(-1)!).toFixed(1)} %`,
);
