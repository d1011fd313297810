import { describe, expect, it } from 'vitest';
import { frameRatioFromLining, type WindowLining } from '../../src/core/ifc/windowLining';

const base: WindowLining = {
  overallWidth: 1200,
  overallHeight: 1500,
  liningThickness: 60,
  mullionThickness: 80,
  transomThickness: 70,
  frameThickness: null,
  partitioning: 'SINGLE_PANEL',
};

describe('frameRatioFromLining', () => {
  it('a single panel: the lining all round', () => {
    // 1080 × 1380 of glass in 1200 × 1500 (the mullion and transom belong to other layouts).
    expect(frameRatioFromLining(base)).toBeCloseTo(1 - (1080 * 1380) / (1200 * 1500), 10);
  });

  it('counts the bars between panels and every panel’s own frame', () => {
    const two = { ...base, partitioning: 'DOUBLE_PANEL_HORIZONTAL', frameThickness: 50 };
    // Width: 1200 − 120 − 2 × 50 = 980; height: 1500 − 120 − 70 − 2 × 2 × 50 = 1110.
    expect(frameRatioFromLining(two)).toBeCloseTo(1 - (980 * 1110) / (1200 * 1500), 10);
    const three = { ...base, partitioning: 'TRIPLE_PANEL_VERTICAL' };
    // Width: 1200 − 120 − 2 × 80 = 920.
    expect(frameRatioFromLining(three)).toBeCloseTo(1 - (920 * 1380) / (1200 * 1500), 10);
  });

  it('says nothing when the file says nothing, or leaves no glass', () => {
    expect(
      frameRatioFromLining({ ...base, liningThickness: 0, mullionThickness: 0, transomThickness: 0 }),
    ).toBeNull();
    expect(frameRatioFromLining({ ...base, liningThickness: null })).toBeNull(); // single panel: no bars either
    expect(frameRatioFromLining({ ...base, liningThickness: 700 })).toBeNull();
    expect(frameRatioFromLining({ ...base, overallWidth: 0 })).toBeNull();
    // An unknown layout (user-defined): the lining alone.
    expect(frameRatioFromLining({ ...base, partitioning: 'USERDEFINED' })).toBeCloseTo(
      1 - (1080 * 1380) / (1200 * 1500),
      10,
    );
  });
});
