import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { loadVectors, recordedFiles } from '../fixtures-encoder/upstreamVectors';
import { encodeWindow } from '../../src/core/encoding/encodeWindow';
import { npyBytes, readNpy } from '../../src/core/encoding/npy';
import type { EncodedWindow } from '../../src/core/encoding/types';
import { encodedZip, zipEntryNames } from '../../src/core/encoding/zip';

const text = (bytes: Uint8Array): string => String.fromCharCode(...bytes);
const sameBytes = (a: Uint8Array, b: Uint8Array | undefined): boolean =>
  a.length === b?.length && a.every((v, i) => v === b[i]);

describe('NPY writer (encoder.md §1.1)', () => {
  it('writes numpy’s 128-byte preamble for both shapes', () => {
    const image = npyBytes(new Uint8Array(128 * 128 * 4), [128, 128, 4]);
    const mask = npyBytes(new Uint8Array(128 * 128), [128, 128]);
    const dict = (shape: string) => `{'descr': '|u1', 'fortran_order': False, 'shape': ${shape}, }`;
    expect(text(image.subarray(0, 10))).toBe('\x93NUMPY\x01\x00v\x00'); // header length 118
    expect(text(image.subarray(10, 128))).toBe(dict('(128, 128, 4)').padEnd(117) + '\n');
    expect(text(mask.subarray(10, 128))).toBe(dict('(128, 128)').padEnd(117) + '\n');
    expect([image.length, mask.length]).toEqual([128 + 65536, 128 + 16384]);
  });

  it('writes Python tuple syntax for one axis', () => {
    expect(text(npyBytes(new Uint8Array(3), [3]).subarray(10, 70))).toContain("'shape': (3,), }");
  });

  it('reproduces the recorded image.npy and mask.npy files byte for byte', () => {
    const v = loadVectors().find((x) => x.name === 'asset_df_default_single__df_default')!;
    const files = recordedFiles(v);
    const { image, mask } = encodeWindow(
      {
        height_roof_over_floor: 3,
        floor_height_above_terrain: 2,
        room_polygon: [
          [-2, 0],
          [2, 0],
          [2, 5],
          [-2, 5],
        ],
      },
      {
        id: 'window1',
        x1: -0.6,
        y1: 0,
        z1: 2.1,
        x2: 0.6,
        y2: 0,
        z2: 3.4,
        window_sill_height: 0.9,
        window_frame_ratio: 0.8,
        horizon: 45,
        zenith: 30,
      },
      { modelType: 'df_default', scheme: 'v2' },
    );
    expect(sameBytes(npyBytes(image, [128, 128, 4]), files['image.npy'])).toBe(true);
    expect(sameBytes(npyBytes(mask, [128, 128]), files['mask.npy'])).toBe(true);
  });

  it('reads back what it writes', () => {
    const data = Uint8Array.from({ length: 24 }, (_, i) => i);
    expect(readNpy(npyBytes(data, [2, 3, 4]))).toEqual({ descr: '|u1', shape: [2, 3, 4], data });
  });

  it('refuses a shape that does not fit the data', () => {
    expect(() => npyBytes(new Uint8Array(5), [2, 3])).toThrow(RangeError);
  });
});

describe('ZIP body (api.md /encode, encoder.md §1.1)', () => {
  const encoded = (id: string): EncodedWindow => ({
    id,
    image: new Uint8Array(128 * 128 * 4).fill(7),
    mask: new Uint8Array(128 * 128).fill(1),
  });

  it('names the entries image.npy / mask.npy for a single window (the id is not used)', () => {
    const files = unzipSync(encodedZip([encoded('main')]));
    expect(Object.keys(files)).toEqual(['image.npy', 'mask.npy']);
    expect(readNpy(files['image.npy']!).shape).toEqual([128, 128, 4]);
    expect(readNpy(files['mask.npy']!).data.every((v) => v === 1)).toBe(true);
  });

  it('prefixes the window id for several windows, in request order', () => {
    const windows = [encoded('s'), encoded('e'), encoded('n')];
    expect(Object.keys(unzipSync(encodedZip(windows)))).toEqual([
      's_image.npy',
      's_mask.npy',
      'e_image.npy',
      'e_mask.npy',
      'n_image.npy',
      'n_mask.npy',
    ]);
    expect(zipEntryNames(windows)).toHaveLength(6);
  });

  it('writes an empty 22-byte archive for no windows', () => {
    const zip = encodedZip([]);
    expect(zip.length).toBe(22);
    expect(Object.keys(unzipSync(zip))).toEqual([]);
  });

  it('compresses (DEFLATE) and dates entries 1980-01-01 like numpy', () => {
    const zip = encodedZip([encoded('main')]);
    const view = new DataView(zip.buffer, zip.byteOffset);
    expect(view.getUint16(8, true)).toBe(8); // compression method of the first local header
    expect(view.getUint16(12, true)).toBe((0 << 9) | (1 << 5) | 1); // DOS date: 1980, month 1, day 1
    expect(view.getUint16(10, true)).toBe(0); // DOS time 00:00:00
    expect(zip.length).toBeLessThan(2000);
  });
});
