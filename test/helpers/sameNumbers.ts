import { expect } from 'vitest';

/**
 * Every number of `got` against `want`'s, in the same shape, to rounding: within 1e-6 of the larger of
 * `want` and `floor` (a few float32 steps), the test of a pinned answer (test/engine/pinnedAnswers,
 * test/model/pinnedFrames).
 */
export function sameNumbers(got: unknown, want: unknown, path: string, floor: number): void {
  if (typeof want === 'number') {
    expect(typeof got, path).toBe('number');
    const g = got as number;
    expect(Math.abs(g - want), `${path}: ${g} against ${want}`).toBeLessThanOrEqual(
      1e-6 * Math.max(Math.abs(want), floor),
    );
    return;
  }
  const w = want as unknown[];
  expect(Array.isArray(got) && got.length === w.length, `${path}: length`).toBe(true);
  w.forEach((x, i) => sameNumbers((got as unknown[])[i], x, `${path}[${i}]`, floor));
}
