import { expectedTime } from '../../src/core/climate/epw';
import { sunAt } from '../../src/core/climate/sun';

/**
 * Test weather as EPW text, for any place: a documented, deterministic sky model (not a real climate).
 *
 * - The sun from src/core/climate/sun.ts at the middle of each hour; extraterrestrial normal irradiance
 *   E0 = 1367 W/m² · (1 + 0.033 cos(2π n / 365)).
 * - Clear sky: direct normal Meinel (1976), DNI = E0 · 0.7^(m^0.678), with Kasten & Young's air mass m;
 *   diffuse horizontal 0.1 · E0 · sin(altitude).
 * - Clouds: each day a cover c in [0, 1] from a seeded generator (`cloudiness` its mean); the direct beam
 *   is scaled by (1 − c)², the diffuse raised by 0.3 · c · E0 · sin(altitude) · (1 − c / 2).
 * - Illuminance: 110 lm/W for the beam and 125 lm/W for the diffuse light, or EPW's missing value
 *   (`illuminance: false`) to exercise the derived efficacy.
 */
export interface SyntheticClimate {
  city: string;
  latitude: number;
  longitude: number;
  timeZone: number;
  elevation?: number;
  /** Mean daily cloud cover, 0–1 (default 0.4). */
  cloudiness?: number;
  illuminance?: boolean;
  seed?: number;
}

export function syntheticEpw(c: SyntheticClimate): string {
  let s = c.seed ?? 1;
  const random = (): number => (s = (s * 16807) % 2147483647) / 2147483647;
  const mean = c.cloudiness ?? 0.4;
  const header = [
    `LOCATION,${c.city},,Synthetic,Lux test,000000,${c.latitude},${c.longitude},${c.timeZone.toFixed(1)},${(c.elevation ?? 0).toFixed(1)}`,
    'DESIGN CONDITIONS,0',
    'TYPICAL/EXTREME PERIODS,0',
    'GROUND TEMPERATURES,0',
    'HOLIDAYS/DAYLIGHT SAVINGS,No,0,0,0',
    'COMMENTS 1,Synthetic test weather (test/climate/syntheticWeather.ts)',
    'COMMENTS 2,',
    'DATA PERIODS,1,1,Data,Sunday, 1/ 1,12/31',
  ];
  const rows: string[] = [];
  let cover = mean;
  for (let k = 0; k < 8760; k++) {
    const t = expectedTime(k);
    // A new day's cover: a random draw skewed so that its mean is `cloudiness`.
    if (t.hour === 1) cover = Math.min(1, Math.max(0, mean + (random() - 0.5) * 1.2));
    const sun = sunAt(c, t.month, t.day, t.hour - 0.5);
    const n = Math.floor(k / 24) + 1;
    const e0 = 1367 * (1 + 0.033 * Math.cos((2 * Math.PI * n) / 365));
    let dni = 0,
      dhi = 0;
    if (sun.altitude > 0) {
      const sinA = Math.sin((sun.altitude * Math.PI) / 180);
      const zenith = 90 - sun.altitude;
      const m = 1 / (Math.cos((zenith * Math.PI) / 180) + 0.50572 * (96.07995 - zenith) ** -1.6364);
      dni = e0 * 0.7 ** (m ** 0.678) * (1 - cover) ** 2;
      dhi = 0.1 * e0 * sinA + 0.3 * cover * e0 * sinA * (1 - cover / 2);
    }
    const sinA = Math.max(0, Math.sin((sun.altitude * Math.PI) / 180));
    const ghi = dni * sinA + dhi;
    const lux = (v: number, efficacy: number): string =>
      c.illuminance === false ? '999999' : Math.round(v * efficacy).toString();
    const f = new Array<string>(35).fill('0');
    f[0] = '2022';
    f[1] = String(t.month);
    f[2] = String(t.day);
    f[3] = String(t.hour);
    f[4] = '0';
    f[5] = '?9?9?9?9E0?9?9?9?9?9?9?9?9?9?9?9?9?9?9*_*9*9*9*9*9';
    f[6] = '15';
    f[7] = '5';
    f[13] = Math.round(ghi).toString();
    f[14] = Math.round(dni).toString();
    f[15] = Math.round(dhi).toString();
    f[16] = lux(ghi, 120);
    f[17] = lux(dni, 110);
    f[18] = lux(dhi, 125);
    rows.push(f.join(','));
  }
  return [...header, ...rows].join('\n') + '\n';
}

/** A cloudier year at Chicago O'Hare's coordinates (the repository's real year's site): the same sun path, other values. */
export const cloudyChicagoEpw = (): string =>
  syntheticEpw({ city: 'Cloudy Chicago', latitude: 41.98, longitude: -87.92, timeZone: -6, cloudiness: 0.8 });
