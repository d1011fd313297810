import type { z } from 'zod';
import { readEpw, WeatherFileError, type Weather } from '../climate/epw';
import { roomYear } from '../climate/roomYear';
import { estimateSimulationMs } from '../engine/cost';
import { LuxError, validationError } from '../errors';
import { parseWith } from '../validation/format';
import { parseClimateRequest } from '../validation/requests';
import { simulateOptions } from '../validation/schemas';
import { answer, limitsOf, type OpContext, type OpResult } from './result';
import { climateResponse } from '../validation/responses';
import { bodyParts, roomAnswer } from './roomResponse';
import { windowAngles } from './windowAngles';

/**
 * /run and /simulate with da_default or da_custom (issue 32): a year of the request's weather in the
 * room, by the engine's daylight coefficients (docs/climate.md); the map is daylight autonomy on the
 * daylight factor's grid, and the answer carries the room's climate-based metrics and verdicts. /run
 * answers it with the engine too: the model has no climate-based counterpart yet.
 */
export function climateRun(body: unknown, ctx: OpContext): OpResult {
  const req = parseClimateRequest(body, limitsOf(ctx));
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
  let weather: Weather;
  try {
    weather = readEpw(req.weather);
  } catch (e) {
    if (e instanceof WeatherFileError) throw validationError(`The weather file cannot be read: ${e.message}`);
    throw e;
  }
  const year = roomYear(req, weather, {
    quality,
    seed,
    occupiedFrom: req.occupiedFrom,
    occupiedTo: req.occupiedTo,
    metrics: { daLux: req.daLux },
  });
  const { dc, metrics: m } = year;
  // The DA map on the daylight factor's grid (0 outside the room).
  const data = new Float32Array(dc.rows * dc.cols);
  dc.cells.forEach((cell, i) => (data[cell] = m.maps.da[i]!));
  const grid = roomAnswer(
    req,
    {
      df: { rows: dc.rows, cols: dc.cols, data },
      mask: { rows: dc.rows, cols: dc.cols, data: dc.mask },
      origin: dc.origin,
      resolution: dc.resolution,
      angles: windowAngles(req, req.mesh),
    },
    { kind: 'engine', quality, seed, ambientBounces: null },
  );
  const map = bodyParts(grid, req.responseFormat);
  const loc = weather.location;
  return answer(climateResponse, {
    ...map,
    method: 'climate',
    metric: 'da',
    seed,
    quality,
    climate: {
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
      notes: weather.notes,
    },
  } as z.output<typeof climateResponse>);
}

/** Whether a body asks for a climate-based run (da_default, da_custom, with or without a version). */
export function isClimateBody(body: unknown): boolean {
  const t = (body as { model_type?: unknown } | null)?.model_type;
  return typeof t === 'string' && t.startsWith('da_');
}
