import * as Comlink from 'comlink';
import type { ApiWorker } from '../../../workers/api.worker';
import type { EngineWorker } from '../../../workers/engine.worker';
import type { MeshWorker } from '../../../workers/mesh.worker';
import type { ModelWorker } from '../../../workers/model.worker';
import { countedRuns, runCounter } from './countedRuns';
import { lanes, type Lanes } from './lanes';

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
const newEngine = (): Worker =>
  new Worker(new URL('../../../workers/engine.worker.ts', import.meta.url), {
    type: 'module',
    name: 'engine',
  });
const engineRemote = lazy<EngineWorker>(newEngine);
/**
 * Every engine run is counted, on whichever engine worker: while any is in flight (a cancel is not one) the
 * model worker is told the engine is at work, and its warm-up (model.worker.ts) waits, leaving the cores
 * to the engine: on two cores the warm-up's runs (~4 s of one core and ~5 s of compiles, model.worker.ts)
 * otherwise doubled the time from the default room's preview to its standard map (2.2 → 4.4 s).
 */
const engineRuns = runCounter((busy) => void modelWorker.started()?.engineRunning(busy));
const UNCOUNTED = new Set<PropertyKey>(['cancel', 'holdMesh', 'holdBuildingMesh', 'holdsBuildingMesh']);
let engine: Comlink.Remote<EngineWorker> | null = null;
/** The engine worker: the editor's runs (settle, climate, proposals), and a building's first lane. */
export const engineWorker = (): Comlink.Remote<EngineWorker> =>
  (engine ??= countedRuns(engineRemote(), engineRuns, UNCOUNTED));

/** At most this many engine workers for a building; each holds its rooms' scene and coefficient cache. */
const MOST_LANES = 8;
/** An extra lane's coefficient cache (the editor's engine worker keeps 256 MB). */
const LANE_CACHE_BYTES = 64 * 2 ** 20;
let building: Lanes<Comlink.Remote<EngineWorker>> | null = null;
/**
 * The engine workers a building's rooms are spread over: the engine worker and, on a machine with more
 * cores, one more worker a core, up to MOST_LANES (started on first use and kept). A building's rooms
 * are independent, and while they run the page and the model worker are mostly idle, so every core
 * works, as the command line's threads do; on one core this is the engine worker alone, as before.
 */
export const engineLanes = Object.assign(startLanes, { started: () => building });
function startLanes(): Lanes<Comlink.Remote<EngineWorker>> {
  if (building) return building;
  const count = Math.max(1, Math.min(MOST_LANES, navigator.hardwareConcurrency || 1));
  const extra = Array.from({ length: count - 1 }, () => {
    const remote = Comlink.wrap<EngineWorker>(newEngine());
    // Their coefficient caches are smaller than the editor's worker's: a year of another weather file
    // for the same building still finds most rooms' coefficients, without 8 × 256 MB in one tab.
    void remote.cacheBytes(LANE_CACHE_BYTES);
    return countedRuns(remote, engineRuns, UNCOUNTED);
  });
  return (building = lanes([engineWorker(), ...extra]));
}

export const apiWorker = lazy<ApiWorker>(
  () =>
    new Worker(new URL('../../../workers/api.worker.ts', import.meta.url), { type: 'module', name: 'api' }),
);
