import type { Piscina } from 'piscina';
import type { Component } from '../../core/api/operations';
import { createPool } from '../pool';
import { executeTask, type TaskRequest, type TaskResponse } from '../task';
import type { ComponentState, Executor } from './executor';
import { modelState } from './modelState';

/** In-process, the only component that can be missing is the model: it is not installed yet. */
const localReason = (c: Component, state: ComponentState): string =>
  c === 'model' ? 'model not installed' : `the ${c} component is ${state}`;

const localComponents = (): Record<Component, ComponentState> => ({
  encoder: 'ready',
  merger: 'ready',
  model: modelState(),
  obstruction: 'ready',
  stats: 'ready',
});

/** Compute in this process's worker threads (the embedded default and every component service). */
export class PoolExecutor implements Executor {
  private readonly pool: Piscina;
  constructor(opts: { threads: number; maxQueue: number; idleTimeoutMs?: number }) {
    this.pool = createPool(opts);
  }

  async run(req: TaskRequest, signal: AbortSignal): Promise<TaskResponse> {
    if (this.pool.queueSize >= this.pool.options.maxQueue) {
      return {
        ok: false,
        error: {
          type: 'service_unavailable',
          message: 'Server busy: too many requests queued, retry shortly',
        },
      };
    }
    // piscina aborts a running task by terminating its thread: a runaway request cannot keep a core.
    return (await this.pool.run(req, { signal, transferList: [req.body] })) as TaskResponse;
  }

  async components() {
    return localComponents();
  }

  unavailableReason = localReason;
  reachable = (): boolean => true;

  async close() {
    await this.pool.destroy();
  }
}

/** Same thread, for tests of the HTTP layer that need exact statuses without thread start-up. */
export class InlineExecutor implements Executor {
  async run(req: TaskRequest, signal: AbortSignal): Promise<TaskResponse> {
    signal.throwIfAborted();
    return executeTask(req);
  }
  async components() {
    return localComponents();
  }
  unavailableReason = localReason;
  reachable = (): boolean => true;
  async close() {}
}
