/**
 * How the model and engine workers hand back a room's answer: typed arrays in a transfer list (not
 * copied), or the error as a value (comlink would otherwise turn a thrown LuxError into a bare Error).
 */
import * as Comlink from 'comlink';
import { answerTransfer, type RoomAnswer } from '../src/core/api/roomAnswer';
import { isLuxError, type LuxErrorType } from '../src/core/errors';

export type AnswerResult =
  | { ok: true; answer: RoomAnswer }
  | { ok: false; error: { type: LuxErrorType | 'cancelled'; message: string } };

export function answered(answer: RoomAnswer): AnswerResult {
  return Comlink.transfer({ ok: true, answer }, answerTransfer(answer));
}

export function failed(e: unknown): AnswerResult {
  if (isLuxError(e)) return { ok: false, error: { type: e.type, message: e.message } };
  if (e instanceof Error && e.name === 'AbortError')
    return { ok: false, error: { type: 'cancelled', message: 'Simulation cancelled' } };
  return { ok: false, error: { type: 'internal_error', message: String(e) } };
}
