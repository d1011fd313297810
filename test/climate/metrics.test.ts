import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { siteDfTargets } from '../../src/core/climate/en17037';
import { readEpw } from '../../src/core/climate/epw';
import { diffuseIlluminance } from '../../src/core/climate/summary';
import { describe, expect, it } from 'vitest';
import { isLuxError } from '../../src/core/errors';
import { operateBlinds, type WindowGroup } from '../../src/core/climate/blinds';
import { brightestHours, countHours, daylightHours, occupiedHours } from '../../src/core/climate/hours';
import {
  climateMetrics,
  daAt,
  DA_LEVELS,
  leedPoints,
  type ClimateInput,
} from '../../src/core/climate/metrics';

/** H × S series, hour-major, from a function of (hour, sensor). */
function series(hours: number, sensors: number, f: (h: number, s: number) => number): Float32Array {
  const a = new Float32Array(hours * sensors);
  for (let h = 0; h < hours; h++) for (let s = 0; s < sensors; s++) a[h * sensors + s] = f(h, s);
  return a;
}

/** A room with every hour occupied and daylit unless told otherwise, and no direct sun. */
function room(
  hours: number,
  sensors: number,
  light: (h: number, s: number) => number,
  more: Partial<ClimateInput> = {},
): ClimateInput {
  return {
    sensors,
    hours,
    illuminance: series(hours, sensors, light),
    directSun: new Float32Array(hours * sensors),
    occupied: new Uint8Array(hours).fill(1),
    daylight: new Uint8Array(hours).fill(1),
    ...more,
  };
}

/** EPW hour-of-day (1–24) of each hour of a 365-day year. */
const yearHours = Array.from({ length: 8760 }, (_, i) => (i % 24) + 1);

describe('occupied and daylight hours', () => {
  it('takes EPW hours 9..18 (08:00–18:00) as LM-83’s day: 3650 hours a year', () => {
    const occ = occupiedHours(yearHours);
    expect(countHours(occ)).toBe(3650);
    // Hour h covers (h − 1, h]: hour 8 is 07:00–08:00 (out), hour 18 is 17:00–18:00 (in), hour 19 out.
    expect([...occ.subarray(0, 24)]).toEqual(
      [...Array(24)].map((_, i) => (i + 1 >= 9 && i + 1 <= 18 ? 1 : 0)),
    );
    expect(countHours(occupiedHours(yearHours, 9, 17))).toBe(365 * 8);
  });

  it('counts an hour as daylight with the sun up or any diffuse light', () => {
    expect([...daylightHours([-5, 0, 0.1, 30])]).toEqual([0, 0, 1, 1]);
    expect([...daylightHours([-5, -3, 10], [0, 12, 0])]).toEqual([0, 1, 1]);
  });

  it('picks the brightest hours, the earlier of equal ones first', () => {
    expect([...brightestHours([5, 9, 9, 1, 7], 3)]).toEqual([0, 1, 1, 0, 1]);
    expect([...brightestHours([3, 3, 3, 3], 2)]).toEqual([1, 1, 0, 0]);
    expect(countHours(brightestHours(Float32Array.from(yearHours)))).toBe(4380);
  });
});

