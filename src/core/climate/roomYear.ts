import {
  daylightCoefficients,
  daylightCoefficientsAsync,
  type DaylightCoefficients,
} from '../engine/dc/coefficients';
import { everyNthCell } from '../engine/dc/cellSubset';
import { buildRoomModel, type EngineRoom } from '../engine/model';
import { QUALITY, type CancelSignal, type EngineQuality } from '../engine/simulate';
import { annualLight, climateInput, sunDirections, type AnnualLight } from './annual';
import { coefficientKey, type CoefficientCache } from './coefficientCache';
import type { Weather } from './epw';
import { brightestHours, occupiedHours } from './hours';
import { EN17037_SHARES } from './en17037';
import { requestLitFromAbove } from '../stats/litFromAbove';
import { climateMetrics, daAt, type ClimateInput, type ClimateMetrics, type ClimateOptions } from './metrics';
import { patchBasis } from './patchBasis';
import { reinhartPatches } from './patches';
import { sunInPlan, sunPath } from './sun';
import { diffuseIlluminance } from './summary';
import { wrap360 } from '../geometry/bearing';

/** What a climate-based run of one room is asked (issue 32). */
export interface RoomYearOptions {
  quality?: 'draft' | 'standard' | 'high';
  seed?: number;
  /** Occupied hours, local standard time: from (inclusive) to (exclusive), default 8 to 18 (LM-83). */
  occupiedFrom?: number;
  occupiedTo?: number;
  /**
   * True north, degrees clockwise from the room's plan +y (default 0: the plan's y is north). The sun and
   * the sky are turned into the plan (sunInPlan), the room stays as drawn.
   */
  planNorth?: number;
  /** The metrics' thresholds (DA's 300 lx, …); the defaults of metrics.ts otherwise. */
  metrics?: Partial<ClimateOptions>;
  signal?: CancelSignal;
  onProgress?: (fraction: number) => void;
  /**
   * A first estimate in about a tenth of the time: every third cell along each axis (the maps filled from
   * them), every third day of the year, half draft's view resolution and patches, 2 × 2 sky samples a
   * patch; the ASE's 250 hours are scaled to the days kept. Shares and verdicts are those of the sampled
   * cells and days: within ~6 points of the year's sDA and ~2 of its ASE on the tests' rooms.
   */
  preview?: boolean;
  /**
   * Coefficients kept from earlier runs (coefficientCache.ts): taken when this room, site and setting
   * have them, stored otherwise. A preview asked for when the year's own coefficients are kept takes every
   * third of their cells (everyNthCell): a new weather file's first estimate in about a tenth of a second,
   * at the year's quality.
   */
  cache?: CoefficientCache;
}

export interface RoomYear {
  dc: DaylightCoefficients;
  light: AnnualLight;
  metrics: ClimateMetrics;
  /** Occupied and daylight hours of the year (a dark one counted as 0 lx). */
  occupiedHours: number;
  daylightHours: number;
  /** Whether this is the first estimate (RoomYearOptions.preview), and whether the coefficients were kept. */
  estimate: boolean;
  cached: boolean;
  /** What the metrics were computed from, and with: a new threshold recomputes them alone (withThresholds). */
  input: ClimateInput;
  metricOptions: Partial<ClimateOptions>;
}

/**
 * The same year with other metric thresholds: DA's at one of the levels counted with the year from the
 * kept counts (about a millisecond), any other change by the metrics again, not the light (~0.1 s).
 */
export function withThresholds(year: RoomYear, thresholds: Partial<ClimateOptions>): RoomYear {
  const metricOptions = { ...year.metricOptions, ...thresholds };
  const onlyDa = Object.keys(thresholds).every((k) => k === 'daLux');
  const counted = onlyDa && thresholds.daLux !== undefined ? daAt(year.metrics, thresholds.daLux) : null;
  return { ...year, metricOptions, metrics: counted ?? climateMetrics(year.input, metricOptions) };
}

/**
 * A room through a year of its climate: the daylight coefficients (the engine, once), each hour's sky and
 * sun from them, and the metrics. The one computation the service and the browser's worker run.
 */
export function roomYear(room: EngineRoom, weather: Weather, o: RoomYearOptions = {}): RoomYear {
  const p = prepare(room, weather, o);
  const kept = keptCoefficients(p, o);
  const dc = kept ?? daylightCoefficients(room, patchBasis(p.patches), coefficientOptions(p, o));
  if (!kept) keep(p, o, dc);
  return finish(dc, weather, p, o, kept !== undefined);
}

/** The same, giving the event loop a turn while the coefficients are computed (cancellable in a worker). */
export async function roomYearAsync(
  room: EngineRoom,
  weather: Weather,
  o: RoomYearOptions = {},
): Promise<RoomYear> {
  const p = prepare(room, weather, o);
  const kept = keptCoefficients(p, o);
  const dc = kept ?? (await daylightCoefficientsAsync(room, patchBasis(p.patches), coefficientOptions(p, o)));
  if (!kept) keep(p, o, dc);
  return finish(dc, weather, p, o, kept !== undefined);
}

/** The cache's coefficients for this run: a preview's own, or every third cell of the year's. */
function keptCoefficients(
  p: ReturnType<typeof prepare>,
  o: RoomYearOptions,
): DaylightCoefficients | undefined {
  if (p.key === null || !o.cache) return undefined;
  if (o.preview && o.cache.has(p.key.year)) {
    // Copied at the first estimate that asks (~10 ms in a browser's worker) and kept beside the year's:
    // not when the year is kept, since the service's and a building's years are never asked for one.
    const kept = o.cache.get(previewOfYear(p.key.year));
    if (kept) return kept;
    const dc = everyNthCell(o.cache.get(p.key.year)!, PREVIEW_STRIDE);
    o.cache.set(previewOfYear(p.key.year), dc);
    return dc;
  }
  return o.cache.get(p.key.own);
}

