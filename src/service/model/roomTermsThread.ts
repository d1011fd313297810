import { Piscina } from 'piscina';
import type { EngineRoom } from '../../core/engine/model';
import {
  coarseRoomTerms,
  type RoomTermsLattice,
  type RoomTermsMethod,
  type SolveOptions,
} from '../../core/model/roomTerms';

/**
 * The model's coarse room-terms solve (docs/model.md "Room terms from a coarse solve") on a thread of its
 * own, so that it runs while this thread makes the frames and onnxruntime-node runs the network: both
 * compute on the calling thread (onnxruntime-node's `run` inside a setImmediate), and the solve, ~15 ms of a
 * one-window room's ~30, would otherwise follow them. The browser does the same with a second worker
 * (workers/roomTermsSolver.ts). One such thread per thread that predicts (each compute thread of the
 * server's pool, the command line's one), started on its first solve and kept while it is used; an idle one
 * does not keep the process alive (piscina unrefs it). Under full load the solves share the cores with the
 * compute threads: the same work, spread over them; alone, a request takes the longer of the two.
 */
let pool: Piscina<RoomTermsTask, RoomTermsLattice[]> | null = null;
let onThread = 0;

/** How many solves the room-terms thread has answered in this process (not fallen back). */
export const roomTermsThreadSolves = (): number => onThread;

export interface RoomTermsTask {
  room: EngineRoom;
  method: RoomTermsMethod;
  options: SolveOptions;
}

/** Solves on the room-terms thread; on this one where that thread cannot run (it failed to start). */
export async function solveRoomTermsOnThread(
  room: EngineRoom,
  method: RoomTermsMethod,
  options: SolveOptions,
): Promise<RoomTermsLattice[]> {
  if (!pool) {
    const fromSource = import.meta.url.endsWith('.ts');
    pool = new Piscina({
      filename: new URL(fromSource ? './roomTermsWorker.ts' : './roomTermsWorker.js', import.meta.url).href,
      minThreads: 1,
      maxThreads: 1,
      idleTimeout: 60_000,
      ...(fromSource ? { execArgv: ['--import', 'tsx'] } : {}),
    });
  }
  try {
    const lattices = await pool.run({ room, method, options });
    onThread++;
    return lattices;
  } catch (e) {
    // A solve's own error is this thread's too (the same code): only a thread that could not run falls back.
    if (!isThreadFailure(e)) throw e;
    return coarseRoomTerms(room, method, options);
  }
}

/** Piscina's errors for a worker that could not start or died, not the task's own. */
const isThreadFailure = (e: unknown): boolean =>
  e instanceof Error &&
  /worker|terminated|ERR_WORKER|Cannot find module|ERR_MODULE_NOT_FOUND/i.test(e.message);

/** Stops the room-terms thread (tests, shutdown); the next solve starts it again. */
export async function closeRoomTermsThread(): Promise<void> {
  const p = pool;
  pool = null;
  await p?.destroy();
}
