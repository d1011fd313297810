/**
 * The 128 × 128 raster of the encoding: `image` is uint8 HWC (row-major, 4 channels fastest), `mask`
 * uint8 with 1 for room pixels. Row 0 is the top of the image, column 0 its left edge.
 */
import type { Rgba } from './channels';

export const IMAGE_SIZE = 128;
export const IMAGE_CHANNELS = 4;

export const newImage = (): Uint8Array => new Uint8Array(IMAGE_SIZE * IMAGE_SIZE * IMAGE_CHANNELS);
export const newMask = (): Uint8Array => new Uint8Array(IMAGE_SIZE * IMAGE_SIZE);

export function setPixel(image: Uint8Array, row: number, col: number, rgba: Rgba): void {
  image.set(rgba, (row * IMAGE_SIZE + col) * IMAGE_CHANNELS);
}

export function fillImage(image: Uint8Array, rgba: Rgba): void {
  for (let i = 0; i < IMAGE_SIZE * IMAGE_SIZE; i++) image.set(rgba, i * IMAGE_CHANNELS);
}

/** Rows [r0, r1) × columns [c0, c1); empty when either range is. */
export function fillRect(
  image: Uint8Array,
  r0: number,
  r1: number,
  c0: number,
  c1: number,
  rgba: Rgba,
): void {
  for (let r = r0; r < r1; r++) for (let c = c0; c < c1; c++) setPixel(image, r, c, rgba);
}

export function fillWhere(image: Uint8Array, mask: Uint8Array, rgba: Rgba): void {
  for (let i = 0; i < mask.length; i++) if (mask[i] === 1) image.set(rgba, i * IMAGE_CHANNELS);
}
