/**
 * The `/encode` response body (api.md, encoder.md §1.1): a ZIP of NPY files, DEFLATE-compressed and dated
 * 1980-01-01 like numpy's savez_compressed. One window → `image.npy`, `mask.npy` (the id is not used);
 * several → `<id>_image.npy`, `<id>_mask.npy` in request order. No windows → an empty archive.
 */
import { zipSync, type Zippable } from 'fflate';
import { IMAGE_CHANNELS, IMAGE_SIZE } from './image';
import { npyBytes } from './npy';
import type { EncodedWindow } from './types';

/** Local-time midnight: fflate writes DOS dates from local fields, so this is 1980-01-01 00:00 anywhere. */
const DOS_EPOCH = new Date(1980, 0, 1);

export function zipEntryNames(windows: readonly EncodedWindow[]): string[] {
  const prefix = (w: EncodedWindow): string => (windows.length === 1 ? '' : `${w.id}_`);
  return windows.flatMap((w) => [`${prefix(w)}image.npy`, `${prefix(w)}mask.npy`]);
}

export function encodedZip(windows: readonly EncodedWindow[]): Uint8Array {
  const names = zipEntryNames(windows);
  const entries: Zippable = {};
  windows.forEach((w, i) => {
    entries[names[2 * i]!] = npyBytes(w.image, [IMAGE_SIZE, IMAGE_SIZE, IMAGE_CHANNELS]);
    entries[names[2 * i + 1]!] = npyBytes(w.mask, [IMAGE_SIZE, IMAGE_SIZE]);
  });
  return zipSync(entries, { level: 6, mtime: DOS_EPOCH });
}
