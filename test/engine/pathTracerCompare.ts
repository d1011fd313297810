/**
 * Three-way comparison on one Radiance scene: the independent path tracer, Radiance and the engine (grid
 * sampled bilinearly, and evaluated at the sensors themselves). Separates the engine's error from the
 * comparison method's (bilinear interpolation between cell centres) and from reference noise.
 * Run: npx tsx test/engine/pathTracerCompare.ts R02_rect_south_building.json [paths per sensor] [every n-th sensor]
 */
import { simulateRoom } from '../../src/core/engine/simulate';
import { PathTracer } from './oracle/pathTracer';
import { agreement, loadFixture, sampleAt } from './radianceFixtures';

const fx = loadFixture(process.argv[2] ?? 'R02_rect_south_building.json');
const n = Number(process.argv[3] ?? 10000);
const step = Number(process.argv[4] ?? 1);
const pt = new PathTracer(fx.room);
const idx = fx.sensors.map((_, i) => i).filter((i) => i % step === 0);
const pts = idx.map((i) => [fx.sensors[i]![0], fx.sensors[i]![1]] as [number, number]);
const res = simulateRoom(fx.room, { points: pts });
const path = idx.map((i) =>
  pt.daylightFactor(fx.sensors[i]![0], fx.sensors[i]![1], fx.sensors[i]![2], n, i + 7),
);
const ref = idx.map((i) => fx.df[i]!);
const grid = idx.map((i) => sampleAt(res, fx.sensors[i]![0], fx.sensors[i]![1]));
const exact = Array.from(res.points);
const show = (name: string, a: ReturnType<typeof agreement>) =>
  console.log(
    name.padEnd(28),
    a.mae.toFixed(3),
    (100 * a.within10).toFixed(1) + '%',
    (100 * a.meanError).toFixed(2) + '%',
    'median',
    (100 * a.medianRel).toFixed(2) + '%',
  );
show('path vs radiance', agreement(path, ref));
show('engine(grid) vs radiance', agreement(grid, ref));
show('engine(point) vs radiance', agreement(exact, ref));
show('engine(grid) vs path', agreement(grid, path));
show('engine(point) vs path', agreement(exact, path));