describe('daylight autonomy and sDA', () => {
  // Four sensors over one day; occupied 08:00–18:00 (indices 8..17 = EPW hours 9..18).
  const occupied = occupiedHours(Array.from({ length: 24 }, (_, i) => i + 1));
  const occIndex = (h: number): number => h - 8; // 0..9 within the occupied day
  const day = room(
    24,
    4,
    (h, s) => {
      if (!occupied[h]) return 10_000; // unoccupied hours never count, however bright
      if (s === 0) return 300;
      if (s === 1) return 299;
      if (s === 2) return occIndex(h) < 5 ? 300 : 299; // 5 of 10 hours: DA exactly 50 %
      return occIndex(h) < 4 ? 300 : 299.9; // 4 of 10 hours: DA 40 %
    },
    { occupied },
  );

  it('counts an hour at 300 lx and not one at 299 lx', () => {
    const m = climateMetrics(day);
    expect(m.occupiedHours).toBe(10);
    expect([...m.maps.da]).toEqual([100, 0, 50, 40]);
    expect(m.daMean).toBeCloseTo(47.5, 6);
  });

  it('counts a sensor with DA of exactly 50 % in sDA, and one with 40 % not', () => {
    const m = climateMetrics(day);
    expect(m.sda).toBe(50);
    // No direct sun: the blinds never close and both sDAs agree.
    expect(m.sdaBlinds).toBe(50);
    expect(m.blindHours).toEqual([{ id: 'all windows', hours: 0 }]);
  });

  it('takes the thresholds as parameters', () => {
    const m = climateMetrics(day, { daLux: 299.5, sdaLux: 299.5, sdaTime: 40 });
    expect([...m.maps.da]).toEqual([100, 0, 50, 100]);
    expect(m.sda).toBe(75);
  });

  it('keeps sDA at LM-83’s 300 lx when DA is asked at another threshold (LEED is defined on sDA300)', () => {
    const m = climateMetrics(day, { daLux: 299.5 });
    expect([...m.maps.da]).toEqual([100, 0, 50, 100]);
    expect(m.sda).toBe(50);
    expect(m.sdaBlinds).toBe(50);
    expect(m.verdicts[0]!.detail).toMatch(/^sDA300\/50% 50\.0 % with blinds operated/);
  });
});

describe('annual sunlight exposure (ASE1000,250h)', () => {
  // A whole year, 3650 occupied hours; direct sun on the first n occupied (or unoccupied) hours.
  const occupied = occupiedHours(yearHours);
  const occHours = [...occupied.keys()].filter((h) => occupied[h]);
  const offHours = [...occupied.keys()].filter((h) => !occupied[h]);
  const sunOn = (hours: number[], n: number): Set<number> => new Set(hours.slice(0, n));
  const s0 = sunOn(occHours, 251),
    s1 = sunOn(occHours, 250),
    s2 = sunOn(occHours, 400),
    s3 = new Set([...sunOn(occHours, 250), ...sunOn(offHours, 300)]);
  const directSun = series(8760, 4, (h, s) => {
    if (s === 0) return s0.has(h) ? 1000.5 : 0;
    if (s === 1) return s1.has(h) ? 5000 : 0;
    if (s === 2) return s2.has(h) ? 1000 : 0; // exactly 1000 lx is not "more than 1000"
    return s3.has(h) ? 2000 : 0;
  });
  const year = room(8760, 4, (h, s) => directSun[h * 4 + s]! + 200, { occupied, directSun });

  it('counts a sensor with 251 occupied hours above 1000 lx and not one with 250', () => {
    const m = climateMetrics(year);
    expect(m.occupiedHours).toBe(3650);
    expect([...m.maps.aseHours]).toEqual([251, 250, 0, 250]);
    expect(m.ase).toBe(25);
    expect(m.leed.aseOver).toBe(true);
  });

  it('reads the ASE verdict against LEED v4.1’s 10 %, rounding up', () => {
    const m = climateMetrics(year);
    const v = m.verdicts.find((x) => x.id === 'leed-ase')!;
    expect(v).toEqual({
      id: 'leed-ase',
      label: 'LEED v4.1 ASE',
      pass: false,
      detail: 'ASE1000,250h 25.0 % of the floor (over 10 %: describe the glare control)',
    });
    // One sensor of three: 33.33… % reads 33.4 %, never below the share it is.
    const three = room(300, 3, () => 0, { directSun: series(300, 3, (_, s) => (s === 0 ? 1001 : 0)) });
    expect(climateMetrics(three).verdicts.find((x) => x.id === 'leed-ase')!.detail).toBe(
      'ASE1000,250h 33.4 % of the floor (over 10 %: describe the glare control)',
    );
    const ten = room(300, 10, () => 0, { directSun: series(300, 10, (_, s) => (s === 0 ? 1001 : 0)) });
    const tv = climateMetrics(ten).verdicts.find((x) => x.id === 'leed-ase')!;
    expect([tv.pass, tv.detail]).toEqual([true, 'ASE1000,250h 10.0 % of the floor (≤ 10 %)']);
  });
});

