/**
 * Which parameter goes into which channel of which image region (encoder.md §2.1), and what an absent
 * parameter becomes (§2.3). Scheme v2 writes fixed "HSV-style" pixels for absent optional parameters,
 * some of them depending on the model type; v1 encodes the defaults instead. A given value is always
 * encoded, whatever the model type.
 */
import type { EncodingScheme, ModelType } from '../types';
import { encodeParameter, type EncodedParameter } from './linearEncoder';

export type Region = 'background' | 'room' | 'window' | 'obstruction';
export type Rgba = readonly [number, number, number, number];
type Channels = readonly [EncodedParameter, EncodedParameter, EncodedParameter, EncodedParameter];

/** Channel order follows the original code, not its docs (which swap channels 0 and 2). */
export const REGION_CHANNELS: Readonly<Record<Region, Channels>> = {
  background: [
    'terrain_reflectance',
    'floor_height_above_terrain',
    'facade_reflectance',
    'window_orientation',
  ],
  room: ['vertical_reflectance', 'horizontal_reflectance', 'height_roof_over_floor', 'ceiling_reflectance'],
  window: ['window_height', 'window_frame_ratio', 'window_sill_height', 'window_frame_reflectance'],
  obstruction: ['zenith', 'context_reflectance', 'horizon', 'balcony_reflectance'],
};

/** Values encoded for absent optional parameters when no fixed pixel applies (all of v1). */
const ABSENT_DEFAULTS: Partial<Record<EncodedParameter, number>> = {
  facade_reflectance: 1.0,
  terrain_reflectance: 1.0,
  window_orientation: Math.PI,
  horizontal_reflectance: 1.0,
  vertical_reflectance: 1.0,
  ceiling_reflectance: 1.0,
  window_frame_reflectance: 0.8,
  context_reflectance: 0.6,
  balcony_reflectance: 0.8,
};

const DEFAULT_MODEL_PIXEL: Partial<Record<ModelType, number>> = { df_default: 190, da_default: 200 };

/** The fixed pixel v2 writes for an absent parameter, or undefined when the default is encoded. */
function fixedPixel(region: Region, channel: number, modelType: ModelType): number | undefined {
  switch (region) {
    case 'background':
      if (channel === 0 || channel === 2) return DEFAULT_MODEL_PIXEL[modelType];
      if (channel === 3) return modelType.startsWith('df_') ? 190 : undefined;
      return undefined;
    case 'room':
      return channel === 2 ? undefined : 220;
    case 'window':
      return channel === 3 ? 230 : undefined;
    case 'obstruction':
      return channel === 1 || channel === 3 ? 210 : undefined;
  }
}

/** Scalar parameter values of one window, keyed by Lux names; a missing key means "absent". */
export type ScalarValues = Partial<Record<EncodedParameter, number>>;

export interface PixelContext {
  values: ScalarValues;
  modelType: ModelType;
  scheme: EncodingScheme;
}

export function channelPixel(region: Region, channel: number, ctx: PixelContext): number {
  const name = REGION_CHANNELS[region][channel];
  if (name === undefined) throw new RangeError(`channel ${channel} out of range`);
  const given = ctx.values[name];
  if (given !== undefined) return encodeParameter(name, given);
  const fixed = ctx.scheme === 'v1' ? undefined : fixedPixel(region, channel, ctx.modelType);
  if (fixed !== undefined) return fixed;
  const fallback = ABSENT_DEFAULTS[name];
  if (fallback === undefined) throw new Error(`encoder: required parameter '${name}' is missing`);
  return encodeParameter(name, fallback);
}

export function regionPixel(region: Region, ctx: PixelContext): Rgba {
  const at = (ch: number): number => channelPixel(region, ch, ctx);
  return [at(0), at(1), at(2), at(3)];
}
