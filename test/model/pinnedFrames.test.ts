import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sameNumbers } from '../helpers/sameNumbers';
import { PINNED_BODIES, pinnedFrames, type PinnedFrames } from './pinnedFrames';

const pinned = JSON.parse(readFileSync(new URL('./pinnedFrames.json', import.meta.url), 'utf8')) as Record<
  string,
  PinnedFrames
>;

/**
 * The shipped model's inputs and post-processing, held to the digits they had when pinned (pinnedFrames.ts):
 * a change made for speed or form moves none of them; one made to move them writes them again and says why.
 */
describe('the model’s inputs and placement, pinned', () => {
  for (const [name, body] of Object.entries(PINNED_BODIES))
    it(`${name}: each input channel, the scalars, the answer from a fixed network output`, async () => {
      const want = pinned[name]!;
      const got = await pinnedFrames(body());
      sameNumbers(got.channels, want.channels, 'channels', 1e-3);
      sameNumbers(got.scalars, want.scalars, 'scalars', 1e-3);
      sameNumbers(got.mean, want.mean, 'mean', 1e-3);
      sameNumbers(got.cells, want.cells, 'cells', 1e-3);
      // Not an empty pin: light in the inputs and in the answer.
      expect(want.channels.flat().some(([s]) => s > 100)).toBe(true);
      expect(want.mean).toBeGreaterThan(0.1);
    }, 30_000);
});
