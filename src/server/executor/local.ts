import type { Piscina } from 'piscina';
import type { Component } from '../../core/api/operations';
import { createPool } from '../pool';
import { executeTask, type TaskRequest, type TaskResponse } from '../task';
import type { ComponentState, Executor } from './executor';
import type { ModelStatus } from '../model/status';

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

/** The request as the worker needs it: with the model's card when one is ready. */
const withModel = (req: TaskRequest, model: ModelStatus): TaskRequest => ({
  ...req,
  modelCard: model.state === 'ready' ? model.cardPath : null,
});

/** Compute in this process's worker threads (the embedded default and every component service). */
export class PoolExecutor implements Executor {
  private readonly pool: Piscina;
  constructor(
    opts: { threads: number; maxQueue: number; idleTimeoutMs?: number },
    private readonly model: ModelStatus,
  ) {
    this.pool = createPool(opts);
    this.unavailableReason = localReason(model);
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
    return (await this.pool.run(withModel(req, this.model), {
      signal,
      transferList: [req.body],
    })) as TaskResponse;
  }

  async components() {
    return localComponents(this.model);
  }

  unavailableReason: (c: Component, state: ComponentState) => string;
  reachable = (): boolean => true;

  async close() {
    await this.pool.destroy();
  }
}

/** Same thread, for tests of the HTTP layer that need exact statuses without thread start-up. */
export class InlineExecutor implements Executor {
  constructor(private readonly model: ModelStatus) {
    this.unavailableReason = localReason(model);
  }
  async run(req: TaskRequest, signal: AbortSignal): Promise<TaskResponse> {
    signal.throwIfAborted();
    return executeTask(withModel(req, this.model));
  }
  async components() {
    return localComponents(this.model);
  }
  unavailableReason: (c: Component, state: ComponentState) => string;
  reachable = (): boolean => true;
  async close() {}
}
