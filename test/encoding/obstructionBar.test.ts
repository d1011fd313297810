import { describe, expect, it } from 'vitest';
import { BAR, drawObstructionBar, resample } from '../../src/core/encoding/obstructionBar';
import { IMAGE_CHANNELS, IMAGE_SIZE, newImage } from '../../src/core/encoding/image';

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

describe('obstruction values along the bar (encoder.md §2.4)', () => {
  it('repeats a scalar and keeps a list of 64 as is', () => {
    expect(resample(7, 64)).toEqual(new Array(64).fill(7));
    expect(resample(range(64), 64)).toEqual(range(64));
  });

  it('stretches a short list by index division', () => {
    const r = resample(range(8), 64);
    expect(r.slice(0, 9)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(r[63]).toBe(7);
    expect(resample([1, 2, 3], 64).filter((v) => v === 1)).toHaveLength(22); // i / (64 / 3) < 1 for i ≤ 21
  });

  it('thins a long list like np.linspace(0, L − 1, H) truncated, ending exactly on L − 1', () => {
    const r = resample(range(100), 64);
    expect(r.slice(0, 4)).toEqual([0, 1, 3, 4]); // trunc(i · 99 / 63)
    expect(r[63]).toBe(99);
    expect(resample(range(65), 64)[63]).toBe(64);
    expect(resample(range(5), 1)).toEqual([0]);
  });
});

describe('the bar (encoder.md §1.3 step 4)', () => {
  const at = (img: Uint8Array, r: number, c: number): number[] => [
    ...img.subarray((r * IMAGE_SIZE + c) * IMAGE_CHANNELS, (r * IMAGE_SIZE + c + 1) * IMAGE_CHANNELS),
  ];

  it('fills columns 124..127 of rows 32..95 and nothing else; list index 0 is the top row', () => {
    const img = newImage();
    const horizon = range(64).map((i) => (i * 90) / 63);
    drawObstructionBar(img, horizon, 20, { values: {}, modelType: 'df_default', scheme: 'v2' });
    expect(at(img, 32, 124)).toEqual([94, 210, 0, 210]);
    expect(at(img, 95, 127)).toEqual([94, 210, 255, 210]);
    expect(at(img, 31, 124)).toEqual([0, 0, 0, 0]);
    expect(at(img, 96, 124)).toEqual([0, 0, 0, 0]);
    expect(at(img, 64, 123)).toEqual([0, 0, 0, 0]);
    let painted = 0;
    for (let i = 0; i < img.length; i += IMAGE_CHANNELS) if (img[i + 1] === 210) painted++;
    expect(painted).toBe(BAR.rows * BAR.cols);
  });

  it('encodes the context / balcony defaults in v1 and given values in both', () => {
    const img = newImage();
    drawObstructionBar(img, 45, 30, { values: {}, modelType: 'df_default', scheme: 'v1' });
    expect(at(img, 40, 125)).toEqual([116, 255, 127, 204]);
    drawObstructionBar(img, 45, 30, {
      values: { context_reflectance: 0.35, balcony_reflectance: 0.5 },
      modelType: 'df_default',
      scheme: 'v2',
    });
    expect(at(img, 40, 125)).toEqual([116, 127, 127, 127]);
  });
});
