import { describe, expect, it } from 'vitest';
import { DEFAULT_COMPLIANCE, siteThresholds, summarise } from '../../src/core/stats/verdicts';

describe('a building’s EN 17037 daylight factors for its site', () => {
  it('takes the factors given (numbers or a command line’s text) and keeps the defaults for the rest', () => {
    expect(siteThresholds({})).toEqual(DEFAULT_COMPLIANCE);
    expect(siteThresholds({ target: '2.5' })).toEqual({ ...DEFAULT_COMPLIANCE, enTarget: 2.5 });
    expect(siteThresholds({ target: 1.5, minimum: 0.5 })).toEqual({
      bfsDf: 1,
      bfsShare: 50,
      enTarget: 1.5,
      enMinimum: 0.5,
    });
  });

  it('refuses what is not a daylight factor, and a minimum above the target, naming the option', () => {
    expect(() => siteThresholds({ target: 'two' }, ['--en-target', '--en-minimum'])).toThrow(
      "--en-target is a daylight factor above 0 and at most 20 (%), not 'two'",
    );
    expect(() => siteThresholds({ minimum: 0 })).toThrow(/minimum is a daylight factor above 0/);
    expect(() => siteThresholds({ target: 25 })).toThrow(/at most 20/);
    expect(() => siteThresholds({ target: 1, minimum: 1.2 })).toThrow(
      'minimum (1.2 %) cannot be above target (1 %)',
    );
  });

  it('judges a room by them: a 1.5 % room fails the default target and passes a target of 1.2 %', () => {
    const room = {
      rows: 1,
      cols: 4,
      df: Float32Array.from([1.5, 1.5, 1.5, 1.5]),
      mask: Uint8Array.from([1, 1, 1, 1]),
      origin: { x: 0, y: 0 },
      resolution: 0.1,
    };
    const pass = (t: ReturnType<typeof siteThresholds>) =>
      summarise(room, t).verdicts.find((v) => v.id === 'en-target')!.pass;
    expect(pass(siteThresholds({}))).toBe(false);
    expect(pass(siteThresholds({ target: 1.2, minimum: 0.5 }))).toBe(true);
  });
});
