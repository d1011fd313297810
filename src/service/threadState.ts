import { ModelSessions, type ModelProvider } from './model/runtime';
import { ThreadContexts } from './threadMeshes';

/**
 * What one compute thread keeps between its tasks, handed to each task rather than held in module
 * variables: its view of the stored contexts (`mesh_id`) and where its model comes from. The pool's
 * worker entry makes one per thread; the in-process executor one for the server's own thread.
 */
export class ThreadState {
  readonly contexts = new ThreadContexts();
  constructor(readonly models: ModelProvider = new ModelSessions()) {}
}
