import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CoefficientCache, coefficientBytes, coefficientKey } from '../../src/core/climate/coefficientCache';
import { annualLight, sunDirections } from '../../src/core/climate/annual';
import { readEpw } from '../../src/core/climate/epw';
import { reinhartPatches } from '../../src/core/climate/patches';
import { sunPath } from '../../src/core/climate/sun';
import { everyNthCell } from '../../src/core/engine/dc/cellSubset';
import { strideCells } from '../../src/core/engine/workplane';
import { roomYear, withThresholds } from '../../src/core/climate/roomYear';
import { thinWallRoom } from '../engine/scenes';
import { crownTriangles } from '../../src/core/engine/crowns';
import type { Crowns } from '../../src/core/types';
import { cloudyChicagoEpw } from './syntheticWeather';

/**
 * Coefficients kept per scene (issue 32): a new weather file for a room already run reuses them, and
 * gives exactly what a run from scratch gives; anything that shapes them changes the key.
 */
const chicago = readEpw(readFileSync('test/fixtures/weather/chicago-ohare-tmy3.epw', 'utf8'));
const site = { ...chicago.location, hours: chicago.hours };
const settings = { quality: 'draft', seed: 1, preview: false, planNorth: 0 };

/**
 * The room's Chicago year at draft, computed once for the tests below that read it (each ~5 s of a core),
 * with the cache it filled: the first call computes it from scratch into an empty cache.
 */
let chicagoYear: { year: ReturnType<typeof roomYear>; cache: CoefficientCache } | null = null;
function keptChicagoYear(): { year: ReturnType<typeof roomYear>; cache: CoefficientCache } {
  if (chicagoYear) return chicagoYear;
  const cache = new CoefficientCache();
  chicagoYear = { year: roomYear(thinWallRoom(true), chicago, { quality: 'draft', cache }), cache };
  return chicagoYear;
}

/** A crown in front of the room as the engine takes it: its triangles, each of tree 1, and its share. */
const crowns = (transmittance: number, dx = 0): Crowns => {
  const points: number[] = [];
  crownTriangles({ centre: [2 + dx, -6, 4], radii: [3, 3, 3] }, points);
  return {
    positions: new Float32Array(points),
    tree: new Uint16Array(points.length / 9).fill(1),
    transmittance,
  };
};

describe('coefficient key', () => {
  it('is the same for the same room and site, whatever the weather or thresholds asked', () => {
    const room = thinWallRoom(true);
    const asked = {
      ...room,
      weather: 'another year',
      daLux: 500,
      occupiedFrom: 7,
      occupiedTo: 19,
      planNorth: 40,
    };
    expect(coefficientKey(asked, site, settings)).toBe(coefficientKey(room, site, settings));
  });

  it('changes with the room, its surroundings, the site and the settings', () => {
    const room = thinWallRoom(true);
    const key = coefficientKey(room, site, settings);
    const moved = room.mesh!.positions.slice();
    moved[4] = moved[4]! + 0.001;
    const others = [
      coefficientKey({ ...room, mesh: { positions: moved } }, site, settings),
      coefficientKey({ ...room, mesh: null }, site, settings),
      coefficientKey(
        { ...room, parameters: { ...room.parameters, vertical_reflectance: 0.6 } },
        site,
        settings,
      ),
      coefficientKey(room, { ...site, latitude: 51.5 }, settings),
      coefficientKey(room, { ...site, timeZone: -5 }, settings),
      coefficientKey(room, site, { ...settings, quality: 'standard' }),
      coefficientKey(room, site, { ...settings, seed: 2 }),
      coefficientKey(room, site, { ...settings, preview: true }),
      // The sun directions traced turn with true north in the plan.
      coefficientKey(room, site, { ...settings, planNorth: 40 }),
      // Tree crowns: another share, another crown (a few numbers of key, not their arrays).
      coefficientKey({ ...room, crowns: crowns(0.2) }, site, settings),
      coefficientKey({ ...room, crowns: crowns(0.5) }, site, settings),
      coefficientKey({ ...room, crowns: crowns(0.2, 1) }, site, settings),
    ];
    expect(new Set([key, ...others]).size).toBe(others.length + 1);
    expect(coefficientKey({ ...room, crowns: crowns(0.2) }, site, settings)).toBe(others.at(-3));
    expect(others.at(-3)!.length - key.length).toBeLessThan(40);
  });
});

