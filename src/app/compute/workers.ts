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
function lazy<T>(make: () => Worker): () => Comlink.Remote<T> {
  let w: Comlink.Remote<T> | null = null;
  return () => (w ??= Comlink.wrap<T>(make()));
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