/** Keeps newly computed coefficients under their own key. */
function keep(p: ReturnType<typeof prepare>, o: RoomYearOptions, dc: DaylightCoefficients): void {
  if (p.key !== null) o.cache?.set(p.key.own, dc);
}

/** The cache's key of a year's coefficients at every third cell (keptCoefficients). */
const previewOfYear = (year: string): string => `${year}|every ${PREVIEW_STRIDE}`;

const PREVIEW_QUALITY: EngineQuality = {
  ...QUALITY.draft,
  maxPatches: 250,
  view: { ...QUALITY.draft.view, K: 24 },
};

/** A preview's cells: the centre of every 3 × 3 block. */
const PREVIEW_STRIDE = 3;

function prepare(room: EngineRoom, weather: Weather, o: RoomYearOptions) {
  const planNorth = o.planNorth ?? 0;
  const sun = sunInPlan(sunPath(weather), planNorth);
  let key: { own: string; year: string } | null = null;
  if (o.cache) {
    const site = { ...weather.location, hours: weather.hours };
    const settings = { quality: o.quality ?? 'standard', seed: o.seed ?? 1, planNorth };
    const year = coefficientKey(room, site, { ...settings, preview: false });
    key = { own: o.preview ? coefficientKey(room, site, { ...settings, preview: true }) : year, year };
  }
  return {
    sun,
    patches: reinhartPatches(1),
    ...sunDirections(weather, sun),
    key,
    facades: facadesOf(room),
    topLit: requestLitFromAbove(room),
  };
}

/**
 * The blind group of each opening, in the coefficients' order (the windows, then the skylights): LM-83
 * operates the blinds of a façade together, so the windows whose outward normals face the same way (within
 * FACADE_SPREAD of the group's first: a wall drawn at 179.4° and one at 180.6° are one façade) are one group;
 * each skylight is its own.
 */
export function facadesOf(room: EngineRoom): string[] {
  const model = buildRoomModel(room);
  const groups: number[] = [];
  return [
    ...model.windows.map((w) => {
      const bearing = wrap360((Math.atan2(w.nx, w.ny) * 180) / Math.PI);
      const apart = (g: number): number => Math.abs(((bearing - g + 540) % 360) - 180);
      let g = groups.find((x) => apart(x) <= FACADE_SPREAD);
      if (g === undefined) groups.push((g = bearing));
      return `facade ${Math.round(g)}`;
    }),
    ...model.skylights.map((s) => `skylight ${s.id}`),
  ];
}

/** How far apart (°) two windows' outward bearings may be and still be one façade's blind group. */
const FACADE_SPREAD = 10;

const progress = (o: RoomYearOptions, from: number, span: number) => (f: number) =>
  o.onProgress?.(from + span * f);

function coefficientOptions(p: ReturnType<typeof prepare>, o: RoomYearOptions) {
  return {
    sun: p.directions,
    // A preview also coarsens the room's patches and the windows' view tables (draft's, halved).
    ...(o.preview ? { quality: PREVIEW_QUALITY } : o.quality ? { quality: o.quality } : {}),
    ...(o.seed !== undefined ? { seed: o.seed } : {}),
    ...(o.signal ? { signal: o.signal } : {}),
    ...(o.preview ? { cellStride: PREVIEW_STRIDE } : {}),
    onProgress: progress(o, 0, 0.6),
  };
}

function finish(
  dc: DaylightCoefficients,
  weather: Weather,
  p: ReturnType<typeof prepare>,
  o: RoomYearOptions,
  cached: boolean,
): RoomYear {
  const occupied = occupiedHours(weather.hour, o.occupiedFrom, o.occupiedTo);
  // EN 17037's daylight hours: half the year, the 4380 hours with the most diffuse horizontal illuminance
  // (the hours its daylight-factor method takes its median over, siteDfTargets; ClimateStudio's too).
  const daylight = brightestHours(diffuseIlluminance(weather, p.sun));
  // A preview keeps every third day.
  const kept = (k: number): boolean => !o.preview || Math.floor(k / 24) % 3 === 1;
  const wanted = Uint8Array.from(occupied, (v, k) => ((v || daylight[k]) && kept(k) ? 1 : 0));
  const light = annualLight(dc, weather, p.sun, p.index, p.patches, {
    hours: wanted,
    groups: p.facades,
    ...(o.preview ? { skySamples: 2 } : {}),
    onProgress: progress(o, 0.6, 0.35),
  });
  let occupiedAll = 0,
    occupiedKept = 0;
  for (let k = 0; k < weather.hours; k++) {
    occupiedAll += occupied[k]!;
    if (kept(k)) occupiedKept += occupied[k]!;
  }
  const metricOptions = { ...o.metrics };
  // A room lit by rooflights alone: EN 17037 asks its target illuminance over 95 % of the plane, not 50 %.
  if (p.topLit && !o.metrics?.en) metricOptions.en = { ...EN17037_SHARES, targetPlane: 95 };
  // A preview's occupied hours stand for about three of the year's each: ASE's hours are the year's.
  if (o.preview && occupiedKept > 0) metricOptions.hourWeight = occupiedAll / occupiedKept;
  const input = climateInput(light, occupied, daylight);
  const metrics = climateMetrics(input, metricOptions);
  o.onProgress?.(1);
  let occ = 0,
    day = 0;
  for (let k = 0; k < weather.hours; k++) {
    occ += occupied[k]!;
    day += daylight[k]!;
  }
  return {
    dc,
    light,
    metrics,
    occupiedHours: occ,
    daylightHours: day,
    estimate: !!o.preview,
    cached,
    input,
    metricOptions,
  };
}