describe('DA at the levels counted with the year', () => {
  it('gives every listed threshold’s DA maps exactly as a pass at that threshold, blinds included', () => {
    // Sun on a few sensors some hours (blinds close then), light on and between the levels.
    const arb = fc.record({
      light: fc.array(
        fc.oneof(
          fc.constantFrom(0, 99.9, 100, 150, 299.99, 300, 500, 750, 751),
          fc.float({ min: 0, max: 2000, noNaN: true }),
        ),
        { minLength: 60, maxLength: 60 },
      ),
      sun: fc.array(fc.constantFrom(0, 0, 0, 1200), { minLength: 60, maxLength: 60 }),
    });
    fc.assert(
      fc.property(arb, ({ light, sun }) => {
        const directSun = Float32Array.from(sun);
        const input = room(12, 5, (h, s) => light[h * 5 + s]! + sun[h * 5 + s]!, { directSun });
        const year = climateMetrics(input);
        for (const lux of DA_LEVELS) {
          const counted = daAt(year, lux)!;
          const pass = climateMetrics(input, { daLux: lux });
          expect([...counted.maps.da]).toEqual([...pass.maps.da]);
          expect([...counted.maps.daBlinds]).toEqual([...pass.maps.daBlinds]);
          expect(counted.daMean).toBe(pass.daMean);
          expect(counted.daBlindsMean).toBe(pass.daBlindsMean);
          expect(counted.sdaBlinds).toBe(year.sdaBlinds);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('counts an hour at a level and not one just below it; a threshold not counted is null', () => {
    const m = climateMetrics(room(2, 1, (h) => (h === 0 ? 150 : 149.99)));
    expect([...daAt(m, 150)!.maps.da]).toEqual([50]);
    expect([...daAt(m, 100)!.maps.da]).toEqual([100]);
    expect([...daAt(m, 200)!.maps.da]).toEqual([0]);
    expect(daAt(m, 275)).toBeNull();
    expect(() =>
      climateMetrics(
        room(1, 1, () => 1),
        { daLevels: [275.5] },
      ),
    ).toThrow(/whole lux/);
  });
});

describe('LM-83 blinds', () => {
  // 100 sensors, 500 lx of sky everywhere; the sun (1500 lx) on the first `lit[h]` sensors in hour h.
  const lit = [2, 3, 3];
  const sunAt = [1500, 1500, 1000]; // hour 2: exactly 1000 lx counts as direct sun
  const directSun = series(3, 100, (h, s) => (s < lit[h]! ? sunAt[h]! : 0));
  const sunny = room(3, 100, (h, s) => 500 + directSun[h * 100 + s]!, { directSun });

  it('close when more than 2 % of the sensors are in direct sun: 2 of 100 no, 3 of 100 yes', () => {
    const m = climateMetrics(sunny);
    expect([...m.blindSchedule]).toEqual([0, 1, 1]);
    expect(m.blindHours).toEqual([{ id: 'all windows', hours: 2 }]);
    // Closed: 20 % of the diffuse 500 lx is left, 100 lx; the open hour keeps its 500 lx.
    expect(m.maps.daBlinds[50]).toBeCloseTo(100 / 3, 4);
    expect(m.maps.da[50]).toBe(100);
    expect(m.sda).toBe(100);
    expect(m.sdaBlinds).toBe(0);
    // DA asked at 90 lx: the closed hours' 100 lx count for DA, not for sDA300.
    const low = climateMetrics(sunny, { daLux: 90 });
    expect(low.maps.daBlinds[50]).toBe(100);
    expect([low.sda, low.sdaBlinds]).toEqual([100, 0]);
  });

  it('leave the blinds open for 999.9 lx of sun, and for exactly 2 % of the sensors (1 of 50)', () => {
    const under = series(1, 100, (_, s) => (s < 3 ? 999.9 : 0));
    expect([...operateBlinds(under, 100, [{ id: 'S', directSun: under, total: under }]).closed]).toEqual([0]);
    const one = series(2, 50, (h, s) => (s < h + 1 ? 2000 : 0)); // hour 0: 1 of 50 = 2 %, hour 1: 2 of 50
    expect([...operateBlinds(one, 50, [{ id: 'S', directSun: one, total: one }]).closed]).toEqual([0, 1]);
  });

  // Two façades over ten sensors: the south one sunlit on three sensors, the north one diffuse only.
  const S = 10;
  const southSun = series(1, S, (_, s) => (s < 3 ? 2000 : 0));
  const south: WindowGroup = {
    id: 'south',
    directSun: southSun,
    total: series(1, S, (_, s) => 400 + southSun[s]!),
  };
  const north: WindowGroup = {
    id: 'north',
    directSun: new Float32Array(S),
    total: new Float32Array(S).fill(200),
  };
  const both = series(1, S, (_, s) => south.total[s]! + north.total[s]!);

  it('close only the group the sun comes through', () => {
    const b = operateBlinds(both, S, [south, north]);
    expect([...b.closed]).toEqual([1, 0]);
    // South: 20 % of its 400 lx of diffuse light; north untouched.
    for (const e of b.illuminance) expect(e).toBeCloseTo(0.2 * 400 + 200, 4);
    const m = climateMetrics({
      ...room(1, S, () => 0),
      illuminance: both,
      directSun: southSun,
      groups: [south, north],
    });
    expect(m.blindHours).toEqual([
      { id: 'south', hours: 1 },
      { id: 'north', hours: 0 },
    ]);
  });

  it('take a group’s blinds-closed light where it is given, and the transmittance as a parameter', () => {
    const shut = { ...south, closed: new Float32Array(S).fill(50) };
    for (const e of operateBlinds(both, S, [shut, north]).illuminance) expect(e).toBeCloseTo(250, 4);
    const dark = operateBlinds(both, S, [south, north], { lux: 1000, share: 2, transmittance: 0.05 });
    for (const e of dark.illuminance) expect(e).toBeCloseTo(0.05 * 400 + 200, 4);
  });

  it('judge each group by its own sun: two façades at 2 % each stay open (LM-83 would close one)', () => {
    const sun = (first: number): Float32Array =>
      series(1, 100, (_, s) => (s >= first && s < first + 2 ? 1500 : 0));
    const a = { id: 'east', directSun: sun(0), total: sun(0) };
    const b = { id: 'west', directSun: sun(10), total: sun(10) };
    const all = series(1, 100, (_, s) => a.total[s]! + b.total[s]!);
    expect([...operateBlinds(all, 100, [a, b]).closed]).toEqual([0, 0]);
  });
});

describe('useful daylight illuminance', () => {
  it('splits the occupied hours at 100 and 3000 lx: < 100, 100 ≤ E ≤ 3000, > 3000; autonomous from 300', () => {
    const values = [99.9, 100, 299, 300, 3000, 3000.5];
    const m = climateMetrics(room(6, 1, (h) => values[h]!));
    expect(m.maps.udiLow[0]).toBeCloseTo(100 / 6, 4);
    expect(m.maps.udiUseful[0]).toBeCloseTo(400 / 6, 4);
    expect(m.maps.udiHigh[0]).toBeCloseTo(100 / 6, 4);
    expect(m.maps.udiAutonomous[0]).toBeCloseTo(200 / 6, 4);
    expect(m.udi.useful).toBeCloseTo(400 / 6, 4);
  });
});

describe('EN 17037 illuminance method', () => {
  // 20 sensors: 10 at 750 lx, 9 at 300 lx and 1 at 100 lx in `good` daylight hours; in the others one
  // of the 300 lx sensors has 299 lx. Hours 10 and 11 are night (not daylight) and dark.
  const daylight = Uint8Array.from({ length: 12 }, (_, h) => (h < 10 ? 1 : 0));
  const plan = (good: number): ClimateInput =>
    room(
      12,
      20,
      (h, s) => {
        if (h >= 10) return 0;
        if (s < 10) return 750;
        if (s === 19) return 100;
        return s === 10 && h >= good ? 299 : 300;
      },
      { daylight },
    );

  it('meets medium with 500 lx on exactly 50 % and 300 lx on exactly 95 % for exactly half the daylight hours', () => {
    const m = climateMetrics(plan(5));
    expect(m.daylightHours).toBe(10);
    const [minimum, medium, high] = m.en17037.levels;
    expect(minimum).toMatchObject({ targetHours: 100, minimumHours: 100, pass: true });
    expect(medium).toMatchObject({ targetHours: 100, minimumHours: 50, pass: true });
    expect(high).toMatchObject({ targetHours: 100, minimumHours: 0, pass: false });
    expect(m.en17037.reached).toBe('medium');
    expect(m.verdicts.find((v) => v.id === 'en-illuminance-medium')).toEqual({
      id: 'en-illuminance-medium',
      label: 'EN 17037 medium (illuminance)',
      pass: true,
      detail: '≥ 500 lx on 50 % for 100.0 % of daylight hours, ≥ 300 lx on 95 % for 50.0 % (needs 50 %)',
    });
  });

  it('falls to minimum when 300 lx covers 95 % for only 4 of 10 daylight hours', () => {
    const m = climateMetrics(plan(4));
    expect(m.en17037.levels[1]).toMatchObject({ minimumHours: 40, pass: false });
    expect(m.en17037.reached).toBe('minimum');
    expect(m.verdicts.map((v) => [v.id, v.pass])).toEqual([
      ['leed-sda', true],
      ['leed-ase', true],
      ['en-illuminance-minimum', true],
      ['en-illuminance-medium', false],
      ['en-illuminance-high', false],
    ]);
  });

  it('reaches no level in a dark room', () => {
    const m = climateMetrics(room(4, 5, () => 99));
    expect(m.en17037.reached).toBeNull();
    expect(m.en17037.levels.every((l) => !l.pass)).toBe(true);
  });
});

describe('LEED v4.1 option 1 points', () => {
  it('gives 1, 2, 3 points from an average sDA of 40, 55, 75 %', () => {
    expect([0, 39.9, 40, 54.9, 55, 74.9, 75, 100].map((s) => leedPoints(s))).toEqual([
      0, 0, 1, 1, 2, 2, 3, 3,
    ]);
  });

  it('adds a point when every space reaches 55 % and 1 or 2 points were reached', () => {
    expect(leedPoints(60, [55, 70])).toBe(3);
    expect(leedPoints(60, [54.9, 70])).toBe(2);
    expect(leedPoints(80, [60, 90])).toBe(3);
  });

  it('reads the room’s sDA with blinds operated in its verdict', () => {
    const m = climateMetrics(room(10, 5, (_, s) => (s < 3 ? 300 : 0)));
    expect(m.leed.points).toBe(2);
    expect(m.verdicts[0]).toEqual({
      id: 'leed-sda',
      label: 'LEED v4.1 sDA',
      pass: true,
      detail: 'sDA300/50% 60.0 % with blinds operated (LM-83): 2 points (needs 40 / 55 / 75 % for 1 / 2 / 3)',
    });
  });
});

describe('input checks', () => {
  it('refuses series of the wrong length and an empty schedule', () => {
    const bad = (f: () => unknown): string => {
      try {
        f();
      } catch (e) {
        return isLuxError(e) && e.type === 'validation_error' ? e.message : 'other error';
      }
      return 'no error';
    };
    const ok = room(3, 2, () => 0);
    expect(bad(() => climateMetrics({ ...ok, illuminance: new Float32Array(5) }))).toBe(
      "Parameter 'illuminance' must hold hours × sensors = 6 values, not 5",
    );
    expect(bad(() => climateMetrics({ ...ok, occupied: new Uint8Array(3) }))).toBe(
      "Parameter 'occupied' selects no hours",
    );
    expect(bad(() => climateMetrics({ ...ok, daylight: new Uint8Array(2) }))).toBe(
      "Parameter 'daylight' must hold 3 hours, not 2",
    );
    expect(
      bad(() =>
        climateMetrics({ ...ok, groups: [{ id: 'g', directSun: ok.directSun, total: new Float32Array(1) }] }),
      ),
    ).toBe("Parameter 'groups[0].total' must hold hours × sensors = 6 values, not 1");
  });
});

describe('properties (fast-check, seed 83)', () => {
  const arbRoom = fc
    .record({ sensors: fc.integer({ min: 1, max: 6 }), hours: fc.integer({ min: 1, max: 24 }) })
    .chain(({ sensors, hours }) =>
      fc.record({
        sensors: fc.constant(sensors),
        hours: fc.constant(hours),
        // Whole lux and a few exact thresholds, so boundaries come up often.
        light: fc.array(fc.oneof(fc.integer({ min: 0, max: 5000 }), fc.constantFrom(100, 300, 1000, 3000)), {
          minLength: hours * sensors,
          maxLength: hours * sensors,
        }),
        sunShare: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), {
          minLength: hours * sensors,
          maxLength: hours * sensors,
        }),
        occupied: fc.array(fc.integer({ min: 0, max: 1 }), { minLength: hours, maxLength: hours }),
        t1: fc.integer({ min: 0, max: 5000 }),
        t2: fc.integer({ min: 0, max: 5000 }),
      }),
    )
    .map((r) => {
      const occupied = Uint8Array.from(r.occupied);
      occupied[0] = 1; // at least one occupied hour
      const illuminance = Float32Array.from(r.light);
      return {
        input: room(r.hours, r.sensors, () => 0, {
          illuminance,
          directSun: Float32Array.from(illuminance, (e, i) => e * r.sunShare[i]!),
          occupied,
        }),
        lo: Math.min(r.t1, r.t2),
        hi: Math.max(r.t1, r.t2),
      };
    });

  it('DA never rises with its threshold; shares stay in [0, 100]; blinds never add light', () => {
    fc.assert(
      fc.property(arbRoom, ({ input, lo, hi }) => {
        const a = climateMetrics(input, { daLux: lo });
        const b = climateMetrics(input, { daLux: hi });
        for (let s = 0; s < input.sensors; s++) {
          expect(b.maps.da[s]).toBeLessThanOrEqual(a.maps.da[s]!);
          expect(a.maps.daBlinds[s]).toBeLessThanOrEqual(a.maps.da[s]!);
          const bands = a.maps.udiLow[s]! + a.maps.udiUseful[s]! + a.maps.udiHigh[s]!;
          expect(bands).toBeCloseTo(100, 3);
          expect(a.maps.udiAutonomous[s]).toBeLessThanOrEqual(a.maps.udiUseful[s]! + 1e-4);
        }
        expect(b.sda).toBeLessThanOrEqual(a.sda);
        for (const v of [a.sda, a.sdaBlinds, a.ase, a.daMean, a.udi.useful]) {
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThanOrEqual(100);
        }
        expect(a.sdaBlinds).toBeLessThanOrEqual(a.sda);
      }),
      { seed: 83, numRuns: 300 },
    );
  });
});

describe('EN 17037 daylight-factor targets for a site (Annex A)', () => {
  it('takes the median diffuse illuminance over the brightest 4380 hours', () => {
    // 2190 hours at 20 klx, 2190 at 10 klx, the rest dark: the median of the daylight hours is 15 klx.
    const e = Float32Array.from({ length: 8760 }, (_, k) => (k < 2190 ? 20_000 : k < 4380 ? 10_000 : 0));
    const t = siteDfTargets(e);
    expect(t.medianDiffuse).toBe(15_000);
    // D = 100 · E / 15 000 lx, to 0.1 %: 300 lx 2.0 %, 100 lx 0.7 %, 500 lx 3.3 %, 750 lx 5.0 %.
    expect(t.levels).toEqual([
      { level: 'minimum', target: 2, minimum: 0.7 },
      { level: 'medium', target: 3.3, minimum: 2 },
      { level: 'high', target: 5, minimum: 3.3 },
    ]);
  });

  it('gives Chicago’s TMY3 year 15 900 lx: DF 1.9 % and 0.6 % for the minimum level', () => {
    const w = readEpw(readFileSync('test/fixtures/weather/chicago-ohare-tmy3.epw', 'utf8'));
    const t = siteDfTargets(diffuseIlluminance(w));
    expect(t.medianDiffuse).toBe(15_900);
    expect(t.levels[0]).toEqual({ level: 'minimum', target: 1.9, minimum: 0.6 });
  });
});
