/**
 * Which hours of a weather year count: the occupied hours of LM-83 and the daylight hours of EN 17037.
 * Both are masks (Uint8Array, one byte an hour, 1 = counts) in the order of the weather file's hours.
 *
 * EPW convention: the value of hour h (1–24) is the hour *ending* at h:00 local standard time, so hour h
 * covers (h − 1, h]. Hour 1 is 00:00–01:00, hour 24 is 23:00–24:00.
 */

/** LM-83-12 §2.1.2: the analysis period runs 8:00 to 18:00, every day of the year (10 × 365 = 3650 hours). */
export const LM83_DAY = { from: 8, to: 18 } as const;

/**
 * The occupied hours of a day span [from, to] (o'clock, local standard time): EPW hours h with
 * from < h ≤ to. For LM-83's 8:00–18:00 these are the ten hours 9..18 (08:00–09:00 … 17:00–18:00);
 * hour 8 (07:00–08:00) and hour 19 (18:00–19:00) are out.
 *
 * LM-83 says "local clock time": to follow daylight saving time, pass hours shifted by the clock change
 * (EPW hours are always standard time).
 */
export function occupiedHours(
  hourOfDay: ArrayLike<number>,
  from: number = LM83_DAY.from,
  to: number = LM83_DAY.to,
): Uint8Array {
  const out = new Uint8Array(hourOfDay.length);
  for (let i = 0; i < out.length; i++) {
    const h = hourOfDay[i]!;
    out[i] = h > from && h <= to ? 1 : 0;
  }
  return out;
}

/**
 * EN 17037's daylight hours: the sun above the horizon, or (where given) any diffuse horizontal light,
 * which also takes in the twilight hours a weather file records. Pass the sun's altitude (degrees) at the
 * middle of each hour (h − 0.5 for EPW hour h, as `sunPath(weather).altitude` gives it), so an hour the
 * sun rises in counts when it is up for most of it; and `weather.diffuseHorizontal` (W/m², never missing).
 */
export function daylightHours(
  sunAltitudeDeg: ArrayLike<number>,
  diffuseHorizontal?: ArrayLike<number>,
): Uint8Array {
  const out = new Uint8Array(sunAltitudeDeg.length);
  for (let i = 0; i < out.length; i++) {
    out[i] = sunAltitudeDeg[i]! > 0 || (diffuseHorizontal !== undefined && diffuseHorizontal[i]! > 0) ? 1 : 0;
  }
  return out;
}

/**
 * The `count` hours with the most diffuse horizontal illuminance (ties: the earlier hour). EN 17037 takes
 * half the year, 4380 hours, as its daylight hours when it derives the median external diffuse
 * illuminance of its daylight-factor method, and ClimateStudio and Honeybee use exactly these hours for
 * the illuminance method too: roomYear's daylight hours.
 */
export function brightestHours(diffuseHorizontal: ArrayLike<number>, count = 4380): Uint8Array {
  const order = Array.from({ length: diffuseHorizontal.length }, (_, i) => i);
  order.sort((a, b) => diffuseHorizontal[b]! - diffuseHorizontal[a]! || a - b);
  const out = new Uint8Array(diffuseHorizontal.length);
  for (let k = 0; k < Math.min(count, order.length); k++) out[order[k]!] = 1;
  return out;
}

/** How many hours a mask sets. */
export function countHours(mask: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < mask.length; i++) if (mask[i]) n++;
  return n;
}
