/** Debug aid: every scene (or those matching argv[3]) under a quality variant, JSON overrides of standard (argv[2]). */
import { QUALITY, simulateRoom, type EngineQuality } from '../../src/core/engine/simulate';
import { agreement, fixtureFiles, loadFixture, sampleAt } from './radianceFixtures';

const over = JSON.parse(process.argv[2] ?? '{}') as Partial<EngineQuality>;
const q: EngineQuality = {
  ...QUALITY.standard,
  ...over,
  exterior: { ...QUALITY.standard.exterior, ...(over.exterior ?? {}) },
  view: { ...QUALITY.standard.view, ...(over.view ?? {}) },
};
let worst = 0;
for (const file of fixtureFiles()) {
  if (process.argv[3] && !file.includes(process.argv[3])) continue;
  const fx = loadFixture(file);
  const res = simulateRoom(fx.room, { quality: q });
  const a = agreement(
    fx.sensors.map(([x, y]) => sampleAt(res, x, y)),
    fx.df,
  );
  worst = Math.max(worst, a.mae);
  const st = Object.entries(res.stats.stageMs)
    .map(([k, v]) => `${k.slice(0, 6)} ${v.toFixed(0)}`)
    .join(' ');
  console.log(
    file.slice(0, 24).padEnd(25),
    a.mae.toFixed(3),
    (100 * a.within10).toFixed(1) + '%',
    (100 * a.meanError).toFixed(2) + '%',
    res.stats.milliseconds.toFixed(0) + 'ms',
    st,
  );
}
