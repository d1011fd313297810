import type { z } from 'zod';
import { readEpw, WeatherFileError, type Weather } from '../climate/epw';
import {
  roomYear,
  roomYearAsync,
  withThresholds,
  type RoomYear,
  type RoomYearOptions,
} from '../climate/roomYear';
import { RANGES } from '../validation/ranges';
import { estimateSimulationMs } from '../engine/cost';
import { signedArea } from '../geometry/polygon';
import { fillFromSamples } from '../stats/grid';
import { LuxError, validationError } from '../errors';
import { parseWith } from '../validation/format';
import { parseClimateRequest, type ClimateRequest } from '../validation/requests';
import { inPlan } from '../validation/aboutRoom';
import { simulateOptions } from '../validation/schemas';
import { answer, limitsOf, OPEN_CONTEXT, type OpContext, type OpResult } from './result';
import { climateResponse } from '../validation/responses';
import { bodyParts, roomAnswer } from './roomResponse';
import type { RoomAnswer } from './roomAnswer';
import { windowAngles } from './windowAngles';

/**
 * /run and /simulate with da_default or da_custom (issue 32): a year of the request's weather in the
 * room, by the engine's daylight coefficients (docs/climate.md); the map is daylight autonomy on the
 * daylight factor's grid, and the answer carries the room's climate-based metrics and verdicts. /run
 * answers it with the engine too: the model has no climate-based counterpart yet.
 */
export function climateRun(body: unknown, ctx: OpContext): OpResult {
  const c = climateComputation(body, ctx);
  const grid = climateRoomAnswer(c);
  return answer(climateResponse, {
    ...bodyParts(grid, c.req.responseFormat),
    method: 'climate',
    metric: 'da',
    seed: c.seed,
    quality: c.quality,
    climate: c.summary,
  });
}

/** A room's metric on the daylight factor's grid (0 outside the room). */
export interface MetricGrid {
  df: { rows: number; cols: number; data: Float32Array };
  mask: { rows: number; cols: number; data: Uint8Array };
  origin: { x: number; y: number };
  resolution: number;
}

export type ClimateSummary = z.output<typeof climateResponse>['climate'];

/** A climate-based run's answer as typed arrays, for the browser's engine worker (and the API's JSON). */
export interface ClimateComputation {
  req: ClimateRequest;
  quality: 'draft' | 'standard' | 'high';
  seed: number;
  /** Per-sensor maps on the room grid: DA (blinds open, and operated), ASE hours, UDI bands. */
  grids: Record<'da' | 'daBlinds' | 'aseHours' | 'udiLow' | 'udiUseful' | 'udiHigh', MetricGrid>;
  summary: ClimateSummary;
  /** A first estimate (every third cell and day), or the year; and whether kept coefficients served it. */
  estimate: boolean;
  cached: boolean;
}

/** The DA map as a room's answer (/run's shapes, its points in the request's plan), the metrics beside it. */
export const climateRoomAnswer = (c: ClimateComputation): RoomAnswer =>
  roomAnswer(
    c.req,
    { ...c.grids.da, angles: windowAngles(c.req, c.req.mesh) },
    { kind: 'engine', quality: c.quality, seed: c.seed, ambientBounces: null },
  );

/**
 * A climate-based run on this thread, its grids about the room (a room far from the plan's origin is
 * computed about itself: validation/aboutRoom.ts); climateRoomAnswer puts them in the request's plan.
 */
export function climateComputation(
  body: unknown,
  ctx: OpContext,
  o: Pick<RoomYearOptions, 'signal' | 'onProgress'> = {},
): ClimateComputation {
  const p = prepareClimate(body, ctx);
  const cache = ctx.coefficients ? { cache: ctx.coefficients } : {};
  return climateOf(p, roomYear(p.req, p.weather, { ...yearOptions(p, o), ...cache }));
}

