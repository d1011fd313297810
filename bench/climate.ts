/**
 * Climate-based daylight (issue 32): a year of light in the 20 m² target room of physics.md, in Chicago's
 * TMY3 year, without and with a 10 000-triangle city: the daylight coefficients (once per scene), the year
 * from them (a new weather file costs this), the metrics (a new threshold costs this), their sum against the
 * 5 s target, and the engine run hour by hour over the same hours, estimated from sampled hours.
 */
import { readFileSync } from 'node:fs';
import { annualLight, sunDirections, type AnnualLight } from '../src/core/climate/annual';
import { readEpw } from '../src/core/climate/epw';
import { daylightHours, occupiedHours } from '../src/core/climate/hours';
import { climateMetrics } from '../src/core/climate/metrics';
import { patchBasis } from '../src/core/climate/patchBasis';
import { reinhartPatches } from '../src/core/climate/patches';
import { hourSky } from '../src/core/climate/hourSky';
import { perezEngineSky } from '../src/core/climate/perez';
import { sunPath } from '../src/core/climate/sun';
import { daylightCoefficients, type DaylightCoefficients } from '../src/core/engine/dc/coefficients';
import { simulateRoom } from '../src/core/engine/simulate';
import { cityAround, roomOf } from './engine';
import { measure, type BenchResult } from './harness';
import { BENCH_ROOM } from './scenes';

export async function runClimateBench(): Promise<BenchResult[]> {
  const out: BenchResult[] = [];
  const w = readEpw(readFileSync('test/fixtures/weather/chicago-ohare-tmy3.epw', 'utf8'));
  const sun = sunPath(w);
  const patches = reinhartPatches(1);
  const basis = patchBasis(patches);
  const { directions, index } = sunDirections(w, sun);
  const occupied = occupiedHours(w.hour);
  const daylight = daylightHours(sun.altitude, w.diffuseHorizontal);
  for (const [label, mesh] of [
    ['no context', null],
    ['10^4-triangle city', cityAround(10_000, 2.5, 2, 12, 250, 7)],
  ] as const) {
    const room = roomOf(
      mesh
        ? { model_type: 'df_default', parameters: BENCH_ROOM, mesh }
        : { model_type: 'df_default', parameters: BENCH_ROOM },
    );
    let dc: DaylightCoefficients | null = null;
    const coefficients = await measure(
      `climate: coefficients, 20 m² room, ${label}`,
      () => {
        dc = daylightCoefficients(room, basis, { sun: directions });
      },
      { runs: 3, warmup: 1, scene: { patches: patches.count, sun_positions: directions.length / 3 } },
    );
    let light: AnnualLight | null = null;
    const year = await measure(
      `climate: a year from the coefficients (8760 h asked), ${label}`,
      () => {
        light = annualLight(dc!, w, sun, index, patches);
      },
      { runs: 3, warmup: 1 },
    );
    const l = light! as AnnualLight;
    const H = l.hours.length;
    const occ = Uint8Array.from(l.hours, (k) => occupied[k]!);
    const day = Uint8Array.from(l.hours, (k) => daylight[k]!);
    const metrics = await measure(
      `climate: the metrics (DA, sDA with blinds, ASE, UDI, EN 17037), ${label}`,
      () =>
        climateMetrics({
          sensors: l.sensors,
          hours: H,
          illuminance: l.illuminance,
          directSun: l.directSun,
          occupied: occ,
          daylight: day,
          groups: l.groups,
        }),
      { runs: 5, warmup: 1, scene: { hours: H, sensors: l.sensors } },
    );
    out.push(coefficients, year, metrics);
    const total = coefficients.median_ms + year.median_ms + metrics.median_ms;
    // The engine hour by hour under each hour's Perez sky (the sky alone): a sample of hours, times all.
    const sample = Array.from({ length: 6 }, (_, i) => l.hours[Math.floor(((i + 0.5) / 6) * H)]!);
    let ms = 0;
    for (const k of sample) {
      const sky = hourSky(w, sun, k);
      const t0 = performance.now();
      simulateRoom(room, { sky: perezEngineSky(sky) });
      ms += performance.now() - t0;
    }
    const hourByHour = (ms / sample.length) * H;
    out.push({
      name: `climate: the whole year, ${label} (target 5 s)`,
      median_ms: total,
      min_ms: total,
      max_ms: total,
      runs: 1,
      scene: { hours: H, sensors: l.sensors },
      peer: { name: 'target', ms: 5000, ratio: total / 5000 },
    });
    out.push({
      name: `climate: the engine hour by hour over the same hours, ${label} (estimated from 6)`,
      median_ms: hourByHour,
      min_ms: hourByHour,
      max_ms: hourByHour,
      runs: sample.length,
      peer: { name: 'coefficients + year', ms: total, ratio: hourByHour / total },
    });
  }
  return out;
}
