/** Page side of the model-worker probe: exposes the model worker to the test as `window.luxModel`. */
import * as Comlink from 'comlink';
import type { ModelWorker } from '../../workers/model.worker';

const worker = new Worker('/__probe/model.worker.js', { type: 'module' });
(window as unknown as { luxModel: unknown }).luxModel = Comlink.wrap<ModelWorker>(worker);
