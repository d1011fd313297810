import { daylightCoefficients, type DaylightCoefficients } from '../engine/dc/coefficients';
import type { EngineRoom } from '../engine/model';
import type { CancelSignal } from '../engine/simulate';
import { annualLight, sunDirections, type AnnualLight } from './annual';
import type { Weather } from './epw';
import { daylightHours, occupiedHours } from './hours';
import { climateMetrics, type ClimateMetrics, type ClimateOptions } from './metrics';
import { patchBasis } from './patchBasis';
import { reinhartPatches } from './patches';
import { sunPath } from './sun';

/** What a climate-based run of one room is asked (issue 32). */
export interface RoomYearOptions {
  quality?: 'draft' | 'standard' | 'high';
  seed?: number;
  /** Occupied hours, local standard time: from (inclusive) to (exclusive), default 8 to 18 (LM-83). */
  occupiedFrom?: number;
  occupiedTo?: number;
  /** The metrics' thresholds (DA's 300 lx, …); the defaults of metrics.ts otherwise. */
  metrics?: Partial<ClimateOptions>;
  signal?: CancelSignal;
  onProgress?: (fraction: number) => void;
}

export interface RoomYear {
  dc: DaylightCoefficients;
  light: AnnualLight;
  metrics: ClimateMetrics;
  /** Occupied and daylight hours of the year (before dropping those without light). */
  occupiedHours: number;
  daylightHours: number;
}

/**
 * A room through a year of its climate: the daylight coefficients (the engine, once), each hour's sky and
 * sun from them, and the metrics. The one function the service and the browser's worker run.
 */
export function roomYear(room: EngineRoom, weather: Weather, o: RoomYearOptions = {}): RoomYear {
  const sun = sunPath(weather);
  const patches = reinhartPatches(1);
  const { directions, index } = sunDirections(weather, sun);
  const progress = (from: number, span: number) => (f: number) => o.onProgress?.(from + span * f);
  const dc = daylightCoefficients(room, patchBasis(patches), {
    sun: directions,
    ...(o.quality ? { quality: o.quality } : {}),
    ...(o.seed !== undefined ? { seed: o.seed } : {}),
    ...(o.signal ? { signal: o.signal } : {}),
    onProgress: progress(0, 0.6),
  });
  const occupied = occupiedHours(weather.hour, o.occupiedFrom, o.occupiedTo);
  const daylight = daylightHours(sun.altitude, weather.diffuseHorizontal);
  const wanted = Uint8Array.from(occupied, (v, k) => (v || daylight[k] ? 1 : 0));
  const light = annualLight(dc, weather, sun, index, patches, {
    hours: wanted,
    onProgress: progress(0.6, 0.35),
  });
  const metrics = climateMetrics(
    {
      sensors: light.sensors,
      hours: light.hours.length,
      illuminance: light.illuminance,
      directSun: light.directSun,
      occupied: Uint8Array.from(light.hours, (k) => occupied[k]!),
      daylight: Uint8Array.from(light.hours, (k) => daylight[k]!),
      groups: light.groups,
    },
    o.metrics,
  );
  o.onProgress?.(1);
  let occ = 0,
    day = 0;
  for (let k = 0; k < weather.hours; k++) {
    occ += occupied[k]!;
    day += daylight[k]!;
  }
  return { dc, light, metrics, occupiedHours: occ, daylightHours: day };
}
