import { thresholdsNow, type ThresholdsNow } from '../stats/verdicts';
import { nextOutcome, passBody, type AnswerResult, type RoomOutcome, type RoomPass } from './outcome';

export interface AnalyseOptions {
  /** The computations every room goes through, in turn; each answer replaces the one before. */
  passes: readonly RoomPass[];
  /** Computes one room: its request's body for the pass (passBody), the pass, and the room's index. */
  run: (body: object, pass: RoomPass, room: number) => Promise<AnswerResult>;
  /** Rooms in flight at once (the command line's threads; the app's engine lanes, one a core). */
  concurrency?: number;
  onPass?: (pass: RoomPass, index: number) => void;
  /** Each room's outcome as a pass gives it, with the rooms this pass has done out of those it does. */
  onOutcome?: (room: number, outcome: RoomOutcome, pass: RoomPass, done: number, total: number) => void;
  /** Asked before each room and after each answer: true ends the analysis with the outcomes it has. */
  stopped?: () => boolean;
  /** The rooms' outcomes so far (a pass run later adds to them: a year after the daylight factor). */
  from?: readonly (RoomOutcome | null)[];
  /** The verdicts' thresholds, read as each room is judged; the defaults when absent. */
  thresholds?: ThresholdsNow;
}

/**
 * A building's rooms through each pass (the one building workflow, used by the command line's threads and
 * the app's workers alike): `requests` holds each room's `/run` body, or null for a room that cannot be
 * analysed (it keeps a null outcome). Resolves with every room's outcome when the last pass ends or
 * `stopped` says so.
 */
export async function analyseBuilding(
  requests: readonly (object | null)[],
  o: AnalyseOptions,
): Promise<(RoomOutcome | null)[]> {
  const outcomes: (RoomOutcome | null)[] = requests.map((_, i) => o.from?.[i] ?? null);
  const todo = requests.flatMap((r, i) => (r ? [i] : []));
  const stopped = o.stopped ?? (() => false);
  for (const [k, pass] of o.passes.entries()) {
    if (stopped()) break;
    o.onPass?.(pass, k);
    let next = 0,
      done = 0;
    const lane = async (): Promise<void> => {
      while (next < todo.length && !stopped()) {
        const i = todo[next++]!;
        const result = await o.run(passBody(requests[i]!, pass), pass, i);
        if (stopped()) return;
        const outcome = nextOutcome(outcomes[i]!, result, pass, thresholdsNow(o.thresholds), requests[i]!);
        outcomes[i] = outcome;
        o.onOutcome?.(i, outcome, pass, ++done, todo.length);
      }
    };
    const lanes = Math.max(1, Math.min(o.concurrency ?? 1, todo.length));
    await Promise.all(Array.from({ length: lanes }, lane));
  }
  return outcomes;
}
