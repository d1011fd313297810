/**
 * `npx tsx bench/climateOracle.ts [--points N] [--paths N]`: the daylight coefficients and the engine,
 * each against an independent path tracer (test/engine/oracle: no code shared with the engine) under the
 * same hourly Perez skies (the sky without its sun), in the rooms where the coefficients and the engine
 * disagree most (docs/climate.md): the deep street canyon and the held-out U-shaped room 90 003, and a
 * block across the street. Eight hours of Chicago's year, clear and intermediate skies first (the
 * directional ones), at the same work-plane points for all three; prints each hour's mean over the points
 * and the deviations from the path tracer, whose own noise (±1–2 % a point at 4 000 paths) averages down
 * over the points.
 */
import { readFileSync } from 'node:fs';
import { readEpw } from '../src/core/climate/epw';
import { hourSky } from '../src/core/climate/hourSky';
import { patchBasis } from '../src/core/climate/patchBasis';
import { reinhartPatches } from '../src/core/climate/patches';
import { perezEngineSky } from '../src/core/climate/perez';
import { patchSampler } from '../src/core/climate/skyVector';
import { sunPath } from '../src/core/climate/sun';
import { daylightCoefficients } from '../src/core/engine/dc/coefficients';
import type { EngineRoom } from '../src/core/engine/model';
import { simulateRoom } from '../src/core/engine/simulate';
import { cellCentre } from '../src/core/engine/workplane';
import { sampledRequest, sampleRoom } from '../src/datagen/sampleRoom';
import { PathTracer } from '../test/engine/oracle/pathTracer';
import { canyonRoom, thinWallRoom } from '../test/engine/scenes';

const arg = (name: string, d: number): number =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : d;
const POINTS = arg('--points', 40);
const PATHS = arg('--paths', 4000);
const w = readEpw(readFileSync('test/fixtures/weather/chicago-ohare-tmy3.epw', 'utf8'));
const sun = sunPath(w);
const patches = reinhartPatches(1);
const sampler = patchSampler(patches);
// Eight daytime hours from spring to autumn, the clearest first: where the sky is most directional.
const candidates: number[] = [];
for (let k = 0; k < w.hours; k++)
  if (w.hour[k]! >= 9 && w.hour[k]! <= 16 && w.directNormal[k]! > 0 && w.diffuseHorizontal[k]! > 0)
    candidates.push(k);
candidates.sort(
  (a, b) => w.directNormal[b]! / w.diffuseHorizontal[b]! - w.directNormal[a]! / w.diffuseHorizontal[a]!,
);
const hours = Array.from({ length: 8 }, (_, i) => candidates[Math.floor((i * candidates.length) / 16)]!);

const held = (seed: number): EngineRoom => {
  const req = sampledRequest(sampleRoom(seed, 'broad'));
  return { parameters: req.parameters, geometry: req.geometry, mesh: req.mesh, modelType: req.modelType };
};
const rooms: [string, EngineRoom][] = [
  ['deep street canyon', canyonRoom()],
  ['sampled 90003 (U, notch)', held(90_003)],
  ['block across the street', thinWallRoom(true)],
];
const v = new Float64Array(patches.count);
for (const [name, room] of rooms) {
  const dc = daylightCoefficients(room, patchBasis(patches), {});
  const pt = new PathTracer(room);
  // Every n-th cell of the coefficients, spread over the room.
  const stride = Math.max(1, Math.floor(dc.cells.length / POINTS));
  const picked = Array.from({ length: Math.floor(dc.cells.length / stride) }, (_, i) => i * stride);
  const at = (cell: number): [number, number] =>
    cellCentre(dc.origin.x, dc.origin.y, Math.floor(cell / dc.cols), cell % dc.cols);
  let sumDc = 0,
    sumEngine = 0;
  console.log(`${name}: ${picked.length} points, ${PATHS} paths each`);
  for (const k of hours) {
    const sky = hourSky(w, sun, k);
    sampler.vector(sky, 0.2, v);
    pt.sky = (dx, dy, dz) => (dz > 0 ? sky.luminance(dx, dy, dz) : 0);
    const engine = simulateRoom(room, { sky: perezEngineSky(sky) }).df.data;
    let a = 0,
      b = 0,
      o = 0;
    for (const i of picked) {
      const cell = dc.cells[i]!;
      for (const win of dc.windows) for (let c = 0; c < dc.P; c++) a += win.total[i * dc.P + c]! * v[c]!;
      b += engine[cell]! / 100;
      const [x, y] = at(cell);
      o += pt.daylightFactor(x, y, pt.workPlane, PATHS, 1000 + i, 1000) / 100;
    }
    const dDc = 100 * (a / o - 1),
      dEngine = 100 * (b / o - 1);
    sumDc += dDc;
    sumEngine += dEngine;
    console.log(
      `  hour ${k} (DNI ${w.directNormal[k]} W/m², DHI ${w.diffuseHorizontal[k]}): path tracer ${(o / picked.length).toFixed(0)} lx; coefficients ${dDc >= 0 ? '+' : ''}${dDc.toFixed(2)} %, engine ${dEngine >= 0 ? '+' : ''}${dEngine.toFixed(2)} %`,
    );
  }
  console.log(
    `  mean: coefficients ${(sumDc / hours.length).toFixed(2)} %, engine ${(sumEngine / hours.length).toFixed(2)} %`,
  );
}