/** The same for a browser worker: the coefficients give the event loop turns (a cancel can land). */
export async function climateComputationAsync(
  body: unknown,
  o: Pick<RoomYearOptions, 'signal' | 'onProgress' | 'preview' | 'cache'> = {},
): Promise<ClimateComputation> {
  return climateAnswer(await climateYearAsync(body, o));
}

/** A computed year as the browser's engine worker keeps it, so that a new DA threshold costs the metrics. */
export interface KeptClimate {
  prepared: ReturnType<typeof prepareClimate>;
  year: RoomYear;
}

export async function climateYearAsync(
  body: unknown,
  o: Pick<RoomYearOptions, 'signal' | 'onProgress' | 'preview' | 'cache'> &
    Pick<OpContext, 'storedMesh'> = {},
): Promise<KeptClimate> {
  const prepared = prepareClimate(
    body,
    o.storedMesh ? { ...OPEN_CONTEXT, storedMesh: o.storedMesh } : OPEN_CONTEXT,
  );
  return { prepared, year: await roomYearAsync(prepared.req, prepared.weather, yearOptions(prepared, o)) };
}

/** A kept year's answer for the browser, its grids in the request's plan. */
export const climateAnswer = (k: KeptClimate): ClimateComputation =>
  inPlanGrids(climateOf(k.prepared, k.year));

function inPlanGrids(c: ClimateComputation): ClimateComputation {
  const o = c.req.planOrigin;
  if (!o) return c;
  const grids = Object.fromEntries(
    Object.entries(c.grids).map(([k, g]) => [k, { ...g, origin: inPlan(g.origin, o) }]),
  ) as ClimateComputation['grids'];
  return { ...c, grids };
}

/** The kept year with DA at another threshold (sDA stays sDA300: metrics.ts): its metrics again. */
export function climateWithThreshold(k: KeptClimate, daLux: number): KeptClimate {
  if (!(daLux >= RANGES.da_lux.min && daLux <= RANGES.da_lux.max))
    throw validationError(
      `Parameter 'climate.da_lux' must lie in [${RANGES.da_lux.min}, ${RANGES.da_lux.max}]`,
    );
  return {
    prepared: { ...k.prepared, req: { ...k.prepared.req, daLux } },
    year: withThresholds(k.year, { daLux }),
  };
}

const yearOptions = (
  p: ReturnType<typeof prepareClimate>,
  o: Pick<RoomYearOptions, 'signal' | 'onProgress' | 'preview' | 'cache'>,
) => ({
  quality: p.quality,
  seed: p.seed,
  occupiedFrom: p.req.occupiedFrom,
  occupiedTo: p.req.occupiedTo,
  metrics: { daLux: p.req.daLux },
  planNorth: p.req.planNorth,
  ...o,
});

/** The hourly light a climate-based run may hold (bytes): a 100 m² room with one window takes ~360 MB. */
export const MAX_YEAR_BYTES = 768 * 2 ** 20;

function prepareClimate(body: unknown, ctx: OpContext) {
  const req = parseClimateRequest(body, limitsOf(ctx), { asComputed: true });
  const opts = parseWith(simulateOptions, body);
  const quality = opts.quality ?? 'standard';
  const seed = opts.seed ?? 1;
  if (ctx.budgetMs !== undefined) {
    // Coefficients cost about three runs of the engine, the year about a second per 2 000 cells.
    const ms = 3 * estimateSimulationMs(req, quality, req.mesh ? req.mesh.positions.length / 9 : 0) + 1500;
    if (ms > ctx.budgetMs)
      throw new LuxError(
        'payload_too_large',
        `This climate-based run is estimated at ~${Math.round(ms / 1000)} s, beyond what this server's time-out allows (LUX_REQUEST_TIMEOUT_MS): use quality 'draft' or a smaller room`,
      );
  }
  // The year is held as hourly illuminance per cell (float32, ~4 700 hours with light, twice: all light
  // and the sun alone, and per window when there are several): bounded so that it fits a worker's heap.
  const cells = Math.abs(signedArea(req.parameters.room_polygon)) / 0.01;
  const windows = req.parameters.windows.length;
  const bytes = cells * 4700 * 4 * 2 * (windows > 1 ? 1 + windows : 1);
  if (bytes > MAX_YEAR_BYTES)
    throw new LuxError(
      'payload_too_large',
      `A year of this room would hold ~${Math.round(bytes / 2 ** 20)} MB of hourly light (${Math.round(cells)} cells of 0.1 m${windows > 1 ? `, ${windows} windows` : ''}), more than the ${MAX_YEAR_BYTES / 2 ** 20} MB a climate-based run may use: split the room, or run its windows' facades separately`,
    );
  let weather: Weather;
  try {
    weather = keptRead(req.weather);
  } catch (e) {
    if (e instanceof WeatherFileError) throw validationError(`The weather file cannot be read: ${e.message}`);
    throw e;
  }
  return { req, quality, seed, weather };
}

