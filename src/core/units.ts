/**
 * Units as brands: a plain number must be stated to be degrees, radians or metres before it crosses a
 * module boundary, so a degrees/radians slip fails to compile instead of silently producing wrong angles.
 */
declare const brand: unique symbol;
type Brand<T, B extends string> = T & { readonly [brand]: B };

export type Degrees = Brand<number, 'Degrees'>;
export type Radians = Brand<number, 'Radians'>;
export type Metres = Brand<number, 'Metres'>;
/** Daylight factor in percent (0–100). */
export type DfPercent = Brand<number, 'DfPercent'>;

export const deg = (v: number): Degrees => v as Degrees;
export const rad = (v: number): Radians => v as Radians;
export const metres = (v: number): Metres => v as Metres;
export const dfPercent = (v: number): DfPercent => v as DfPercent;

export const toRadians = (d: Degrees): Radians => rad((d * Math.PI) / 180);
export const toDegrees = (r: Radians): Degrees => deg((r * 180) / Math.PI);

/** Normalises a horizontal angle to [0, 360). */
export function normalizeDegrees(d: number): Degrees {
  let v = d % 360;
  if (v < 0) v += 360;
  if (v >= 360) v -= 360; // -1e-17 % 360 + 360 rounds to 360
  return deg(v === 0 ? 0 : v); // never -0
}
