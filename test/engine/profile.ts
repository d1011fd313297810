/** Debug aid: stage timings of one scene. */
import { simulateRoom } from '../../src/core/engine/simulate';
import { loadFixture } from './radianceFixtures';

const fx = loadFixture(process.argv[2] ?? 'R01_rect_south_open.json');
const quality = (process.argv[3] ?? 'standard') as 'standard';
for (let i = 0; i < 3; i++) {
  const r = simulateRoom(fx.room, { quality });
  const st = Object.entries(r.stats.stageMs)
    .map(([k, v]) => `${k} ${v.toFixed(0)}`)
    .join(', ');
  console.log(
    `${r.stats.milliseconds.toFixed(0)} ms: ${st}; patches ${r.stats.patches}, cells ${r.stats.cells}, rays ${r.stats.exteriorRays}`,
  );
}