/**
 * The last weather file read, kept with its text: a first estimate and its year, a building's rooms and
 * a job's carry the same file, and a read costs ~25 ms (a year's 8 760 records) each time. Nothing
 * downstream writes to a Weather.
 */
let lastRead: { text: string; weather: Weather } | null = null;
function keptRead(text: string): Weather {
  if (lastRead?.text !== text) lastRead = { text, weather: readEpw(text) };
  return lastRead.weather;
}

function climateOf(p: ReturnType<typeof prepareClimate>, year: RoomYear): ClimateComputation {
  const { req, quality, seed, weather } = p;
  const { dc, metrics: m } = year;
  const onGrid = (values: Float32Array): MetricGrid => {
    // A first estimate holds every third cell: the map is filled from them.
    const data = fillFromSamples(dc.rows, dc.cols, dc.mask, dc.cells, values);
    return {
      df: { rows: dc.rows, cols: dc.cols, data },
      mask: { rows: dc.rows, cols: dc.cols, data: dc.mask },
      origin: dc.origin,
      resolution: dc.resolution,
    };
  };
  const loc = weather.location;
  return {
    req,
    quality,
    seed,
    estimate: year.estimate,
    cached: year.cached,
    grids: {
      da: onGrid(m.maps.da),
      daBlinds: onGrid(m.maps.daBlinds),
      aseHours: onGrid(m.maps.aseHours),
      udiLow: onGrid(m.maps.udiLow),
      udiUseful: onGrid(m.maps.udiUseful),
      udiHigh: onGrid(m.maps.udiHigh),
    },
    summary: {
      location: {
        city: loc.city,
        country: loc.country,
        latitude: loc.latitude,
        longitude: loc.longitude,
        time_zone: loc.timeZone,
        elevation: loc.elevation,
      },
      hours: { occupied: year.occupiedHours, daylight: year.daylightHours },
      da_lux: req.daLux,
      da_mean: m.daMean,
      sda: m.sda,
      sda_blinds: m.sdaBlinds,
      ase: m.ase,
      udi: m.udi,
      leed_points: m.leed.points,
      en17037: {
        reached: m.en17037.reached,
        levels: m.en17037.levels.map((l) => ({
          level: l.level,
          target_lux: l.target,
          minimum_lux: l.minimum,
          target_hours: l.targetHours,
          minimum_hours: l.minimumHours,
          pass: l.pass,
        })),
      },
      verdicts: m.verdicts.map((v) => ({ id: v.id, label: v.label, pass: v.pass, detail: v.detail })),
      // A copy: the weather is kept for the next run (keptRead).
      notes: [...weather.notes],
    },
  };
}

/** Whether a body asks for a climate-based run (da_default, da_custom, with or without a version). */
export function isClimateBody(body: unknown): boolean {
  const t = (body as { model_type?: unknown } | null)?.model_type;
  return typeof t === 'string' && t.startsWith('da_');
}
