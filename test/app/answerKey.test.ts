import { describe, expect, it } from 'vitest';
import { answerKey } from '../../src/app/scene/geometry';
import { defaultScene } from '../../src/app/scene/scene';

describe('answerKey: what a map depends on', () => {
  const s = defaultScene();
  it('ignores the compliance thresholds (verdicts change, the map does not)', () => {
    expect(answerKey({ ...s, thresholds: { ...s.thresholds, bfsDf: s.thresholds.bfsDf + 1 } })).toBe(
      answerKey(s),
    );
  });
  it('follows everything the /run body holds: height, windows, outline', () => {
    expect(answerKey({ ...s, height: s.height + 0.1 })).not.toBe(answerKey(s));
    expect(answerKey({ ...s, windows: [] })).not.toBe(answerKey(s));
    expect(answerKey({ ...s, outline: s.outline.map(([x, y]) => [x * 2, y] as [number, number]) })).not.toBe(
      answerKey(s),
    );
  });
});
