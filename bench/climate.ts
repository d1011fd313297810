/**
 * Climate-based daylight (issue 32): a year of light in the 20 m² target room of physics.md, in Chicago's
 * TMY3 year, without and with a 10 000-triangle city: the daylight coefficients (once per scene), the year
 * from them (a new weather file costs this), the metrics, their sum against the 5 s target, a new weather
 * file on the computed scene (the coefficients kept: the file read, its sun, the year and the metrics; and
 * its first estimate) and a new DA threshold (counted with the year) against 100 ms, and the engine run hour
 * by hour over the same hours, estimated from sampled hours.
 */
import { readFileSync } from 'node:fs';
import { annualLight, climateInput, sunDirections, type AnnualLight } from '../src/core/climate/annual';
import { readEpw } from '../src/core/climate/epw';
import { daylightHours, occupiedHours } from '../src/core/climate/hours';
import { climateMetrics } from '../src/core/climate/metrics';
import { CoefficientCache, coefficientKey } from '../src/core/climate/coefficientCache';
import { roomYear, withThresholds } from '../src/core/climate/roomYear';
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
    const input = climateInput(l, occupied, daylight);
    const metrics = await measure(
      `climate: the metrics (DA, sDA with blinds, ASE, UDI, EN 17037), ${label}`,
      () => climateMetrics(input),
      { runs: 5, warmup: 1, scene: { hours: H, sensors: l.sensors } },
    );
    out.push(coefficients, year, metrics);
    // Another year at the site, the room's coefficients kept: what the app's worker and a service thread do.
    const text = readFileSync('test/fixtures/weather/chicago-ohare-tmy3.epw', 'utf8');
    const weatherChange = await measure(
      `climate: a new weather file on the computed scene (read, sun, year, metrics), ${label} (target 100 ms)`,
      () => {
        const w2 = readEpw(text);
        const sun2 = sunPath(w2);
        const { index: index2 } = sunDirections(w2, sun2);
        const l2 = annualLight(dc!, w2, sun2, index2, patches);
        const occ2 = occupiedHours(w2.hour),
          day2 = daylightHours(sun2.altitude, w2.diffuseHorizontal);
        climateMetrics(climateInput(l2, occ2, day2));
      },
      { runs: 3, warmup: 1 },
    );
    weatherChange.peer = { name: 'target', ms: 100, ratio: weatherChange.median_ms / 100 };
    // The same through roomYear with the coefficients kept: the first estimate (every third kept cell and
    // day) an architect sees first, and a threshold among those counted with the year.
    const cache = new CoefficientCache();
    cache.set(
      coefficientKey(
        room,
        { ...w.location, hours: w.hours },
        { quality: 'standard', seed: 1, preview: false, planNorth: 0 },
      ),
      dc!,
    );
    const estimate = await measure(
      `climate: a new weather file's first estimate on the computed scene (read, sun, estimate), ${label} (target 100 ms)`,
      () => {
        const e = roomYear(room, readEpw(text), { cache, preview: true });
        if (!e.cached || !e.estimate) throw new Error('the estimate did not take the kept coefficients');
      },
      { runs: 5, warmup: 1 },
    );
    estimate.peer = { name: 'target', ms: 100, ratio: estimate.median_ms / 100 };
    const computed = roomYear(room, w, { cache });
    const threshold = await measure(
      `climate: a new DA threshold on the computed year (counted with it), ${label} (target 100 ms)`,
      () => withThresholds(computed, { daLux: 500 }),
      { runs: 5, warmup: 1 },
    );
    threshold.peer = { name: 'target', ms: 100, ratio: threshold.median_ms / 100 };
    out.push(weatherChange, estimate, threshold);
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
