import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PINNED_BODIES, pinnedFrames, type PinnedFrames } from './pinnedFrames';

const pinned = JSON.parse(readFileSync(new URL('./pinnedFrames.json', import.meta.url), 'utf8')) as Record<
  string,
  PinnedFrames
>;

/** Every number of `got` against `want`'s, to rounding (a few float32 steps), in the same shape. */
function sameNumbers(got: unknown, want: unknown, path: string): void {
  if (typeof want === 'number') {
    expect(typeof got, path).toBe('number');
    const g = got as number;
    expect(Math.abs(g - want), `${path}: ${g} against ${want}`).toBeLessThanOrEqual(
      1e-6 * Math.max(Math.abs(want), 1e-3),
    );
    return;
  }
  const w = want as unknown[];
  expect(Array.isArray(got) && got.length === w.length, `${path}: length`).toBe(true);
  w.forEach((x, i) => sameNumbers((got as unknown[])[i], x, `${path}[${i}]`));
}

/**
 * The shipped model's inputs and post-processing, held to the digits they had when pinned (pinnedFrames.ts):
 * a change made for speed or form moves none of them; one made to move them writes them again and says why.
 */
describe('the model’s inputs and placement, pinned', () => {
  for (const [name, body] of Object.entries(PINNED_BODIES))
    it(`${name}: each input channel, the scalars, the answer from a fixed network output`, async () => {
      const want = pinned[name]!;
      const got = await pinnedFrames(body());
      sameNumbers(got.channels, want.channels, 'channels');
      sameNumbers(got.scalars, want.scalars, 'scalars');
      sameNumbers(got.mean, want.mean, 'mean');
      sameNumbers(got.cells, want.cells, 'cells');
      // Not an empty pin: light in the inputs and in the answer.
      expect(want.channels.flat().some(([s]) => s > 100)).toBe(true);
      expect(want.mean).toBeGreaterThan(0.1);
    }, 30_000);
});
