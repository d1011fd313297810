import type { RoomAnswer } from '../api/roomAnswer';
import { isLuxError, type LuxErrorType } from '../errors';
import { DEFAULT_COMPLIANCE, summarise, type MapSummary } from '../stats/verdicts';

/** The engine's named qualities (engine/simulate.ts QUALITY). */
export type QualityName = 'draft' | 'standard' | 'high';

/**
 * One computation every room of a building goes through: the model's preview, or the engine at a quality.
 * The app runs three in turn (model, engine draft, engine standard), each answer replacing the one before;
 * the command line runs the one it is asked for.
 */
export type RoomPass = { method: 'model' } | { method: 'engine'; quality: QualityName };

/**
 * A room's answer as it comes back from whatever computed it (a browser worker, a Node thread, a server):
 * the typed arrays, or the error as a value, so that it crosses a thread boundary intact.
 */
export type AnswerResult =
  | { ok: true; answer: RoomAnswer }
  | { ok: false; error: { type: LuxErrorType | 'cancelled'; message: string } };

/** The failure an exception stands for (an AbortError is a cancelled run; anything else unexpected). */
export function answerFailure(e: unknown): AnswerResult & { ok: false } {
  if (isLuxError(e)) return { ok: false, error: { type: e.type, message: e.message } };
  if (e instanceof Error && e.name === 'AbortError')
    return { ok: false, error: { type: 'cancelled', message: 'Simulation cancelled' } };
  return { ok: false, error: { type: 'internal_error', message: String(e) } };
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
}

/** The body a pass sends for a room's `/run` request: the engine's adds its quality. */
export const passBody = (request: object, pass: RoomPass): object =>
  pass.method === 'engine' ? { ...request, quality: pass.quality } : request;

/**
 * A room's outcome after a pass: the new answer with its verdicts (judged with the default thresholds),
 * or, when the pass failed, the engine map an earlier pass gave (a failed standard run keeps its draft) or
 * else the reason.
 */
export function nextOutcome(before: RoomOutcome | null, result: AnswerResult, pass: RoomPass): RoomOutcome {
  if (result.ok)
    return {
      answer: result.answer,
      summary: summarise(result.answer, DEFAULT_COMPLIANCE),
      error: null,
      method: pass.method,
      ...(pass.method === 'engine' ? { quality: pass.quality } : {}),
    };
  return before?.method === 'engine' ? before : { answer: null, summary: null, error: result.error.message };
}
