import { Piscina } from 'piscina';
import type { ModelTypeAnswer, ModelTypeQuery } from './modelScopeWorker';
import { Scheduler } from '../service/scheduler';
import { threadModule } from '../service/threadModule';

/**
 * The gateway's small worker pool that reads a body's `model_type` for tokens restricted to some model
 * types. JSON.parse of a 64 MiB body would block the gateway's event loop for a second; in a thread it
 * blocks nothing, and the body is transferred there and back without a copy. Threads start on the
 * first restricted request and exit when idle, so open servers and `*` tokens never pay for it.
 * Lives beside modelScopeWorker.ts so the worker's relative path is the same in sources and bundle.
 */
export interface ScopeCheckOptions {
  threads: number;
  maxQueue: number;
  idleTimeoutMs: number;
}

export class ModelScopeCheck {
  private pool: Piscina | null = null;
  private scheduler: Scheduler<ModelTypeQuery, ModelTypeAnswer> | null = null;
  constructor(private readonly o: ScopeCheckOptions) {}

  /** The body's model type and the body itself, or null when the queue is full (answer 503). */
  async modelTypeOf(
    body: ArrayBuffer,
    contentType: string | undefined,
    signal: AbortSignal,
  ): Promise<ModelTypeAnswer | null> {
    // One kind of work, in arrival order on every thread (scheduler.ts: the pool's own queue is not FIFO).
    this.scheduler ??= new Scheduler(
      {
        threads: Math.max(1, this.o.threads),
        heavyThreads: Math.max(1, this.o.threads),
        maxQueue: this.o.maxQueue,
      },
      (query, s) =>
        (this.pool ??= this.createPool()).run(query, {
          signal: s,
          transferList: [query.body],
        }) as Promise<ModelTypeAnswer>,
    );
    return this.scheduler.submit('light', { body, contentType }, signal);
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
  }

  private createPool(): Piscina {
    return new Piscina({
      ...threadModule(import.meta.url, 'modelScopeWorker'),
      minThreads: 0,
      maxThreads: Math.max(1, this.o.threads),
      idleTimeout: this.o.idleTimeoutMs,
      concurrentTasksPerWorker: 1,
    });
  }
}

/** Whether a caller's scopes leave any model type out (null: no tokens configured, everything allowed). */
export function restrictsModels(scopes: readonly string[] | null): scopes is readonly string[] {
  return scopes !== null && !scopes.includes('*') && !scopes.includes('model:*');
}
