import * as Comlink from 'comlink';
import type { EngineRoom } from '../src/core/engine/model';
import type { LoadedModel } from '../src/core/model/predict';
import { exteriorFlux, type Frame4Room } from '../src/core/model/frame4';
import type { ExactSkyFrame } from '../src/core/model/features';
import { coarseRoomTerms, type RoomTermsMethod, type SolveOptions } from '../src/core/model/roomTerms';
import type { TriangleSoup } from '../src/core/types';

/**
 * The model's coarse room-terms solve (docs/model.md "Room terms from a coarse solve") in a second worker, so
 * that it runs while the network does: onnxruntime-web's WASM computes on the model worker's own thread (one
 * thread: modelRuntime.ts), and the solve, ~13 ms a one-window room, would otherwise wait for it. The inputs'
 * exterior flux is traced there first, while the model worker makes the frames. The second worker is the
 * model worker's own script started again under ROOM_TERMS_WORKER's name (model.worker.ts serves the solve
 * then), which needs no second entry in the app's build.
 */
export const ROOM_TERMS_WORKER = 'lux-room-terms';

/**
 * How many meshes the second worker keeps (the model worker's HeldMeshes keeps 3; a room far from the
 * origin solves against a moved copy of one, which counts as another).
 */
const MESHES_THERE = 4;
/** The meshes the second worker has been given, by reference number, oldest first. */
const heldThere = new Map<number, Float32Array>();

/** A mesh the second worker holds, by reference number, with the flags its soup carried. */
type MeshRef = { ref: number } & Omit<TriangleSoup, 'positions'>;

function meshThere({ ref, ...flags }: MeshRef): TriangleSoup {
  const positions = heldThere.get(ref);
  if (!positions) throw new Error(`the room-terms worker does not hold mesh ${ref}`);
  return { positions, ...flags };
}

/** What the second worker serves. */
export const roomTermsService = {
  solve: (room: EngineRoom, method: RoomTermsMethod, options: SolveOptions) =>
    coarseRoomTerms(room, method, options),
  /** Keeps a mesh's triangles under a reference number: a solve then names it instead of copying it. */
  holdMesh: (ref: number, positions: Float32Array) => {
    heldThere.set(ref, positions);
    for (const old of heldThere.keys()) if (heldThere.size > MESHES_THERE) heldThere.delete(old);
  },
  /** A solve against a mesh given before (holdMesh), with the flags its soup carried. */
  solveWithMesh: (room: EngineRoom, mesh: MeshRef, method: RoomTermsMethod, options: SolveOptions) =>
    coarseRoomTerms({ ...room, mesh: meshThere(mesh) }, method, options),
  flux: (room: Frame4Room, version: ExactSkyFrame) => exteriorFlux(room, version),
  /** The flux against a mesh given before (holdMesh). */
  fluxWithMesh: (room: Frame4Room, mesh: MeshRef, version: ExactSkyFrame) =>
    exteriorFlux({ ...room, mesh: meshThere(mesh) }, version),
  ready: () => true,
};
type Service = typeof roomTermsService;

/** Where a model's room terms are solved: beside the network, or after it on the model worker's thread. */
export type RoomTermsThread = 'second worker' | 'model worker';

/** How long the second worker may take to start before the solves stay on the model worker's thread. */
const START_MS = 5_000;

export interface RoomTermsSolver {
  /** Solves in the second worker once it has started, on this thread until then (never waits for it). */
  solve: NonNullable<LoadedModel['solveRoomTerms']>;
  /**
   * Traces the inputs' exterior flux there too, the same way (~3 ms a one-window room, which the model
   * worker spends on the frames meanwhile; asked for before the solve, so it comes back first).
   */
  flux: NonNullable<LoadedModel['traceExteriorFlux']>;
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
  /** A task in the second worker when it is ready, else (or once it has died) on this thread. */
  const call = async <T>(there: (w: Comlink.Remote<Service>) => Promise<T>, here: () => T): Promise<T> => {
    const r = ready;
    if (r)
      try {
        return await Promise.race([there(r.remote), r.death]);
      } catch (e) {
        // The task's own error is the model worker's too; a second worker that died leaves this one.
        if (!r.died.settled) throw e;
        ready = null;
      }
    return here();
  };
  /**
   * The meshes sent to the second worker, by their arrays, in the order sent (its own MESHES_THERE, kept the
   * same way): a room's mesh is copied there once, not with every solve, where it would also build its
   * trees again each time (~2 s for 10⁶ triangles).
   */
  const sent = new Map<Float32Array, number>();
  let nextRef = 1;
  /**
   * The mesh's reference there, sending it first if it has not been. Synchronous, never awaited: messages
   * keep their order, so the worker holds the mesh by the time the task that names it arrives, and both
   * sides see the same sequence of meshes and drop the same oldest one. The task's message must leave at
   * once: the caller goes on to ~100 ms of frames without yielding, and a task sent after an `await` left
   * only then, so the two threads ran one after the other (measured in Chromium, 2026-12-05).
   */
  const meshRef = (w: Comlink.Remote<Service>, mesh: TriangleSoup): MeshRef => {
    const { positions, ...flags } = mesh;
    let ref = sent.get(positions);
    if (ref === undefined) {
      ref = nextRef++;
      // Its failure (a copy the worker could not take) is the failure of the task that names it.
      w.holdMesh(ref, positions).catch(() => undefined);
      sent.set(positions, ref);
      for (const old of sent.keys()) if (sent.size > MESHES_THERE) sent.delete(old);
    }
    return { ref, ...flags };
  };
  return {
    solve: (room, method, options) =>
      call(
        (w) =>
          room.mesh
            ? w.solveWithMesh({ ...room, mesh: null }, meshRef(w, room.mesh), method, options)
            : w.solve(room, method, options),
        () => coarseRoomTerms(room, method, options),
      ),
    flux: (room, version) =>
      call(
        (w) =>
          room.mesh
            ? w.fluxWithMesh({ ...room, mesh: null }, meshRef(w, room.mesh), version)
            : w.flux(room, version),
        () => exteriorFlux(room, version),
      ),
    start: () => {
      booting ??= start().then((r) => (ready = r));
      return booting.then((r) => (r ? 'second worker' : 'model worker'));
    },
  };
}

interface SecondWorker {
  remote: Comlink.Remote<Service>;
  /** Rejects when the worker has died: Comlink never answers a call to it then. */
  death: Promise<never>;
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
    if (await Promise.race([r.ready(), late, death.catch(() => false)])) return { remote: r, death, died };
  } catch {
    // no worker: the solve stays on this thread
  }
  worker?.terminate();
  return null;
}
