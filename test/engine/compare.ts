/**
 * Prints the engine's agreement with every Radiance reference scene (run: npx tsx test/engine/compare.ts
 * [quality] [bounces] [filter]). The table of docs/engine.md comes from here.
 */
import { simulateRoom } from '../../src/core/engine/simulate';
import { agreement, fixtureFiles, loadFixture, sampleAt } from './radianceFixtures';

const quality = (process.argv[2] ?? 'standard') as 'draft' | 'standard' | 'high';
const bounces = process.argv[3] === 'inf' ? Infinity : Number(process.argv[3] ?? 7);
const filter = process.argv[4] ?? '';
console.log(`quality ${quality}, ambient bounces ${bounces}`);
console.log('scene'.padEnd(36), 'MAE    ≤10%    mean err  median  eng/ref mean   ms    rays   patches');
for (const file of fixtureFiles(true)) {
  if (!file.includes(filter)) continue;
  const fx = loadFixture(file);
  const res = simulateRoom(fx.room, { quality, ambientBounces: bounces });
  const values = fx.sensors.map(([x, y]) => sampleAt(res, x, y));
  const a = agreement(values, fx.df);
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
