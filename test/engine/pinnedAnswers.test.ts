import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sameNumbers } from '../helpers/sameNumbers';
import { PINNED_ROOMS, pinnedAnswer, type PinnedAnswer } from './pinnedAnswers';

const pinned = JSON.parse(readFileSync(new URL('./pinnedAnswers.json', import.meta.url), 'utf8')) as Record<
  string,
  PinnedAnswer
>;

/**
 * The engine's answers and the model's coarse solve, held to the digits they had when pinned
 * (pinnedAnswers.ts): a change made for speed or form moves none of them; one made to move them writes
 * them again and says why.
 */
describe('the engine’s answers, pinned', () => {
  for (const [name, room] of Object.entries(PINNED_ROOMS))
    it(`${name}: the draft map's mean, each window's terms at four points, the coarse solve's terms`, () => {
      const want = pinned[name]!;
      const got = pinnedAnswer(room());
      sameNumbers(got.mean, want.mean, 'mean', 1e-6);
      sameNumbers(got.terms, want.terms, 'terms', 1e-6);
      sameNumbers(got.roomTerms, want.roomTerms, 'roomTerms', 1e-6);
      // Not an empty pin: each room has light at its points and in its solve.
      expect(want.mean).toBeGreaterThan(0.1);
      expect(want.roomTerms.flat().some((v) => v > 0)).toBe(true);
    }, 30_000);
});
