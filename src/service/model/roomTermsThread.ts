import { Piscina } from 'piscina';
import type { EngineRoom } from '../../core/engine/model';
import { sharedSurfacesOf, type SharedSurfaces } from '../../core/engine/surfaces';
import {
  coarseRoomTerms,
  type RoomTermsLattice,
  type RoomTermsMethod,
  type SolveOptions,
} from '../../core/model/roomTerms';
import { threadModule } from '../threadModule';

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
let pool: Piscina<RoomTermsTask | null, RoomTermsLattice[]> | null = null;
let starting: Promise<boolean> | null = null;
/** Set once the thread has answered its first ping: until then solves stay on the calling thread. */
let ready = false;
let onThread = 0;

/** How many solves the room-terms thread has answered in this process (not fallen back). */
export const roomTermsThreadSolves = (): number => onThread;

export interface RoomTermsTask {
  room: EngineRoom;
  method: RoomTermsMethod;
  options: SolveOptions;
  /** The context's tree in shared memory (surfaces.ts sharedSurfacesOf), adopted there, not built again. */
  surfaces?: SharedSurfaces;
}

/** The task for the thread: the room, and its context's tree in shared memory for the thread to adopt. */
export function roomTermsTask(
  room: EngineRoom,
  method: RoomTermsMethod,
  options: SolveOptions,
): RoomTermsTask {
  const mesh = room.mesh?.positions;
  return mesh && mesh.length > 0
    ? { room, method, options, surfaces: sharedSurfacesOf(mesh) }
    : { room, method, options };
}

/**
 * Solves on the room-terms thread once it has started, on this one until then (a first request never waits
 * for the thread's ~0.1–0.3 s start) and where that thread cannot run.
 */
export async function solveRoomTermsOnThread(
  room: EngineRoom,
  method: RoomTermsMethod,
  options: SolveOptions,
): Promise<RoomTermsLattice[]> {
  void roomTermsThreadStarted();
  if (!ready) return coarseRoomTerms(room, method, options);
  try {
    const lattices = await pool!.run(roomTermsTask(room, method, options));
    onThread++;
    return lattices;
  } catch {
    // A thread that died gives its solve back to this one; a solve's own error is thrown here again (the
    // same code on the same room), so no error message needs telling apart.
    return coarseRoomTerms(room, method, options);
  }
}

/** Starts the room-terms thread (once) and settles when it has answered a ping: true, or could not: false. */
export function roomTermsThreadStarted(): Promise<boolean> {
  if (!pool) {
    const started = new Piscina<RoomTermsTask | null, RoomTermsLattice[]>({
      ...threadModule(import.meta.url, 'roomTermsWorker'),
      minThreads: 1,
      maxThreads: 1,
      idleTimeout: 60_000,
    });
    pool = started;
    starting = started.run(null).then(
      () => (ready = pool === started),
      () => false, // it could not start: every solve stays on the calling thread
    );
  }
  return starting!;
}

/** Stops the room-terms thread (tests, shutdown); the next solve starts it again. */
export async function closeRoomTermsThread(): Promise<void> {
  const p = pool;
  pool = null;
  starting = null;
  ready = false;
  await p?.destroy();
}
