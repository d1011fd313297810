/**
 * Inputs and outputs of the encoder. They extend Lux's request types (../types.ts) with what the original
 * service also encoded but Lux's schema does not name (frame, balcony and context reflectance, window
 * orientation), with obstruction values that may be scalars or lists of any length (the original's
 * dialect; Lux's validation sends 64), and with the exact direction in radians.
 */
import type { EncodingScheme, ModelType, Reflectances, RoomParameters, WindowSpec } from '../types';
import type { ObstructionValues } from './obstructionBar';

/** Reflectances the original encoded and Lux's schema does not carry. Absent → the fixed pixels of §2.3. */
export interface ExtraMaterials {
  window_frame_reflectance?: number;
  balcony_reflectance?: number;
  context_reflectance?: number;
}

/** Every material a room or a window may carry; a window's value wins over the room's. */
export type EncoderMaterials = Partial<Reflectances> & ExtraMaterials;

export type EncoderRoom = Omit<RoomParameters, 'windows'> &
  EncoderMaterials & {
    /** Radians in [0, 2π]; room level only, and never derived from the window (as in the original). */
    window_orientation?: number;
  };

export interface EncoderWindow
  extends Omit<WindowSpec, 'horizon' | 'zenith' | 'window_frame_ratio'>, EncoderMaterials {
  window_frame_ratio: number;
  horizon: ObstructionValues;
  zenith: ObstructionValues;
  /**
   * The outward normal in radians, used bit for bit; wins over `direction_angle` (degrees, converted as
   * d·π/180). With neither, the encoder derives it from the room like the original (encoder.md §4.2).
   */
  directionRad?: number;
}

export interface EncodeOptions {
  modelType: ModelType;
  scheme: EncodingScheme;
}

/** One window's encoding: `image` uint8 (128, 128, 4) HWC, `mask` uint8 (128, 128), 1 = room. */
export interface EncodedWindow {
  id: string;
  image: Uint8Array;
  mask: Uint8Array;
}
