/**
 * How the model and engine workers hand back a room's answer: typed arrays in a transfer list (not
 * copied), or the error as a value (comlink would otherwise turn a thrown LuxError into a bare Error).
 */
import * as Comlink from 'comlink';
import { answerTransfer, type RoomAnswer } from '../src/core/api/roomAnswer';
import { answerFailure, type AnswerResult } from '../src/core/building/outcome';

export type { AnswerResult } from '../src/core/building/outcome';

export function answered(answer: RoomAnswer): AnswerResult {
  return Comlink.transfer({ ok: true, answer }, answerTransfer(answer));
}

export const failed = (e: unknown): AnswerResult => answerFailure(e);
