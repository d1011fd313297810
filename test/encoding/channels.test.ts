import { describe, expect, it } from 'vitest';
import { regionPixel, type ScalarValues } from '../../src/core/encoding/channels';
import type { EncodingScheme, ModelType } from '../../src/core/types';

const required: ScalarValues = {
  floor_height_above_terrain: 2,
  height_roof_over_floor: 15,
  window_frame_ratio: 0.8,
  window_sill_height: 0.9,
  window_height: 1.3,
};
const pixel = (
  region: Parameters<typeof regionPixel>[0],
  modelType: ModelType,
  scheme: EncodingScheme = 'v2',
  values = required,
) => regionPixel(region, { values, modelType, scheme });

describe('absent parameters (encoder.md §2.3)', () => {
  it('gives the golden asset background per model type (§7)', () => {
    expect(pixel('background', 'df_default')).toEqual([190, 71, 190, 190]);
    expect(pixel('background', 'da_default')).toEqual([200, 71, 200, 127]);
    expect(pixel('background', 'df_custom')).toEqual([255, 71, 255, 190]);
    expect(pixel('background', 'da_custom')).toEqual([255, 71, 255, 127]);
  });

  it('uses the fixed room, window and obstruction pixels of v2', () => {
    expect(pixel('room', 'df_default')).toEqual([220, 220, 127, 220]);
    expect(pixel('window', 'df_default')).toEqual([195, 50, 45, 230]);
  });

  it('encodes the defaults in v1 (no fixed pixels)', () => {
    expect(pixel('background', 'df_default', 'v1')).toEqual([255, 71, 255, 127]);
    expect(pixel('room', 'df_default', 'v1')).toEqual([255, 255, 127, 255]);
    expect(pixel('window', 'df_default', 'v1')).toEqual([195, 50, 45, 204]);
  });

  it('always encodes a given value, whatever the model type', () => {
    const values: ScalarValues = {
      ...required,
      terrain_reflectance: 0.1,
      facade_reflectance: 0.4,
      window_orientation: 1.0,
      vertical_reflectance: 0.5,
      horizontal_reflectance: 0.2,
      ceiling_reflectance: 0.85,
    };
    expect(pixel('background', 'df_default', 'v2', values)).toEqual([25, 71, 102, 40]);
    expect(pixel('room', 'df_default', 'v2', values)).toEqual([127, 51, 127, 178]);
  });

  it('maps Lux names: vertical_reflectance → wall channel 0, horizontal_reflectance → floor channel 1', () => {
    const values: ScalarValues = { ...required, vertical_reflectance: 0.7, horizontal_reflectance: 0.3 };
    expect(pixel('room', 'df_default', 'v2', values).slice(0, 2)).toEqual([178, 76]);
  });
});
