/** Page side of the model-worker probe: exposes the model worker to the test as `window.luxModel`. */
import * as Comlink from 'comlink';
import type { ModelWorker } from '../../workers/model.worker';

// The app's built worker when the page names it (builtWorker in bundle.ts), else the test's own bundle.
const url = (window as { luxModelWorker?: string }).luxModelWorker ?? '/__probe/model.worker.js';
const worker = new Worker(url, { type: 'module' });
(window as unknown as { luxModel: unknown }).luxModel = Comlink.wrap<ModelWorker>(worker);
