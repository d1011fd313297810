import * as Comlink from 'comlink';
import type { ApiWorker } from '../../../workers/api.worker';
import type { EngineWorker } from '../../../workers/engine.worker';
import type { MeshWorker } from '../../../workers/mesh.worker';
import type { ModelWorker } from '../../../workers/model.worker';

/**
 * The app's workers, started once and on first use: the model (prediction), the mesh (imports and
 * obstruction angles), the engine (verify) and the core API (the /encode ZIP). Everything heavy runs in
 * them, so the page's thread only draws.
 */
interface Lazy<T> {
  (): Comlink.Remote<T>;
  /** The worker if it has been started, without starting it. */
  started(): Comlink.Remote<T> | null;
}

function lazy<T>(make: () => Worker): Lazy<T> {
  let w: Comlink.Remote<T> | null = null;
  return Object.assign(() => (w ??= Comlink.wrap<T>(make())), { started: () => w });
}

export const modelWorker = lazy<ModelWorker>(
  () =>
    new Worker(new URL('../../../workers/model.worker.ts', import.meta.url), {
      type: 'module',
      name: 'model',
    }),
);
export const meshWorker = lazy<MeshWorker>(
  () =>
    new Worker(new URL('../../../workers/mesh.worker.ts', import.meta.url), { type: 'module', name: 'mesh' }),
);
export const engineWorker = lazy<EngineWorker>(
  () =>
    new Worker(new URL('../../../workers/engine.worker.ts', import.meta.url), {
      type: 'module',
      name: 'engine',
    }),
);
export const apiWorker = lazy<ApiWorker>(
  () =>
    new Worker(new URL('../../../workers/api.worker.ts', import.meta.url), { type: 'module', name: 'api' }),
);

/** Engine runs the page is waiting for (a cancelled one until its worker answers). */
let engineRuns = 0;

/**
 * The engine worker's answer to `run`, the model worker told meanwhile that the engine is at work: its
 * warm-up (model.worker.ts) waits, leaving the cores to the engine. On two cores the warm-up's ~2 s of
 * one core otherwise doubled the time from the default room's preview to its standard map (2.2 → 4.4 s).
 */
export async function whileEngineRuns<P extends PromiseLike<unknown>>(run: P): Promise<Awaited<P>> {
  if (++engineRuns === 1) void modelWorker.started()?.engineRunning(true);
  try {
    return await run;
  } finally {
    if (--engineRuns === 0) void modelWorker.started()?.engineRunning(false);
  }
}
