import * as Comlink from 'comlink';
import type { EngineRoom } from '../src/core/engine/model';
import type { LoadedModel } from '../src/core/model/predict';
import { coarseRoomTerms, type RoomTermsLattice, type RoomTermsMethod } from '../src/core/model/roomTerms';

/**
 * The model's coarse room-terms solve (docs/model.md "Room terms from a coarse solve") in a second worker, so
 * that it runs while the network does: onnxruntime-web's WASM computes on the model worker's own thread (one
 * thread: modelRuntime.ts), and the solve, ~13 ms a one-window room, would otherwise wait for it. The second
 * worker is the model worker's own script started again under ROOM_TERMS_WORKER's name (model.worker.ts
 * serves the solve then), which needs no second entry in the app's build.
 */
export const ROOM_TERMS_WORKER = 'lux-room-terms';

/** What the second worker serves. */
export const roomTermsService = {
  solve: (room: EngineRoom, method: RoomTermsMethod) => coarseRoomTerms(room, method),
  ready: () => true,
};

/** Where a model's room terms are solved: beside the network, or after it on the model worker's thread. */
export type RoomTermsThread = 'second worker' | 'model worker';

/** How long the second worker may take to start before the solves stay on the model worker's thread. */
const START_MS = 5_000;

export interface RoomTermsSolver {
  /** Solves in the second worker once it has started, on this thread until then (never waits for it). */
  solve: NonNullable<LoadedModel['solveRoomTerms']>;
  /**
   * Starts the second worker (once; later calls return the same promise), settling when it has started or
   * could not (no nested workers, a script not found). The model worker starts it after its first answer:
   * loading a second copy of its script beside the runtime's compile made the cold first map 7 % slower.
   */
  start: () => Promise<RoomTermsThread>;
}

export function roomTermsSolver(): RoomTermsSolver {
  let booting: Promise<SecondWorker | null> | null = null;
  let ready: SecondWorker | null = null;
  return {
    solve: async (room, method) => {
      const r = ready;
      if (r)
        try {
          return await r.solve(room, method);
        } catch (e) {
          // The solve's own error is the model worker's too; a second worker that died leaves this one.
          if (!r.died.settled) throw e;
          ready = null;
        }
      return coarseRoomTerms(room, method);
    },
    start: () => {
      booting ??= start().then((r) => (ready = r));
      return booting.then((r) => (r ? 'second worker' : 'model worker'));
    },
  };
}

interface SecondWorker {
  solve: (room: EngineRoom, method: RoomTermsMethod) => Promise<RoomTermsLattice[]>;
  /** Set once the worker has failed (an uncaught error, a message it cannot read): no answer comes. */
  died: { settled: boolean };
}

async function start(): Promise<SecondWorker | null> {
  let worker: Worker | null = null;
  try {
    worker = new Worker(self.location.href, { type: 'module', name: ROOM_TERMS_WORKER });
    const w = worker;
    const r = Comlink.wrap<typeof roomTermsService>(w);
    // Comlink never answers a call to a worker that has died: its death answers the call instead.
    const died = { settled: false };
    const death = new Promise<never>((_, fail) => {
      const end = () => {
        died.settled = true;
        w.terminate();
        fail(new Error('the room-terms worker stopped'));
      };
      w.addEventListener('error', end);
      w.addEventListener('messageerror', end);
    });
    death.catch(() => undefined);
    const late = new Promise<false>((done) => setTimeout(() => done(false), START_MS));
    if (await Promise.race([r.ready(), late, death.catch(() => false)]))
      return { solve: (room, method) => Promise.race([r.solve(room, method), death]), died };
  } catch {
    // no worker: the solve stays on this thread
  }
  worker?.terminate();
  return null;
}
