/**
 * `npx tsx bench/climateCheck.ts`: the daylight coefficients against the engine run hour by hour under the
 * same Perez skies (issue 32 §8), for 120 hours spread over Chicago's year (every 73rd hour with light
 * between 6:00 and 20:00, all seasons, clear and overcast) in four rooms of the tests' own: a deep street
 * canyon, a block across the street, a context given by angles and no context. The engine has no sun of
 * its own, so the comparison is of the sky's light (the sun's straight path is checked on its own in
 * test/engine/dcSun.test.ts). Prints each room's worst and median hourly deviation of the room mean.
 *
 * `--sampled N`: instead, N rooms drawn by the training data's sampler (src/datagen, the 'broad' stress
 * mix: canyons, L/T/U shapes, balconies, thick walls, range-end reflectances) from seeds 90 001 on, which
 * no development looked at, on every other hour of the 103.
 */
import { readFileSync } from 'node:fs';
import { readEpw } from '../src/core/climate/epw';
import { patchBasis } from '../src/core/climate/patchBasis';
import { reinhartPatches } from '../src/core/climate/patches';
import { hourSky } from '../src/core/climate/hourSky';
import { perezEngineSky } from '../src/core/climate/perez';
import { patchSampler } from '../src/core/climate/skyVector';
import { sunPath } from '../src/core/climate/sun';
import { daylightCoefficients } from '../src/core/engine/dc/coefficients';
import type { EngineRoom } from '../src/core/engine/model';
import { simulateRoom } from '../src/core/engine/simulate';
import { sampledRequest, sampleRoom } from '../src/datagen/sampleRoom';
import { angleRoom, canyonRoom, thinWallRoom } from '../test/engine/scenes';

const quality = process.argv.includes('--draft') ? 'draft' : 'standard';
const w = readEpw(readFileSync('test/fixtures/weather/chicago-ohare-tmy3.epw', 'utf8'));
const sun = sunPath(w);
const patches = reinhartPatches(1);
const basis = patchBasis(patches);
const sampler = patchSampler(patches);
const hours: number[] = [];
for (let k = 0, n = 0; k < w.hours; k++) {
  if (w.hour[k]! < 7 || w.hour[k]! > 20 || !(w.diffuseHorizontal[k]! > 0)) continue;
  if (n++ % 43 === 0) hours.push(k);
}
const sampled = process.argv.includes('--sampled')
  ? Number(process.argv[process.argv.indexOf('--sampled') + 1])
  : 0;
const scenes: [string, EngineRoom][] = sampled
  ? Array.from({ length: sampled }, (_, i) => {
      const seed = 90_001 + i;
      const s = sampleRoom(seed, 'broad');
      const req = sampledRequest(s);
      return [
        `sampled ${seed}`,
        { parameters: req.parameters, geometry: req.geometry, mesh: req.mesh, modelType: req.modelType },
      ];
    })
  : [
      ['deep street canyon', canyonRoom()],
      ['block across the street', thinWallRoom(true)],
      ['context by angles', angleRoom()],
      ['no context', thinWallRoom(false)],
    ];
if (sampled) hours.splice(0, hours.length, ...hours.filter((_, i) => i % 2 === 0));
console.log(`${hours.length} hours, ${quality} quality`);
const v = new Float64Array(patches.count);
for (const [name, room] of scenes) {
  const dc = daylightCoefficients(room, basis, { quality });
  const dev: number[] = [];
  for (const k of hours) {
    const sky = hourSky(w, sun, k);
    sampler.vector(sky, 0.2, v);
    const engine = simulateRoom(room, { quality, sky: perezEngineSky(sky) }).df.data;
    let a = 0,
      b = 0;
    dc.cells.forEach((cell, i) => {
      for (const win of dc.windows) for (let c = 0; c < dc.P; c++) a += win.total[i * dc.P + c]! * v[c]!;
      b += engine[cell]! / 100;
    });
    if (b > 0) dev.push(100 * (a / b - 1));
  }
  const abs = dev.map(Math.abs).sort((x, y) => x - y);
  const mean = dev.reduce((s, x) => s + x, 0) / dev.length;
  console.log(
    `${name.padEnd(24)} hours ${dev.length}  mean ${mean.toFixed(2)} %  median |dev| ${abs[Math.floor(abs.length / 2)]!.toFixed(2)} %  worst ${abs[abs.length - 1]!.toFixed(2)} %  within 3 %: ${abs.filter((x) => x <= 3).length}/${abs.length}`,
  );
}
