import * as Comlink from 'comlink';
import type { ApiWorker } from '../../../workers/api.worker';
import type { EngineWorker } from '../../../workers/engine.worker';
import type { MeshWorker } from '../../../workers/mesh.worker';
import type { ModelWorker } from '../../../workers/model.worker';
import { countedRuns } from './countedRuns';

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
const engineRemote = lazy<EngineWorker>(
  () =>
    new Worker(new URL('../../../workers/engine.worker.ts', import.meta.url), {
      type: 'module',
      name: 'engine',
    }),
);
let engine: Comlink.Remote<EngineWorker> | null = null;
/**
 * The engine worker. While any of its runs is in flight (a cancel is not one) the model worker is told the
 * engine is at work, and its warm-up (model.worker.ts) waits, leaving the cores to the engine: on two cores
 * the warm-up's runs (~4 s of one core and ~5 s of compiles, model.worker.ts) otherwise doubled the time from the default room's preview to its
 * standard map (2.2 → 4.4 s).
 */
export const engineWorker = (): Comlink.Remote<EngineWorker> =>
  (engine ??= countedRuns(
    engineRemote(),
    (busy) => void modelWorker.started()?.engineRunning(busy),
    new Set<PropertyKey>(['cancel']),
  ));
export const apiWorker = lazy<ApiWorker>(
  () =>
    new Worker(new URL('../../../workers/api.worker.ts', import.meta.url), { type: 'module', name: 'api' }),
);
