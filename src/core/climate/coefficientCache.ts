import type { DaylightCoefficients } from '../engine/dc/coefficients';
import type { EngineRoom } from '../engine/model';
import { hash32 } from '../engine/random';
import type { WeatherLocation } from './epw';

/**
 * Daylight coefficients kept per scene (issue 32: "cached per scene so that changing the weather or a
 * threshold costs milliseconds"). They depend on the room, its surroundings, the quality and the seed,
 * and, for the direct sun's part, on the site (the sun's path over the year), never on the weather's
 * values: a new weather file for the same site and room skips the engine entirely, and one for another
 * site recomputes them. Least recently used entries go first once `maxBytes` is held.
 *
 * The faces own a cache each (the browser's engine worker one, every service thread one); the core
 * functions take it as an option, and hold no state of their own.
 */
export class CoefficientCache {
  private readonly entries = new Map<string, { dc: DaylightCoefficients; bytes: number }>();
  private held = 0;

  constructor(readonly maxBytes = 256 * 2 ** 20) {}

  get(key: string): DaylightCoefficients | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.dc;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  set(key: string, dc: DaylightCoefficients): void {
    const bytes = coefficientBytes(dc);
    if (bytes > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old) {
      this.held -= old.bytes;
      this.entries.delete(key);
    }
    this.entries.set(key, { dc, bytes });
    this.held += bytes;
    for (const [k, e] of this.entries) {
      if (this.held <= this.maxBytes) break;
      this.entries.delete(k);
      this.held -= e.bytes;
    }
  }

  /** Bytes held and entries, for tests and health. */
  get size(): { bytes: number; entries: number } {
    return { bytes: this.held, entries: this.entries.size };
  }
}

/** Memory of a set of coefficients: its typed arrays. */
export function coefficientBytes(dc: DaylightCoefficients): number {
  let n = dc.mask.byteLength + dc.cells.byteLength;
  for (const w of dc.windows)
    n +=
      w.total.byteLength +
      w.direct.byteLength +
      w.sun.offsets.byteLength +
      w.sun.cells.byteLength +
      w.sun.factors.byteLength;
  return n;
}

/** What the coefficients are computed from, besides the room: the run's settings. */
export interface CoefficientSettings {
  quality: string;
  seed: number;
  preview: boolean;
  /** True north in the plan (roomYear's planNorth): the sun directions traced turn with it. */
  planNorth: number;
}

/**
 * The key of a room's coefficients: the room's own description exactly (its JSON: polygon, windows,
 * materials, angles), the surroundings' triangles by two independent 32-bit hashes and their count,
 * the site (latitude, longitude, time zone and the year's hours: the sun's path), and the settings.
 */
export function coefficientKey(
  room: EngineRoom,
  site: WeatherLocation & { hours: number },
  s: CoefficientSettings,
): string {
  const { mesh, crowns, modelType: _type, ...described } = room as EngineRoom & Record<string, unknown>;
  // Only the geometry and materials shape the coefficients; the request's weather and thresholds do not.
  for (const k of ['weather', 'occupiedFrom', 'occupiedTo', 'daLux', 'planNorth', 'responseFormat'])
    delete described[k];
  const meshKey = mesh
    ? `${mesh.positions.length}:${floatHash(mesh.positions, 1)}:${floatHash(mesh.positions, 2)}`
    : '-';
  // Tree crowns by their share and triangles, as the mesh (their arrays as JSON were ~0.3 MB of key).
  const crownsKey = crowns
    ? `crowns ${crowns.transmittance}:${crowns.positions.length}:${floatHash(crowns.positions, 1)}`
    : '-';
  return [
    `${site.latitude},${site.longitude},${site.timeZone},${site.hours}`,
    `${s.quality}/${s.seed}/${s.preview ? 'preview' : 'year'}/north ${s.planNorth}`,
    meshKey,
    crownsKey,
    JSON.stringify(described),
  ].join('|');
}

function floatHash(a: Float32Array, salt: number): number {
  const u = new Uint32Array(a.buffer, a.byteOffset, a.length);
  let h = hash32(salt, u.length);
  for (let i = 0; i < u.length; i++) h = hash32(h, u[i]!, salt);
  return h;
}
