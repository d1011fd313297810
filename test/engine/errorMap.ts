/** Debug aid: prints a scene's relative error (%) per reference sensor as a plan map (north up). */
import { simulateRoom } from '../../src/core/engine/simulate';
import { loadFixture, sampleAt } from './radianceFixtures';

const file = process.argv[2] ?? 'R01_rect_south_open.json';
const quality = (process.argv[3] ?? 'standard') as 'draft' | 'standard' | 'high';
const fx = loadFixture(file);
const res = simulateRoom(fx.room, { quality });
const ys = [...new Set(fx.sensors.map((s) => s[1]))].sort((a, b) => b - a);
const xs = [...new Set(fx.sensors.map((s) => s[0]))].sort((a, b) => a - b);
const at = new Map(fx.sensors.map((s, i) => [`${s[0]},${s[1]}`, i]));
for (const mode of ['ref', 'err']) {
  console.log(mode === 'ref' ? 'reference DF' : 'relative error %');
  for (const y of ys) {
    let line = y.toFixed(2).padStart(6) + ' ';
    for (const x of xs) {
      const i = at.get(`${x},${y}`);
      if (i === undefined) {
        line += '     .';
        continue;
      }
      const v = sampleAt(res, x, y);
      const r = fx.df[i]!;
      line += mode === 'ref' ? r.toFixed(2).padStart(6) : (((v - r) / r) * 100).toFixed(0).padStart(6);
    }
    console.log(line);
  }
}
