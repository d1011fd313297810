import { nextOutcome, passBody, type RoomOutcome, type RoomPass } from '../building/outcome';
import { thresholdsNow, type ThresholdsNow } from '../stats/verdicts';
import { runOnServer, type JobTransport } from './jobClient';

export interface BuildingJobOptions {
  /** The computations every room goes through, in turn: each is one job on the server. */
  passes: readonly RoomPass[];
  /**
   * The context the rooms share (float32 triangle positions), for the engine's and the year's passes: the
   * model reads each window's angles, which the requests already carry.
   */
  context?: Float32Array | null;
  /** Rooms the context must not reach (a room sent lowered stands at the wrong height in it). */
  withoutContext?: (room: number) => boolean;
  /** Compact maps (a page); the command line keeps the plain JSON numbers its files are written from. */
  compact?: boolean;
  /** The rooms' outcomes so far (a later pass adds to them). */
  from?: readonly (RoomOutcome | null)[];
  onPass?: (pass: RoomPass, index: number) => void;
  /** Rooms finished on the server in this pass, out of those it does, and the pass's job. */
  onProgress?: (finished: number, total: number, jobId: string) => void;
  /** Every room's outcome once a pass's job is collected (the rooms of that pass together). */
  onPassDone?: (pass: RoomPass, outcomes: readonly (RoomOutcome | null)[]) => void;
  isCancelled?: () => boolean;
  pollMs?: number;
  /** The verdicts' thresholds, read as each pass's rooms are judged; the defaults when absent. */
  thresholds?: ThresholdsNow;
}

/**
 * A room's body in a job for a pass (passBody), as both a client's job and a building's job on the server
 * hold it: the year's weather left to the job, which sends it once (an EPW is ~1.6 MB), and
 * `job_context: false` where the job's shared context must not reach the room.
 */
export function jobRoomBody(request: object, pass: RoomPass, withContext: boolean): object {
  const { weather: _once, ...body } = passBody(request, pass) as Record<string, unknown>;
  return withContext ? body : { ...body, job_context: false };
}

/**
 * A building's rooms through each pass as jobs on a Lux server (issue 37 §3): the same workflow as
 * analyseBuilding (core/building/analyse.ts) with the rooms' computation handed to the server's replicas,
 * a pass at a time, so the outcomes — and the tables, report and CSV made from them — are those the local
 * threads or workers would give. `requests` holds each room's `/run` body, or null for a room that cannot
 * be analysed. Rejects with JobCancelled when cancelled, JobRefusal when the server refuses the job.
 */
export async function analyseOnServer(
  t: JobTransport,
  requests: readonly (object | null)[],
  o: BuildingJobOptions,
): Promise<(RoomOutcome | null)[]> {
  const outcomes: (RoomOutcome | null)[] = requests.map((_, i) => o.from?.[i] ?? null);
  const todo = requests.flatMap((r, i) => (r ? [i] : []));
  if (todo.length === 0) return outcomes;
  for (const [k, pass] of o.passes.entries()) {
    o.onPass?.(pass, k);
    const shared = pass.method !== 'model' && o.context && o.context.length > 0 ? o.context : null;
    const results = await runOnServer(t, {
      kind: pass.method === 'model' ? 'run' : 'simulate',
      rooms: todo.map((i) => jobRoomBody(requests[i]!, pass, !(shared && o.withoutContext?.(i)))),
      context: shared,
      ...(pass.method === 'climate' ? { weather: pass.weather } : {}),
      ...(o.compact ? { compact: true } : {}),
      ...(o.pollMs ? { pollMs: o.pollMs } : {}),
      ...(o.isCancelled ? { isCancelled: o.isCancelled } : {}),
      onProgress: (done, failed, total, id) => o.onProgress?.(done + failed, total, id),
    });
    const thresholds = thresholdsNow(o.thresholds);
    todo.forEach(
      (i, j) => (outcomes[i] = nextOutcome(outcomes[i]!, results[j]!, pass, thresholds, requests[i]!)),
    );
    o.onPassDone?.(pass, [...outcomes]);
  }
  return outcomes;
}
