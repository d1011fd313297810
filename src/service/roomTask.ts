import { climateComputation, climateRoomAnswer } from '../core/api/climateOps';
import { runAnswer } from '../core/api/runOps';
import { simulateAnswer } from '../core/api/simulateOps';
import { answerFailure, type AnswerResult, type RoomPass } from '../core/building/outcome';
import type { MeshRegistry } from './meshStore';
import type { ThreadState } from './threadState';

/** A room of a building on a compute thread: its request as an object, its answer as typed arrays. */
export const ROOM_TASK = 'room';

export interface RoomTask {
  op: typeof ROOM_TASK;
  pass: RoomPass;
  /** The room's `/run` body for the pass (core/building/outcome.ts passBody), cloned to the thread. */
  body: object;
  /** The model card (a model pass). */
  modelCard: string | null;
  maxMeshPoints: number;
  /** Stored contexts a body names by `mesh_id` (shared memory). */
  meshes?: MeshRegistry;
}

/**
 * The same computation as the browser's model and engine workers (runAnswer, simulateAnswer), on a Node
 * thread: no JSON or base64 between the command line and its threads, only the structured clone of the
 * request and the answer's buffers moved back.
 */
export async function runRoomTask(t: RoomTask, thread: ThreadState): Promise<AnswerResult> {
  const storedMesh = t.meshes ? thread.contexts.resolver(t.meshes, new Set()) : undefined;
  const ctx = {
    maxMeshPoints: t.maxMeshPoints,
    ...(storedMesh ? { storedMesh } : {}),
    coefficients: thread.coefficients,
  };
  try {
    if (t.pass.method === 'climate') {
      // A year of the weather file: the DA map as the room's answer, the metrics beside it.
      const c = climateComputation(t.body, ctx);
      return { ok: true, answer: climateRoomAnswer(c), climate: c.summary };
    }
    const answer =
      t.pass.method === 'engine'
        ? await simulateAnswer(t.body, ctx)
        : await runAnswer(t.body, {
            ...ctx,
            ...(t.modelCard ? { model: () => thread.models.model(t.modelCard!) } : {}),
          });
    return { ok: true, answer };
  } catch (e) {
    return answerFailure(e);
  }
}
