import type { Weather } from './epw';
import { hourSky } from './hourSky';
import { sunPath } from './sun';

/** One month of a weather year, as the climate panel and reports summarise it. */
export interface MonthSky {
  month: number;
  /** Global horizontal irradiation (kWh/m²). */
  global: number;
  /** The diffuse part of it (%). */
  diffuseShare: number;
  /** Hours with direct sun (direct normal above 120 W/m², the WMO's sunshine threshold). */
  sunHours: number;
}

/** The weather year month by month. */
export function monthlySky(w: Weather): MonthSky[] {
  const out: MonthSky[] = Array.from({ length: 12 }, (_, i) => ({
    month: i + 1,
    global: 0,
    diffuseShare: 0,
    sunHours: 0,
  }));
  const diffuse = new Float64Array(12);
  for (let k = 0; k < w.hours; k++) {
    const m = out[w.month[k]! - 1]!;
    m.global += w.globalHorizontal[k]! / 1000;
    diffuse[m.month - 1] = diffuse[m.month - 1]! + w.diffuseHorizontal[k]! / 1000;
    if (w.directNormal[k]! > 120) m.sunHours++;
  }
  for (const m of out) m.diffuseShare = m.global > 0 ? (100 * diffuse[m.month - 1]!) / m.global : 0;
  return out;
}

/** Each hour's diffuse horizontal illuminance (lux): the file's where it gives it, else Perez's efficacy. */
export function diffuseIlluminance(w: Weather, sun = sunPath(w)): Float32Array {
  const out = new Float32Array(w.hours);
  for (let k = 0; k < w.hours; k++)
    if (w.diffuseHorizontal[k]! > 0) out[k] = hourSky(w, sun, k).diffuseHorizontalIlluminance;
  return out;
}
