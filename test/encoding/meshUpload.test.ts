import { describe, expect, it } from 'vitest';
import { npyBytes } from '../../src/core/encoding/npy';
import { meshFromFile, npyPoints } from '../../src/core/encoding/meshUpload';

/** An NPY file starting `shift` bytes into a larger buffer, as a file part sits inside a multipart body. */
function embedded(values: Float32Array, shift: number): Uint8Array {
  const file = npyBytes(values, [values.length / 3, 3]);
  const body = new Uint8Array(file.length + 16);
  body.set(file, shift);
  return body.subarray(shift, shift + file.length);
}

describe('an NPY mesh file at any offset in its body', () => {
  const values = Float32Array.from({ length: 27 }, (_, i) => ((i * 7.25) % 11) - 3.5);

  for (const shift of [0, 1, 2, 3, 5]) {
    it(`gives the array's values at offset ${shift}: copied when borrowed, realigned in place when owned`, () => {
      const borrowed = embedded(values, shift);
      const before = borrowed.slice();
      const copy = npyPoints(borrowed);
      expect(Array.from(copy)).toEqual(Array.from(values));
      expect(borrowed).toEqual(before); // a borrowed file is left as it was

      const owned = embedded(values, shift);
      const inPlace = npyPoints(owned, true);
      expect(Array.from(inPlace)).toEqual(Array.from(values));
      expect(inPlace.buffer).toBe(owned.buffer); // no copy
      // Only the file's own bytes were touched: the array moved back over its header's padding.
      expect(inPlace.byteOffset).toBeGreaterThanOrEqual(owned.byteOffset);
      expect(inPlace.byteOffset + inPlace.byteLength).toBeLessThanOrEqual(owned.byteOffset + owned.length);
    });
  }

  it('meshFromFile passes ownership on (and a gzip file inflates into memory of its own)', () => {
    const owned = embedded(values, 1);
    const mesh = meshFromFile(owned, 1 << 20, true) as Float32Array;
    expect(mesh.buffer).toBe(owned.buffer);
    expect(Array.from(mesh)).toEqual(Array.from(values));
  });
});
