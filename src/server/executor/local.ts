import type { Piscina } from 'piscina';
import type { Component } from '../../service/operations';
import { defaultHeavyThreads, laneOf, type Lane } from '../../service/lanes';
import { createPool, type PoolOptions } from '../../service/pool';
import { Scheduler } from '../../service/scheduler';
import { ThreadState } from '../../service/threadState';
import { executeTask, type TaskRequest, type TaskResponse } from '../../service/task';
import type { ComponentState, Executor } from './executor';
import type { ModelStatus } from '../../service/model/status';
import { DEFAULT_MESH_STORE_BYTES } from '../config';
import { MeshStore, type ContextStore } from '../../service/meshStore';

/** In-process, the only component that can be missing is the model (not installed, or still loading). */
function localReason(model: ModelStatus) {
  return (c: Component, state: ComponentState): string =>
    c === 'model' ? model.reason : `the ${c} component is ${state}`;
}

const localComponents = (model: ModelStatus): Record<Component, ComponentState> => ({
  encoder: 'ready',
  merger: 'ready',
  model: model.state,
  obstruction: 'ready',
  stats: 'ready',
});

/** The request as the worker needs it: with the model's card when one is ready, and the stored contexts. */
const withModel = (req: TaskRequest, model: ModelStatus, meshes: ContextStore): TaskRequest => ({
  ...req,
  modelCard: model.state === 'ready' ? model.cardPath : null,
  meshes: meshes.registry(req.owner ?? ''),
});

/** What a finished task asks of the store: keep an uploaded context, or note which ones were used. */
function keepMeshes(res: TaskResponse, meshes: ContextStore, owner: string): TaskResponse {
  if (!res.ok) return res;
  for (const id of res.meshesUsed ?? []) meshes.touch(id, owner);
  const stored = res.stored;
  if (stored?.context && !meshes.put(stored.info.mesh_id, stored.context, owner)) {
    return {
      ok: false,
      error: {
        type: 'payload_too_large',
        message: `Mesh of ${stored.info.bytes} bytes stored is above the store's ${meshes.limitBytes} bytes (LUX_MESH_STORE_BYTES)`,
      },
    };
  }
  if (stored && !stored.context) meshes.touch(stored.info.mesh_id, owner);
  // A copy the store cannot take (full, or its context evicted meanwhile) is dropped: made again when needed.
  for (const m of res.moved ?? []) meshes.putMoved(m, owner);
  return res;
}

/** What every in-process executor answers the same way: its components, and its stored contexts. */
abstract class InProcessExecutor implements Executor {
  constructor(
    protected readonly model: ModelStatus,
    readonly meshes: ContextStore,
  ) {
    this.unavailableReason = localReason(model);
  }
  abstract run(req: TaskRequest, signal: AbortSignal): Promise<TaskResponse>;
  abstract close(): Promise<void>;
  async components() {
    return localComponents(this.model);
  }
  unavailableReason: (c: Component, state: ComponentState) => string;
  reachable = (): boolean => true;
  meshInfo = async (id: string, owner: string | null) => this.meshes.info(id, owner ?? '');
  deleteMesh = async (id: string, owner: string | null) => this.meshes.delete(id, owner ?? '');
  meshStats = async () => this.meshes.stats();
  meshPositions = async (id: string, owner: string | null) =>
    this.meshes.registry(owner ?? '').get(id)?.scene.positions ?? null;
}

/**
 * Compute in this process's worker threads (the embedded default and every component service). One
 * scheduler decides what runs and in which order (scheduler.ts: at most `threads` tasks at once, heavy
 * ones on at most `heavyThreads`); each lane has its own threads. Light work's threads keep one alive when
 * idle, so a small request never waits for a thread to start (~135 ms of module loading here, ~300 ms on a
 * busy machine), even right after a simulation took the other one; heavy work's threads all exit when
 * idle, taking the memory of big meshes and simulations with them.
 */
export class PoolExecutor extends InProcessExecutor {
  private readonly pools: Record<Lane, Piscina>;
  private readonly scheduler: Scheduler<TaskRequest, TaskResponse>;
  constructor(
    opts: PoolOptions & {
      /** Tasks waiting per lane before 503 (LUX_MAX_QUEUE). */
      maxQueue: number;
      /** Threads heavy work may hold at once (LUX_HEAVY_WORKERS); default all but one. */
      heavyThreads?: number;
      meshStoreBytes?: number;
      /** The stored contexts (default: an in-memory store of meshStoreBytes). */
      contexts?: ContextStore;
    },
    model: ModelStatus,
  ) {
    super(model, opts.contexts ?? new MeshStore(opts.meshStoreBytes ?? DEFAULT_MESH_STORE_BYTES));
    const heavyThreads = Math.min(opts.threads, opts.heavyThreads ?? defaultHeavyThreads(opts.threads));
    this.pools = {
      light: createPool({ ...opts, keepThreads: 1 }),
      heavy: createPool({ ...opts, threads: heavyThreads, keepThreads: 0 }),
    };
    this.scheduler = new Scheduler(
      { threads: opts.threads, heavyThreads, maxQueue: opts.maxQueue },
      // The stored contexts as they are when the task starts: one stored by a request ahead of it counts.
      (req, signal, lane) =>
        this.pools[lane].run(withModel(req, this.model, this.meshes), {
          signal,
          transferList: [req.body],
        }) as Promise<TaskResponse>,
    );
  }

  async run(req: TaskRequest, signal: AbortSignal): Promise<TaskResponse> {
    const queued = this.scheduler.submit(laneOf(req.op, req.body.byteLength), req, signal);
    if (!queued) {
      return {
        ok: false,
        error: {
          type: 'service_unavailable',
          message: 'Server busy: too many requests queued, retry shortly',
        },
      };
    }
    try {
      // piscina aborts a running task by terminating its thread: a runaway request cannot keep a core.
      return keepMeshes(await queued, this.meshes, req.owner ?? '');
    } catch (e) {
      // A thread past its heap limit is ended and replaced; the request that took it there is refused.
      if ((e as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
        return {
          ok: false,
          error: {
            type: 'payload_too_large',
            message: `The request needs more memory than a compute thread may use (${this.pools.heavy.options.resourceLimits?.maxOldGenerationSizeMb} MiB, LUX_WORKER_HEAP_MB)`,
          },
        };
      }
      throw e;
    }
  }

  async close() {
    await Promise.all([this.pools.light.destroy(), this.pools.heavy.destroy()]);
  }
}

/** Same thread, for tests of the HTTP layer that need exact statuses without thread start-up. */
export class InlineExecutor extends InProcessExecutor {
  /** This thread's task state, with the sessions the model's status opened (no second load). */
  private readonly thread: ThreadState;
  constructor(model: ModelStatus, meshStoreBytes = DEFAULT_MESH_STORE_BYTES) {
    super(model, new MeshStore(meshStoreBytes));
    this.thread = new ThreadState(model.sessions);
  }
  async run(req: TaskRequest, signal: AbortSignal): Promise<TaskResponse> {
    signal.throwIfAborted();
    return keepMeshes(
      await executeTask(withModel(req, this.model, this.meshes), this.thread),
      this.meshes,
      req.owner ?? '',
    );
  }
  async close() {}
}
