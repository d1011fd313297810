import type { WeatherLocation } from './epw';
import { sunAt } from './sun';

/** A curve of the sun across the sky: (azimuth clockwise from north, altitude) in degrees, above the horizon. */
export type SkyCurve = [number, number][];

/**
 * The sun path diagram of a place (the climate panel's): the sun's track on the 21st of each month from
 * December to June (the other months retrace them), and the hour lines (the sun at each whole hour of local
 * standard time across the year), in degrees, only the parts above the horizon.
 */
export function sunPathDiagram(loc: Pick<WeatherLocation, 'latitude' | 'longitude' | 'timeZone'>): {
  days: { month: number; curve: SkyCurve }[];
  hours: { hour: number; curve: SkyCurve }[];
} {
  const up = (month: number, day: number, h: number): [number, number] | null => {
    const s = sunAt(loc, month, day, h);
    return s.altitude > 0 ? [s.azimuth, s.altitude] : null;
  };
  const days = [12, 1, 2, 3, 4, 5, 6].map((month) => {
    const curve: SkyCurve = [];
    for (let h = 0; h <= 24; h += 0.25) {
      const p = up(month, 21, h);
      if (p) curve.push(p);
    }
    return { month, curve };
  });
  const hours: { hour: number; curve: SkyCurve }[] = [];
  for (let hour = 1; hour <= 23; hour++) {
    const curve: SkyCurve = [];
    // From the winter to the summer solstice, a point every week: the hour's analemma-shaped line.
    for (let d = 0; d <= 182; d += 7) {
      const date = new Date(Date.UTC(2022, 11, 21 + d));
      const p = up(date.getUTCMonth() + 1, date.getUTCDate(), hour);
      if (p) curve.push(p);
    }
    if (curve.length > 1) hours.push({ hour, curve });
  }
  return { days, hours };
}
