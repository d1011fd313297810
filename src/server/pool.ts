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
}

export function createPool(o: PoolOptions): Piscina {
  const fromSource = import.meta.url.endsWith('.ts');
  const filename = new URL(fromSource ? './worker.ts' : './worker.js', import.meta.url).href;
  return new Piscina({
    filename,
    minThreads: 0,
    maxThreads: o.threads,
    maxQueue: o.maxQueue,
    idleTimeout: o.idleTimeoutMs ?? 5_000,
    concurrentTasksPerWorker: 1,
    ...(fromSource ? { execArgv: ['--import', 'tsx'] } : {}),
  });
}
