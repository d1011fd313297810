import { rad } from '../units';
import type { Weather } from './epw';
import { perezSky, type PerezSky } from './perez';
import type { SunPath } from './sun';

/** Hour k of a weather year as its Perez sky, with the sun where `sun` puts it (at mid-hour). */
export function hourSky(w: Weather, sun: SunPath, k: number): PerezSky {
  return perezSky({
    sunZenith: rad(((90 - sun.altitude[k]!) * Math.PI) / 180),
    sun: { x: sun.direction[k * 3]!, y: sun.direction[k * 3 + 1]!, z: sun.direction[k * 3 + 2]! },
    dayOfYear: Math.floor(k / 24) + 1,
    directNormalIrradiance: w.directNormal[k]!,
    diffuseHorizontalIrradiance: w.diffuseHorizontal[k]!,
    diffuseHorizontalIlluminance: w.diffuseHorizontalIlluminance[k]!,
    directNormalIlluminance: w.directNormalIlluminance[k]!,
    dewPoint: w.dewPoint[k]!,
  });
}
