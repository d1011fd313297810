/**
 * The original encoder's rounding rules (encoder.md §Conventions). JavaScript's Math.round rounds ties
 * up, Python's round() and numpy's rint round them to even, and the encoded pixels depend on the
 * difference (a room edge at −4.25 m lands on column 70, not 69). Keep the arithmetic exactly as written:
 * `v / 0.1` is not `v * 10` in floating point (0.15 / 0.1 = 1.4999999999999998).
 */

/** Metres per pixel of the 128 × 128 encoding. */
export const PIXEL_SIZE = 0.1;

/** Nearest integer, ties to even (Python `round(q)`, numpy `rint`). `q − floor(q)` is exact in binary. */
export function roundHalfEven(q: number): number {
  const f = Math.floor(q);
  const d = q - f;
  if (d > 0.5) return f + 1;
  if (d < 0.5) return f;
  return f % 2 === 0 ? f : f + 1;
}

/** Metres → pixels: Python `round(v / 0.1)`. */
export function px(v: number): number {
  return roundHalfEven(v / PIXEL_SIZE);
}

/** numpy `np.round(v, 2)`: round `v * 100` half to even, then divide (2.675 → 2.68, unlike Python). */
export function rint2(v: number): number {
  return roundHalfEven(v * 100) / 100;
}

/** Toward zero, as Python `int()` on a float and numpy `astype(int32 | uint8)` on non-negative values. */
export const trunc = Math.trunc;

/** Python floor division `a // b` for integers. */
export function floorDiv(a: number, b: number): number {
  return Math.floor(a / b);
}