describe('a year from kept coefficients', () => {
  it('another weather file at the same site reuses them and equals a run from scratch', () => {
    const room = thinWallRoom(true);
    const { year: first, cache } = keptChicagoYear();
    expect(first.cached).toBe(false);
    expect(cache.has(coefficientKey(room, site, settings))).toBe(true);
    // A cloudier year at Chicago's coordinates: other values, the same sun path.
    const cloudy = readEpw(cloudyChicagoEpw());
    const kept = roomYear(room, cloudy, { quality: 'draft', cache });
    expect(kept.cached).toBe(true);
    expect(kept.dc).toBe(first.dc);
    const scratch = roomYear(room, cloudy, { quality: 'draft' });
    expect(kept.metrics.sda).toBe(scratch.metrics.sda);
    expect(kept.metrics.ase).toBe(scratch.metrics.ase);
    expect(Array.from(kept.metrics.maps.da)).toEqual(Array.from(scratch.metrics.maps.da));
    // The weather differs, so the year does.
    expect(kept.metrics.daMean).not.toBe(first.metrics.daMean);
  }, 60_000);

  it('answers a first estimate from every third of the year’s cells when the year is kept', () => {
    const room = thinWallRoom(true);
    const { year, cache } = keptChicagoYear();
    const cloudy = readEpw(cloudyChicagoEpw());
    const estimate = roomYear(room, cloudy, { quality: 'draft', preview: true, cache });
    expect([estimate.estimate, estimate.cached]).toEqual([true, true]);
    // Not a coarse preview's own coefficients: the year's, at its cells, copied once and kept beside the
    // year's (the next weather file's estimate takes the same ones).
    expect(cache.size.entries).toBe(2);
    expect([...estimate.dc.cells]).toEqual([...strideCells(year.dc.cells, year.dc.cols, 3)]);
    expect(roomYear(room, chicago, { quality: 'draft', preview: true, cache }).dc).toBe(estimate.dc);
    expect(year.dc.cells.length).toBeGreaterThan(7 * estimate.dc.cells.length);
    // Close to the new weather's whole year.
    const whole = roomYear(room, cloudy, { quality: 'draft', cache });
    expect(Math.abs(estimate.metrics.sdaBlinds - whole.metrics.sdaBlinds)).toBeLessThan(8);
    expect(Math.abs(estimate.metrics.daMean - whole.metrics.daMean)).toBeLessThan(4);
  }, 60_000);

  it('gives a subset of cells exactly the light those cells have in the whole set', () => {
    const { year } = keptChicagoYear();
    const sun = sunPath(chicago);
    const { index } = sunDirections(chicago, sun);
    const patches = reinhartPatches(1);
    const some = everyNthCell(year.dc, 3);
    const all = year.light;
    const asked = new Uint8Array(chicago.hours);
    for (const k of all.hours) asked[k] = 1;
    const part = annualLight(some, chicago, sun, index, patches, { hours: asked });
    expect([...part.hours]).toEqual([...all.hours]);
    const S = all.sensors,
      s = part.sensors;
    const at = new Map([...year.dc.cells].map((idx, i) => [idx, i]));
    for (let h = 0; h < all.hours.length; h += 37)
      some.cells.forEach((idx, j) => {
        const i = at.get(idx)!;
        expect(part.illuminance[h * s + j]).toBe(all.illuminance[h * S + i]);
        expect(part.directSun[h * s + j]).toBe(all.directSun[h * S + i]);
      });
    // Stride 1 is the set itself.
    expect(everyNthCell(year.dc, 1)).toBe(year.dc);
  }, 60_000);

  it('lets the least recently used go once its bytes are exceeded', () => {
    const room = thinWallRoom(true);
    const big = new CoefficientCache();
    const a = roomYear(room, chicago, { quality: 'draft', preview: true, cache: big }).dc;
    const bytes = coefficientBytes(a);
    expect(big.size.bytes).toBe(bytes);
    // Room for two such sets: a third pushes out the one used longest ago.
    const cache = new CoefficientCache(2.5 * bytes);
    cache.set('a', a);
    cache.set('b', a);
    cache.get('a');
    cache.set('c', a);
    expect(cache.has('a')).toBe(true);
    expect(cache.has('b')).toBe(false);
    expect(cache.has('c')).toBe(true);
    expect(cache.size).toEqual({ bytes: 2 * bytes, entries: 2 });
    // A set larger than the whole cache is not kept.
    const tiny = new CoefficientCache(bytes - 1);
    tiny.set('a', a);
    expect(tiny.size.entries).toBe(0);
  }, 60_000);
});

describe('a new threshold on a computed year', () => {
  it('recomputes the metrics from the kept light: the same as a year run at that threshold', () => {
    const room = thinWallRoom(true);
    const { year } = keptChicagoYear();
    const at500 = withThresholds(year, { daLux: 500 });
    const direct = roomYear(room, chicago, { quality: 'draft', metrics: { daLux: 500 } });
    expect(Array.from(at500.metrics.maps.da)).toEqual(Array.from(direct.metrics.maps.da));
    expect(at500.metrics.daMean).toBe(direct.metrics.daMean);
    expect(at500.metrics.daMean).toBeLessThan(year.metrics.daMean);
    // sDA is sDA300 whatever DA's threshold; the light itself is the same object, not recomputed.
    expect(at500.metrics.sdaBlinds).toBe(year.metrics.sdaBlinds);
    expect(at500.light).toBe(year.light);
    // Back at 300: the year as it was.
    expect(withThresholds(at500, { daLux: 300 }).metrics.daMean).toBe(year.metrics.daMean);
    // A listed threshold comes from the counts kept with the year, not another pass over the light:
    // with the kept light blanked it is still right; a threshold not listed takes the pass (and sees the blank).
    const blanked = {
      ...year,
      input: { ...year.input, illuminance: new Float32Array(year.input.illuminance.length) },
    };
    expect(withThresholds(blanked, { daLux: 500 }).metrics.daMean).toBe(direct.metrics.daMean);
    expect(withThresholds(blanked, { daLux: 450 }).metrics.daMean).toBe(0);
  }, 60_000);
});
