import { describe, expect, it } from 'vitest';
import { deg } from '../../src/core/units';
import { fanDirections } from '../../src/core/obstruction/fanDirections';

describe('fanDirections', () => {
  it('spans d − 72.5° … d + 72.5° in 64 steps of 145/63°, the normal itself never sampled', () => {
    const dirs = fanDirections(deg(90));
    expect(dirs).toHaveLength(64);
    expect(dirs[0]).toBe(17.5);
    expect(dirs[63]).toBe(162.5);
    expect(dirs[1]! - dirs[0]!).toBeCloseTo(145 / 63, 12);
    expect(dirs[31]).toBeCloseTo(90 - 145 / 126, 12);
    expect(dirs[32]).toBeCloseTo(90 + 145 / 126, 12);
    expect(dirs).not.toContain(90);
  });

  it('index 0 is the right-hand end looking out (clockwise from the normal), 63 the left-hand end', () => {
    // Looking out east (d = 0): right is south (negative angles), left is north.
    const dirs = fanDirections(deg(0));
    expect(dirs[0]).toBe(287.5);
    expect(dirs[63]).toBe(72.5);
  });

  it('normalises to [0, 360) across the wrap at 0°/360°', () => {
    const dirs = fanDirections(deg(350));
    expect(dirs[0]).toBe(277.5);
    expect(dirs[63]).toBeCloseTo(62.5, 12);
    for (const a of dirs) {
      expect(a).toBeGreaterThanOrEqual(0);
      expect(a).toBeLessThan(360);
    }
    // Consecutive directions differ by one step, modulo 360.
    for (let i = 1; i < 64; i++) expect((dirs[i]! - dirs[i - 1]! + 360) % 360).toBeCloseTo(145 / 63, 9);
  });

  it('matches the original service for d = 3π/2 (given there in radians, un-normalised)', () => {
    const dirs = fanDirections(deg(270));
    expect(dirs[0]).toBeCloseTo(((-2.8361600344907854 * 180) / Math.PI + 360) % 360, 10);
    expect(dirs[63]).toBeCloseTo(((-0.30543261909900776 * 180) / Math.PI + 360) % 360, 10);
  });
});
