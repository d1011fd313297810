import { CoefficientCache } from '../core/climate/coefficientCache';
import { ModelSessions, type ModelProvider } from './model/runtime';
import { ThreadContexts } from './threadMeshes';

/**
 * What one compute thread keeps between its tasks, handed to each task rather than held in module
 * variables: its view of the stored contexts (`mesh_id`), the daylight coefficients of the rooms it ran a
 * year in, and where its model comes from. The pool's
 * worker entry makes one per thread; the in-process executor one for the server's own thread.
 */
export class ThreadState {
  readonly contexts = new ThreadContexts();
  /** A year of weather for a room it has seen costs no engine run: ~12 MB a 20 m² room, 128 MB at most. */
  readonly coefficients = new CoefficientCache(128 * 2 ** 20);
  constructor(readonly models: ModelProvider = new ModelSessions()) {}
}
