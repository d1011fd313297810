import { describe, expect, it } from 'vitest';
import { encodeParameter, type EncodedParameter } from '../../src/core/encoding/linearEncoder';

/** The sample pixels of encoder.md §2.2, value → pixel. */
const SAMPLES: [EncodedParameter, number[], number[]][] = [
  ['floor_height_above_terrain', [0, 1, 2, 3, 5, 10], [25, 48, 71, 94, 140, 255]],
  ['height_roof_over_floor', [15, 20, 30], [127, 170, 255]],
  ['window_sill_height', [0, 0.1, 0.8, 0.9, 1, 2.5, 5], [0, 5, 40, 45, 51, 127, 255]],
  ['window_height', [0.2, 1.0, 1.2, 1.3, 1.5, 2, 5], [252, 210, 200, 195, 184, 158, 2]],
  ['window_frame_ratio', [0, 0.15, 0.2, 0.3, 0.5, 0.8, 1], [255, 216, 204, 178, 127, 50, 0]],
  ['facade_reflectance', [0.1, 0.25, 0.3, 0.5, 0.6, 0.7, 0.8, 1], [25, 63, 76, 127, 153, 178, 204, 255]],
  ['ceiling_reflectance', [0.5, 0.6, 0.8, 0.85, 1], [0, 50, 153, 178, 255]],
  ['context_reflectance', [0.1, 0.2, 0.3, 0.35, 0.6], [0, 51, 101, 127, 255]],
  [
    'window_orientation',
    [0, 1.0, Math.PI / 2, Math.PI, (3 * Math.PI) / 2, 2 * Math.PI],
    [0, 40, 63, 127, 191, 255],
  ],
  ['horizon', [0, 10, 15, 30, 45, 60, 90], [0, 28, 42, 85, 127, 170, 255]],
  ['zenith', [0, 10, 20, 30, 35, 45, 70], [51, 72, 94, 116, 127, 149, 204]],
];

describe('linear encoders (encoder.md §2.2)', () => {
  for (const [name, values, pixels] of SAMPLES) {
    it(name, () => {
      expect(values.map((v) => encodeParameter(name, v))).toEqual(pixels);
    });
  }

  it('treats every reflectance alike', () => {
    const names: EncodedParameter[] = [
      'terrain_reflectance',
      'horizontal_reflectance',
      'vertical_reflectance',
      'window_frame_reflectance',
      'balcony_reflectance',
    ];
    for (const n of names) expect([0.1, 0.5, 0.7].map((v) => encodeParameter(n, v))).toEqual([25, 127, 178]);
  });

  it('clamps out-of-range values to the input range', () => {
    expect(encodeParameter('horizon', -5)).toBe(0);
    expect(encodeParameter('horizon', 100)).toBe(255);
    expect(encodeParameter('zenith', 80)).toBe(204);
    expect(encodeParameter('window_height', 0.1)).toBe(252);
  });
});
