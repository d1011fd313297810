import { encodeWindow, type EncoderRoom, type EncoderWindow } from '../encoding';
import type { ModelType } from '../types';

/**
 * Preprocessing `v2-rgb-384` (model.md §Custom models), the original service's model format: the v2
 * image's channels 0–2 divided by 255, bilinearly resized from 128 to 384 (half-pixel centres, as
 * cv2.resize INTER_LINEAR and torch's align_corners=False), NCHW float32. The 384 × 384 output is brought
 * back to the 128 frame by averaging 3 × 3 blocks.
 */
export const SIZE = 384;
const SRC = 128;

export function v2Rgb384Input(
  room: EncoderRoom,
  w: EncoderWindow,
  modelType: ModelType,
  multiWindow: boolean,
): { input: Float32Array; mask: Uint8Array } {
  const { image, mask } = encodeWindow(room, w, { modelType, scheme: 'v2', multiWindow });
  const input = new Float32Array(3 * SIZE * SIZE);
  const scale = SRC / SIZE;
  for (let y = 0; y < SIZE; y++) {
    const sy = Math.max(0, (y + 0.5) * scale - 0.5);
    const y0 = Math.min(SRC - 1, Math.floor(sy)),
      y1 = Math.min(SRC - 1, y0 + 1),
      fy = sy - y0;
    for (let x = 0; x < SIZE; x++) {
      const sx = Math.max(0, (x + 0.5) * scale - 0.5);
      const x0 = Math.min(SRC - 1, Math.floor(sx)),
        x1 = Math.min(SRC - 1, x0 + 1),
        fx = sx - x0;
      for (let ch = 0; ch < 3; ch++) {
        const p = (r: number, c: number): number => image[(r * SRC + c) * 4 + ch]!;
        const v =
          (1 - fy) * ((1 - fx) * p(y0, x0) + fx * p(y0, x1)) + fy * ((1 - fx) * p(y1, x0) + fx * p(y1, x1));
        input[ch * SIZE * SIZE + y * SIZE + x] = v / 255;
      }
    }
  }
  return { input, mask };
}

/** 384 × 384 → 128 × 128 by 3 × 3 block means, 0 outside the mask. */
export function v2Rgb384Output(out: Float32Array, mask: Uint8Array): Float32Array {
  const df = new Float32Array(SRC * SRC);
  for (let r = 0; r < SRC; r++) {
    for (let c = 0; c < SRC; c++) {
      if (mask[r * SRC + c] !== 1) continue;
      let s = 0;
      for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) s += out[(3 * r + i) * SIZE + 3 * c + j]!;
      df[r * SRC + c] = Math.max(0, s / 9);
    }
  }
  return df;
}
