import { Piscina } from 'piscina';

/**
 * The compute pool. Lives beside worker.ts so that the worker's path is the same relative to this
 * module both in the sources (run through tsx) and in the esbuild bundle (dist/server/).
 */
export interface PoolOptions {
  threads: number;
  maxQueue: number;
  /** Idle threads exit after this long, returning their memory (a burst of big meshes leaves no residue). */
  idleTimeoutMs?: number;
  /** Old-generation heap of each thread (MiB): a request past it ends its thread, not the server. */
  heapMb?: number;
}

/**
 * `pool.run` for a task its caller may abort, keeping the queue moving afterwards. piscina (5.3) ends an
 * aborted task's thread, then tops the pool up only to `minThreads`, here 0: a task queued behind the
 * aborted one waited with no thread until some later request started one (a client's hang-up left the
 * next request hanging; test/server/timeout.test.ts). A no-op task (the worker module's `wake` export)
 * makes piscina start a thread, which takes the queued tasks first.
 */
export async function runAbortable(
  pool: Piscina,
  task: unknown,
  opts: { signal: AbortSignal; transferList?: Transferable[] },
): Promise<unknown> {
  try {
    return await pool.run(task, opts as Parameters<Piscina['run']>[1]);
  } catch (e) {
    if (opts.signal.aborted && pool.queueSize > 0 && pool.threads.length < pool.options.maxThreads)
      pool.run(null, { name: WAKE }).catch(() => {}); // only fails when the pool is closing
    throw e;
  }
}

/** The no-op each worker module exports for runAbortable. */
export const WAKE = 'wake';

export function createPool(o: PoolOptions): Piscina {
  const fromSource = import.meta.url.endsWith('.ts');
  const filename = new URL(fromSource ? './worker.ts' : './worker.js', import.meta.url).href;
  const pool = new Piscina({
    filename,
    minThreads: 0,
    maxThreads: o.threads,
    maxQueue: o.maxQueue,
    idleTimeout: o.idleTimeoutMs ?? 5_000,
    concurrentTasksPerWorker: 1,
    ...(o.heapMb ? { resourceLimits: { maxOldGenerationSizeMb: o.heapMb } } : {}),
    // From source (tests, `npm run ifc`), tsx hands three's CommonJS build to the threads, which warns
    // on every thread start; the built server loads its ES modules and never sees it.
    ...(fromSource ? { execArgv: ['--import', 'tsx', '--disable-warning=THREE_CJS_DEPRECATED'] } : {}),
  });
  // A worker that dies outside a task (out of memory at start-up, say) emits 'error'; without a listener
  // that would take the whole server down. The pool replaces the worker; the task, if any, gets a 500.
  pool.on('error', (e: unknown) => console.error('compute worker error:', e));
  return pool;
}
