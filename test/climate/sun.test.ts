import { readFileSync } from 'node:fs';
import { getSpa } from 'nrel-spa';
import { describe, expect, it } from 'vitest';
import { readEpw } from '../../src/core/climate/epw';
import { sunAt, sunInPlan, sunPath } from '../../src/core/climate/sun';
import { sunPathDiagram } from '../../src/core/climate/sunDiagram';

const CHICAGO_TEXT = readFileSync('test/fixtures/weather/chicago-ohare-tmy3.epw', 'utf8');

describe('the sun', () => {
  it('gives NREL’s published worked example (Reda & Andreas 2004, Table A5.1)', () => {
    // Golden, Colorado, 17 October 2003, 12:30:30 local standard time (UTC−7): zenith 50.11162°,
    // azimuth 194.34024° (from north, eastward).
    const r = getSpa(new Date(Date.UTC(2003, 9, 17, 12, 30, 30)), 39.742476, -105.1786, -7, {
      elevation: 1830.14,
      pressure: 820,
      temperature: 11,
      delta_t: 67,
      function: 0,
    });
    expect(r.zenith).toBeCloseTo(50.11162, 5);
    expect(r.azimuth).toBeCloseTo(194.34024, 5);
  });

  it('is within 0.1° of NREL’s algorithm over every daylight hour of a year, from Reykjavik to Cape Town', () => {
    let worstAltitude = 0,
      worstArc = 0,
      hours = 0;
    for (const [latitude, longitude, timeZone] of [
      [64.13, -21.9, 0],
      [59.33, 18.07, 1],
      [41.98, -87.92, -6],
      [1.35, 103.82, 8],
      [-33.92, 18.42, 2],
    ] as const) {
      const loc = { latitude, longitude, timeZone };
      for (let k = 0; k < 8760; k += 3) {
        const day = Math.floor(k / 24);
        const date = new Date(Date.UTC(2022, 0, 1 + day));
        const month = date.getUTCMonth() + 1,
          dom = date.getUTCDate(),
          h = (k % 24) + 0.5;
        const spa = getSpa(
          new Date(Date.UTC(2022, month - 1, dom) + h * 3_600_000),
          latitude,
          longitude,
          timeZone,
          { function: 0 },
        );
        const s = sunAt(loc, month, dom, h);
        if (90 - spa.zenith < 0) continue;
        hours++;
        worstAltitude = Math.max(worstAltitude, Math.abs(s.altitude - (90 - spa.zenith)));
        let dz = Math.abs(s.azimuth - spa.azimuth);
        if (dz > 180) dz = 360 - dz;
        worstArc = Math.max(worstArc, dz * Math.cos((s.altitude * Math.PI) / 180));
      }
    }
    expect(hours).toBeGreaterThan(7000);
    expect(worstAltitude).toBeLessThan(0.1);
    expect(worstArc).toBeLessThan(0.02);
  });

  it('stands where the seasons put it: equinox noon at 90° − latitude, solstices ±23.44°, east and west at equinox', () => {
    // On the meridian (longitude 15° E, UTC+1: local standard time is mean solar time), the sun culminates
    // near 12:00 (the equation of time moves it by minutes: altitude at 12:00 is within 0.1° of culmination).
    const loc = { latitude: 50, longitude: 15, timeZone: 1, elevation: 0 };
    const culmination = (month: number, day: number): number =>
      Math.max(...Array.from({ length: 61 }, (_, i) => sunAt(loc, month, day, 11.5 + i / 60).altitude));
    // Refraction lifts the apparent sun by ~0.02° at 40° altitude.
    expect(culmination(3, 20)).toBeCloseTo(40, 0);
    expect(culmination(6, 21) - (90 - 50)).toBeCloseTo(23.44, 0);
    expect(culmination(12, 21) - (90 - 50)).toBeCloseTo(-23.44, 0);
    // Around the equinox the sun rises in the east and sets in the west.
    const morning = sunAt(loc, 3, 20, 6.2);
    expect(Math.abs(morning.altitude)).toBeLessThan(2);
    expect(morning.azimuth).toBeGreaterThan(87);
    expect(morning.azimuth).toBeLessThan(93);
    const noon = sunAt(loc, 6, 21, 12);
    expect(noon.azimuth).toBeGreaterThan(170);
    expect(noon.azimuth).toBeLessThan(190);
    // The direction is a unit vector in the world frame (x east, y north, z up): south at noon → y < 0.
    const [x, y, z] = noon.direction;
    expect(Math.hypot(x, y, z)).toBeCloseTo(1, 12);
    expect(y).toBeLessThan(0);
    expect(z).toBeCloseTo(Math.sin((noon.altitude * Math.PI) / 180), 12);
  });

  it('follows the weather file’s clock: the file’s extraterrestrial radiation matches the sun at mid-hour', () => {
    // EPW field 11 is the extraterrestrial horizontal radiation of the hour (Wh/m²), computed by the file's
    // maker from its own sun: at the middle of the hour its ratio to the direct-normal one (field 12) is the
    // sine of the sun's altitude. A clock off by an hour, the wrong time zone or the hour's start instead
    // of its middle would show here as a ±15° swing.
    const w = readEpw(CHICAGO_TEXT);
    const sun = sunPath(w);
    const lines = CHICAGO_TEXT.split('\n');
    let worst = 0,
      compared = 0;
    for (let k = 0; k < w.hours; k++) {
      const f = lines[8 + k]!.split(',');
      const horizontal = Number(f[10]),
        normal = Number(f[11]);
      const alt = sun.altitude[k]!;
      if (horizontal <= 0 || normal <= 0 || alt < 10) continue;
      const fileAltitude = (Math.asin(Math.min(1, horizontal / normal)) * 180) / Math.PI;
      worst = Math.max(worst, Math.abs(fileAltitude - alt));
      compared++;
    }
    expect(compared).toBeGreaterThan(3500);
    // The file's value is an hour's mean of sin(altitude), not its mid-hour value: within 0.5° here (5.7° at the hour’s start).
    expect(worst).toBeLessThan(1);
  });

  it('turns into a plan whose +y is not north: each bearing grows by north, altitude stays', () => {
    const path = sunPath(readEpw(CHICAGO_TEXT));
    expect(sunInPlan(path, 0)).toBe(path);
    // North 90° clockwise from the plan's up: true north is the plan's +x, true east its −y.
    const turned = sunInPlan(path, 90);
    for (const k of [12, 4000, 8000]) {
      const x = path.direction[3 * k]!,
        y = path.direction[3 * k + 1]!,
        z = path.direction[3 * k + 2]!;
      expect(turned.direction[3 * k]).toBeCloseTo(y, 12);
      expect(turned.direction[3 * k + 1]).toBeCloseTo(-x, 12);
      expect(turned.direction[3 * k + 2]).toBe(z);
    }
    // A bearing of 200° (SSW) with north at 30° points 230° from the plan's up.
    const one = {
      direction: Float64Array.of(Math.sin((200 * Math.PI) / 180), Math.cos((200 * Math.PI) / 180), 0),
    };
    const t = sunInPlan({ ...path, ...one }, 30).direction;
    expect(((Math.atan2(t[0]!, t[1]!) * 180) / Math.PI + 360) % 360).toBeCloseTo(230, 10);
    expect(turned.altitude).toBe(path.altitude);
    expect(turned.azimuth).toBe(path.azimuth);
  });

  it('keeps the last year’s sun for another weather file of the same site, and only for it', () => {
    const w = readEpw(CHICAGO_TEXT);
    const first = sunPath(w);
    // Another file of the site (other values, the same place and hours): the same sun, not computed again.
    const again = readEpw(CHICAGO_TEXT);
    again.globalHorizontal.fill(0);
    expect(sunPath(again)).toBe(first);
    // Another site, or the caller's own arrays changed after the first call: computed for what they say.
    const east = { ...w, location: { ...w.location, longitude: w.location.longitude + 15 } };
    const shifted = sunPath(east);
    expect(shifted).not.toBe(first);
    const k = 172 * 24 + 12; // 21 June, 12:30
    expect(shifted.altitude[k]).not.toBeCloseTo(first.altitude[k]!, 0);
    const mine = { ...w, day: w.day.slice() };
    sunPath(mine);
    mine.day.fill(1);
    const firstDays = sunPath(mine);
    expect(firstDays.altitude[k]).toBeCloseTo(
      sunAt(w.location, w.month[k]!, 1, w.hour[k]! - 0.5).altitude,
      4,
    );
  });

  it('draws the sun path diagram: the solstices’ noon heights, and noon in the south', () => {
    const d = sunPathDiagram({ latitude: 41.98, longitude: -87.92, timeZone: -6 });
    const top = (month: number) => Math.max(...d.days.find((x) => x.month === month)!.curve.map((p) => p[1]));
    // 90° − latitude ± 23.44°, within the quarter-hour sampling.
    expect(top(6)).toBeCloseTo(90 - 41.98 + 23.44, 0);
    expect(top(12)).toBeCloseTo(90 - 41.98 - 23.44, 0);
    expect(d.days).toHaveLength(7);
    // Chicago's clock meridian is 90° W, the city 87.9° W: noon stands within ~10° of south all year.
    const noon = d.hours.find((h) => h.hour === 12)!.curve;
    for (const [az] of noon) expect(Math.abs(az - 180)).toBeLessThan(12);
    // Every point is above the horizon.
    for (const c of [...d.days, ...d.hours]) for (const [, alt] of c.curve) expect(alt).toBeGreaterThan(0);
  });
});
