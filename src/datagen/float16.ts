import { npyRaw } from '../core/encoding/npy';

/**
 * Float32 → IEEE half precision (round to nearest even) as an NPY '<f2' file. Node 20 has no
 * Float16Array; half precision halves the training inputs on disk and in the page cache, and the
 * channels (DF %, metres / 10, 0–1 shares) lose nothing the model could use.
 */
const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

export function toHalf(v: number): number {
  f32[0] = v;
  const x = u32[0]!;
  const sign = (x >>> 16) & 0x8000;
  const exp = (x >>> 23) & 0xff;
  let mant = x & 0x7fffff;
  if (exp === 0xff) return sign | 0x7c00 | (mant ? 0x200 : 0);
  const e = exp - 127 + 15;
  if (e >= 0x1f) return sign | 0x7c00;
  if (e <= 0) {
    if (e < -10) return sign;
    mant |= 0x800000;
    const shift = 14 - e;
    let h = mant >> shift;
    const rem = mant & ((1 << shift) - 1);
    const half = 1 << (shift - 1);
    if (rem > half || (rem === half && h & 1)) h++;
    return sign | h;
  }
  let h = (e << 10) | (mant >> 13);
  const rem = mant & 0x1fff;
  // A carry out of the mantissa correctly bumps the exponent.
  if (rem > 0x1000 || (rem === 0x1000 && h & 1)) h++;
  return sign | h;
}

export function float16Bytes(data: Float32Array, shape: readonly number[]): Uint8Array {
  const half = new Uint16Array(data.length);
  for (let i = 0; i < data.length; i++) half[i] = toHalf(data[i]!);
  return npyRaw(new Uint8Array(half.buffer), shape, '<f2', 2);
}

/** IEEE half precision (the bits of an NPY '<f2' value) → number. */
export function fromHalf(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exp = (h >>> 10) & 0x1f;
  const mant = h & 0x3ff;
  if (exp === 0) return sign * mant * 2 ** -24;
  if (exp === 0x1f) return mant ? Number.NaN : sign * Infinity;
  return sign * (1 + mant / 1024) * 2 ** (exp - 15);
}
