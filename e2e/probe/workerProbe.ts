/** Page side of the worker probe: exposes the API worker to the test through `window.luxWorker`. */
import * as Comlink from 'comlink';
import type { ApiWorker } from '../../workers/api.worker';

const worker = new Worker('/__probe/api.worker.js', { type: 'module' });
(window as unknown as { luxWorker: Comlink.Remote<ApiWorker> }).luxWorker = Comlink.wrap<ApiWorker>(worker);
