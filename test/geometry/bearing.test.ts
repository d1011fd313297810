import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compassBearing, compassPoint, formatBearing } from '../../src/core/geometry/bearing';

describe('compass bearings of API directions', () => {
  it('turns the API frame (0 = east, counter-clockwise) into bearings from north, clockwise', () => {
    // A window facing +y faces north, +x east, −y south, −x west (conventions.md: +y is north).
    expect([90, 0, 270, 180].map((d) => compassBearing(d))).toEqual([0, 90, 180, 270]);
    expect([90, 0, 270, 180, 45, 315].map((d) => formatBearing(d))).toEqual([
      'N 0°',
      'E 90°',
      'S 180°',
      'W 270°',
      'NE 45°',
      'SE 135°',
    ]);
  });

  it('takes a site whose true north is turned from the plan’s up', () => {
    // True north 90° clockwise from the plan's up: the plan's up points west, a south-facing plan wall east.
    expect(formatBearing(270, 90)).toBe('E 90°');
    expect(formatBearing(90, 90)).toBe('W 270°');
    expect(formatBearing(270, -30)).toBe('SW 210°');
  });

  it('is a rotation: turning the direction or the north turns the bearing the other way (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -720, max: 720, noNaN: true }),
        fc.double({ min: -360, max: 360, noNaN: true }),
        (d, n) => {
          const b = compassBearing(d, n);
          expect(b).toBeGreaterThanOrEqual(0);
          expect(b).toBeLessThan(360);
          const wrap = (v: number) => ((v % 360) + 360) % 360;
          // 10° more counter-clockwise in the API frame, or north turned 10° further: 10° less bearing.
          expect(wrap(b - compassBearing(d + 10, n) + 1e-9)).toBeCloseTo(10, 6);
          expect(wrap(b - compassBearing(d, n + 10) + 1e-9)).toBeCloseTo(10, 6);
        },
      ),
      { seed: 19, numRuns: 200 },
    );
  });

  it('names the eight points at their centres and splits between them', () => {
    expect([0, 22, 23, 67, 68, 180, 337, 338, 359.9].map(compassPoint)).toEqual([
      'N',
      'N',
      'NE',
      'NE',
      'E',
      'S',
      'NW',
      'N',
      'N',
    ]);
  });
});
