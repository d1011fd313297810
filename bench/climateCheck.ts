/**
 * `npx tsx bench/climateCheck.ts`: the daylight coefficients against the engine run hour by hour under the
 * same Perez skies (issue 32 §8), for 120 hours spread over Chicago's year (every 73rd hour with light
 * between 6:00 and 20:00, all seasons, clear and overcast) in four rooms of the tests' own: a deep street
 * canyon, a block across the street, a context given by angles and no context. The engine has no sun of
 * its own, so the comparison is of the sky's light (the sun's straight path is checked on its own in
 * test/engine/dcSun.test.ts). Prints each room's worst and median hourly deviation of the room mean.
 */
import { readFileSync } from 'node:fs';
import { readEpw } from '../src/core/climate/epw';
import { patchBasis } from '../src/core/climate/patchBasis';
import { reinhartPatches } from '../src/core/climate/patches';
import { perezEngineSky, perezSky } from '../src/core/climate/perez';
import { patchSampler } from '../src/core/climate/skyVector';
import { sunPath } from '../src/core/climate/sun';
import { daylightCoefficients } from '../src/core/engine/dc/coefficients';
import type { EngineRoom } from '../src/core/engine/model';
import { simulateRoom } from '../src/core/engine/simulate';
import { rad } from '../src/core/units';
import { parseRunRequest } from '../src/core/validation/requests';
import { canyonRoom, thinWallRoom } from '../test/engine/scenes';

function angleRoom(): EngineRoom {
  const req = parseRunRequest({
    model_type: 'df_default',
    parameters: {
      height_roof_over_floor: 2.7,
      floor_height_above_terrain: 4,
      room_polygon: [
        [0, 0],
        [5, 0],
        [5, 4],
        [0, 4],
      ],
      windows: { w: { x1: 0.8, y1: 0, z1: 4.9, x2: 4.2, y2: -0.35, z2: 6.4, window_frame_ratio: 0.15 } },
    },
    horizon: new Array(64).fill(25),
    zenith: new Array(64).fill(30),
  });
  return { parameters: req.parameters, geometry: req.geometry, mesh: null, modelType: 'df_default' };
}

const quality = (process.argv[2] as 'draft' | 'standard' | undefined) ?? 'standard';
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
const scenes: [string, EngineRoom][] = [
  ['deep street canyon', canyonRoom()],
  ['block across the street', thinWallRoom(true)],
  ['context by angles', angleRoom()],
  ['no context', thinWallRoom(false)],
];
console.log(`${hours.length} hours, ${quality} quality`);
const v = new Float64Array(patches.count);
for (const [name, room] of scenes) {
  const dc = daylightCoefficients(room, basis, { quality });
  const dev: number[] = [];
  for (const k of hours) {
    const sky = perezSky({
      sunZenith: rad(((90 - sun.altitude[k]!) * Math.PI) / 180),
      sun: { x: sun.direction[k * 3]!, y: sun.direction[k * 3 + 1]!, z: sun.direction[k * 3 + 2]! },
      dayOfYear: Math.floor(k / 24) + 1,
      directNormalIrradiance: w.directNormal[k]!,
      diffuseHorizontalIrradiance: w.diffuseHorizontal[k]!,
      diffuseHorizontalIlluminance: w.diffuseHorizontalIlluminance[k]!,
      directNormalIlluminance: w.directNormalIlluminance[k]!,
      dewPoint: w.dewPoint[k]!,
    });
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
