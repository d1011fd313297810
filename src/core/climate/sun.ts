import { getPosition } from 'suncalc';
import type { Weather, WeatherLocation } from './epw';

/**
 * The sun's position for every hour of a weather year, from `suncalc` (maintained, pure JavaScript for the
 * browser and Node alike, with refraction). Measured against NREL's Solar Position Algorithm (Reda &
 * Andreas 2004, ±0.0003°; the `nrel-spa` package, which gives NREL's published worked example to 10⁻⁸°
 * but loads its code through Node's require, so it cannot run in the browser) over every daylight hour of
 * a year in five climates from 64° N to 34° S: altitude within 0.08° (the largest near the horizon, from
 * refraction) and azimuth within 0.01° of arc, a sixth of the sun's own diameter
 * (test/climate/sun.test.ts). Each hour's sun stands at the middle of the hour (EPW's hour h covers h−1 to
 * h local standard time; Radiance's epw2wea takes h − 0.5 too).
 *
 * A typical year's months come from different years; the dates are taken in 2022, the middle of the leap
 * cycle, so that a calendar date's sun is within a quarter day of the cycle's mean (≤ 0.1° of declination).
 */
export const SUN_YEAR = 2022;

export interface SunPath {
  /** Unit vectors towards the sun, world frame (x east, y north, z up), three per hour. */
  direction: Float64Array;
  /** Degrees above the horizon (negative: below), one per hour. */
  altitude: Float32Array;
  /** Degrees clockwise from north (90 = east), one per hour. */
  azimuth: Float32Array;
}

/**
 * The sun in a plan whose +y is not north: `north` degrees clockwise from the plan's +y (the app's site
 * orientation, an IFC file's TrueNorth). A bearing φ from north is φ + north from the plan's +y, so each
 * direction turns clockwise by `north` about z; altitude and compass azimuth stay (the sun diagram's).
 * The Perez sky depends only on the angles to the sun and the zenith, so the sky turns with its sun, and
 * the patches and the room stay as drawn. The same object for north 0.
 */
export function sunInPlan(sun: SunPath, north: number): SunPath {
  if (north % 360 === 0) return sun;
  const t = (north * Math.PI) / 180;
  const c = Math.cos(t),
    s = Math.sin(t);
  const direction = new Float64Array(sun.direction.length);
  for (let k = 0; k < direction.length; k += 3) {
    const x = sun.direction[k]!,
      y = sun.direction[k + 1]!;
    direction[k] = x * c + y * s;
    direction[k + 1] = y * c - x * s;
    direction[k + 2] = sun.direction[k + 2]!;
  }
  return { ...sun, direction };
}

/** The sun at local standard time `hours` (0–24) of a date, at a location. */
export function sunAt(
  loc: Pick<WeatherLocation, 'latitude' | 'longitude' | 'timeZone'>,
  month: number,
  day: number,
  hours: number,
): { altitude: number; azimuth: number; direction: [number, number, number] } {
  // Local standard time to the UTC instant suncalc takes.
  const date = new Date(Date.UTC(SUN_YEAR, month - 1, day) + Math.round((hours - loc.timeZone) * 3_600_000));
  const p = getPosition(date, loc.latitude, loc.longitude);
  const a = (p.altitude * Math.PI) / 180,
    z = (p.azimuth * Math.PI) / 180;
  return {
    altitude: p.altitude,
    azimuth: p.azimuth,
    direction: [Math.sin(z) * Math.cos(a), Math.cos(z) * Math.cos(a), Math.sin(a)],
  };
}

type YearOf = Pick<Weather, 'location' | 'hours' | 'month' | 'day' | 'hour'>;

/**
 * The last year's sun, kept: another weather file for the same site (the case whose daylight coefficients
 * are kept, coefficientCache.ts) has the same sun, which costs ~15 ms a year to compute again.
 */
let lastPath: { w: YearOf; path: SunPath } | null = null;

/** The sun at the middle of every hour of the weather year (the same object for the same site and hours). */
export function sunPath(w: YearOf): SunPath {
  if (lastPath && sameHours(lastPath.w, w)) return lastPath.path;
  const path = computedPath(w);
  // Copies: a caller may reuse its arrays for another year.
  const { location, hours } = w;
  lastPath = {
    w: { location: { ...location }, hours, month: w.month.slice(), day: w.day.slice(), hour: w.hour.slice() },
    path,
  };
  return path;
}

function sameHours(a: YearOf, b: YearOf): boolean {
  const [p, q] = [a.location, b.location];
  return (
    p.latitude === q.latitude &&
    p.longitude === q.longitude &&
    p.timeZone === q.timeZone &&
    a.hours === b.hours &&
    equal(a.month, b.month) &&
    equal(a.day, b.day) &&
    equal(a.hour, b.hour)
  );
}

const equal = (a: Uint8Array, b: Uint8Array): boolean =>
  a.length === b.length && a.every((v, i) => v === b[i]);

function computedPath(w: YearOf): SunPath {
  const direction = new Float64Array(w.hours * 3);
  const altitude = new Float32Array(w.hours);
  const azimuth = new Float32Array(w.hours);
  for (let k = 0; k < w.hours; k++) {
    const s = sunAt(w.location, w.month[k]!, w.day[k]!, w.hour[k]! - 0.5);
    direction.set(s.direction, k * 3);
    altitude[k] = s.altitude;
    azimuth[k] = s.azimuth;
  }
  return { direction, altitude, azimuth };
}
