import type { ClimateSummary } from '../api/climateOps';
import type { RoomAnswer } from '../api/roomAnswer';
import { isLuxError, type LuxErrorType } from '../errors';
import { wrap360 } from '../geometry/bearing';
import { floorArea, type Polygon } from '../geometry/polygon';
import { leftOutCells } from '../stats/analysedPlane';
import { requestLitFromAbove } from '../stats/litFromAbove';
import { DEFAULT_COMPLIANCE, summarise, type MapSummary, type Thresholds } from '../stats/verdicts';

/** The engine's named qualities (engine/simulate.ts QUALITY). */
export type QualityName = 'draft' | 'standard' | 'high';

/**
 * One computation every room of a building goes through: the model's preview, the engine at a quality, or
 * a year of a weather file (climate-based: its metrics join the daylight factor's, they replace nothing).
 * The app runs three in turn (model, engine draft, engine standard), each answer replacing the one before;
 * the command line runs the engine, and the climate after it when given a weather file.
 */
export type RoomPass =
  | { method: 'model' }
  | { method: 'engine'; quality: QualityName }
  | {
      method: 'climate';
      quality: QualityName;
      /** The EPW text. */
      weather: string;
      /** True north, degrees clockwise from the plan's +y (the building's): the sun turns with it. */
      planNorth?: number;
    };

/**
 * A room's answer as it comes back from whatever computed it (a browser worker, a Node thread, a server):
 * the typed arrays, or the error as a value, so that it crosses a thread boundary intact.
 */
export type AnswerResult =
  | {
      ok: true;
      answer: RoomAnswer;
      /** A climate pass's metrics (its `answer` is the DA map). */ climate?: ClimateSummary;
    }
  | { ok: false; error: { type: LuxErrorType | 'cancelled'; message: string } };

/** The failure an exception stands for (an AbortError is a cancelled run; anything else unexpected). */
export function answerFailure(e: unknown): AnswerResult & { ok: false } {
  if (isLuxError(e)) return { ok: false, error: { type: e.type, message: e.message } };
  if (e instanceof Error && e.name === 'AbortError')
    return { ok: false, error: { type: 'cancelled', message: 'Simulation cancelled' } };
  return { ok: false, error: { type: 'internal_error', message: String(e) } };
}

/**
 * What would make a failing room pass (issue 34): the changes the engine confirmed, the least glazing
 * first, in words; empty when none of the kinds tried does (or the search failed: `error`).
 */
export interface RoomProposals {
  rule: 'bfs' | 'en-target' | 'en-minimum';
  list: { label: string; addedGlazing: number }[];
  error?: string;
}

/** A room's result so far: its map and verdicts, or why it could not be computed. */
export interface RoomOutcome {
  answer: RoomAnswer | null;
  summary: MapSummary | null;
  error: string | null;
  /** Which computation gave the answer: the model's preview first, the engine's physics after it. */
  method?: RoomPass['method'];
  /** The engine's quality, for its answers. */
  quality?: QualityName;
  /** A year of the weather file in the room: its metrics, and the daylight autonomy map. */
  climate?: { summary: ClimateSummary; map: RoomAnswer };
  /** What would make it pass, when asked for and it fails. */
  proposals?: RoomProposals;
}

/** The body a pass sends for a room's `/run` request: the engine's adds its quality. */
export function passBody(request: object, pass: RoomPass): object {
  if (pass.method === 'model') return request;
  if (pass.method === 'engine') return { ...request, quality: pass.quality };
  const type = (request as { model_type?: string }).model_type ?? 'df_default';
  const climate = (request as { climate?: object }).climate;
  return {
    ...request,
    model_type: type.replace(/^df_/, 'da_'),
    quality: pass.quality,
    weather: pass.weather,
    ...(pass.planNorth ? { climate: { ...climate, plan_north: wrap360(pass.planNorth) } } : {}),
  };
}

/**
 * The floor outline of a room's `/run` body (`parameters.room_polygon`); null where it has none a map can be
 * measured against (fewer than three points, or not points).
 */
export function requestOutline(body: object | null): Polygon | null {
  const p = (body as { parameters?: { room_polygon?: unknown } } | null)?.parameters?.room_polygon;
  if (!Array.isArray(p) || p.length < 3) return null;
  const point = (v: unknown): v is [number, number] =>
    Array.isArray(v) && v.length === 2 && v.every((n) => typeof n === 'number' && Number.isFinite(n));
  return p.every(point) ? p : null;
}

/**
 * A room's map summarised for the request it was computed for: the shares of its analysed plane, on the
 * floor its outline gives less the cells the map left out (an attic's eaves: analysedPlane.ts), judged
 * by `thresholds` as lit from above where it is. Every face of a building's room reads this one summary
 * (its row, the report's table and page, rooms.csv and rooms.json), so the BFS 2024:8 line is written
 * once, on its basis ("of the analysed 27.60 m²"); before 2026-12-07 it was written "of the floor" and
 * rewritten by the files once they knew the floor. A body without an outline: the map's cells are the floor.
 */
export function requestSummary(
  answer: RoomAnswer,
  thresholds: Thresholds,
  request: object | null,
): MapSummary {
  const outline = requestOutline(request);
  return summarise(answer, thresholds, {
    topLit: requestLitFromAbove(request),
    ...(outline ? { floorArea: floorArea(outline), leftOut: leftOutCells(answer, outline) } : {}),
  });
}

/**
 * A room's outcome after a pass: the new answer with its verdicts (requestSummary: judged with
 * `thresholds`, the defaults unless the building's analysis was given EN 17037's for its location, on the
 * floor and openings of `request`, the room's `/run` body), or, when the pass failed, the engine map an
 * earlier pass gave (a failed standard run keeps its draft) or else the reason.
 */
export function nextOutcome(
  before: RoomOutcome | null,
  result: AnswerResult,
  pass: RoomPass,
  thresholds: Thresholds = DEFAULT_COMPLIANCE,
  request: object | null = null,
): RoomOutcome {
  if (pass.method === 'climate') {
    // The year joins the room's daylight factor; a failed year leaves it as it was, with the reason.
    const base = before ?? { answer: null, summary: null, error: null };
    return result.ok && result.climate
      ? { ...base, climate: { summary: result.climate, map: result.answer } }
      : { ...base, error: base.error ?? (result.ok ? 'no climate-based answer' : result.error.message) };
  }
  if (result.ok)
    return {
      answer: result.answer,
      summary: requestSummary(result.answer, thresholds, request),
      error: null,
      method: pass.method,
      ...(pass.method === 'engine' ? { quality: pass.quality } : {}),
    };
  return before?.method === 'engine' ? before : { answer: null, summary: null, error: result.error.message };
}
