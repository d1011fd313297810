import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CoefficientCache, coefficientBytes, coefficientKey } from '../../src/core/climate/coefficientCache';
import { readEpw } from '../../src/core/climate/epw';
import { roomYear, withThresholds } from '../../src/core/climate/roomYear';
import { thinWallRoom } from '../engine/scenes';
import { cloudyChicagoEpw } from './syntheticWeather';

/**
 * Coefficients kept per scene (issue 32): a new weather file for a room already run reuses them, and
 * gives exactly what a run from scratch gives; anything that shapes them changes the key.
 */
const chicago = readEpw(readFileSync('test/fixtures/weather/chicago-ohare-tmy3.epw', 'utf8'));
const site = { ...chicago.location, hours: chicago.hours };
const settings = { quality: 'draft', seed: 1, preview: false };

describe('coefficient key', () => {
  it('is the same for the same room and site, whatever the weather or thresholds asked', () => {
    const room = thinWallRoom(true);
    const asked = { ...room, weather: 'another year', daLux: 500, occupiedFrom: 7, occupiedTo: 19 };
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
    ];
    expect(new Set([key, ...others]).size).toBe(others.length + 1);
  });
});

describe('a year from kept coefficients', () => {
  it('another weather file at the same site reuses them and equals a run from scratch', () => {
    const room = thinWallRoom(true);
    const cache = new CoefficientCache();
    const first = roomYear(room, chicago, { quality: 'draft', cache });
    expect(first.cached).toBe(false);
    expect(cache.size.entries).toBe(1);
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

  it('answers a first estimate with the year when the year is kept', () => {
    const room = thinWallRoom(true);
    const cache = new CoefficientCache();
    const estimate = roomYear(room, chicago, { quality: 'draft', preview: true, cache });
    expect(estimate.estimate).toBe(true);
    roomYear(room, chicago, { quality: 'draft', cache });
    const again = roomYear(room, chicago, { quality: 'draft', preview: true, cache });
    expect(again.estimate).toBe(false);
    expect(again.cached).toBe(true);
    expect(again.dc.cells.length).toBeGreaterThan(7 * estimate.dc.cells.length);
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
    const year = roomYear(room, chicago, { quality: 'draft' });
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
  }, 60_000);
});
