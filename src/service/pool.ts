import { Piscina } from 'piscina';
import { threadModule } from './threadModule';

/**
 * The compute pool: the threads, started on demand and ended when idle. What runs on them and in which
 * order is the scheduler's (scheduler.ts), which hands over a task only when a thread is free for it, so
 * piscina's own queue (which does not keep arrival order) stays empty. Lives beside worker.ts so that the
 * worker's path is the same relative to this module both in the sources (run through tsx) and in the
 * esbuild bundle (dist/server/).
 */
export interface PoolOptions {
  threads: number;
  /** Threads kept alive when idle (default 0: every idle thread exits and returns its memory). */
  keepThreads?: number;
  /** Idle threads exit after this long, returning their memory (a burst of big meshes leaves no residue). */
  idleTimeoutMs?: number;
  /** Old-generation heap of each thread (MiB): a request past it ends its thread, not the server. */
  heapMb?: number;
}

export function createPool(o: PoolOptions): Piscina {
  const pool = new Piscina({
    ...threadModule(import.meta.url, 'worker'),
    minThreads: Math.min(o.keepThreads ?? 0, o.threads),
    maxThreads: o.threads,
    idleTimeout: o.idleTimeoutMs ?? 5_000,
    concurrentTasksPerWorker: 1,
    ...(o.heapMb ? { resourceLimits: { maxOldGenerationSizeMb: o.heapMb } } : {}),
  });
  // A worker that dies outside a task (out of memory at start-up, say) emits 'error'; without a listener
  // that would take the whole server down. The pool replaces the worker; the task, if any, gets a 500.
  pool.on('error', (e: unknown) => console.error('compute worker error:', e));
  return pool;
}
