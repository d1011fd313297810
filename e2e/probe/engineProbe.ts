/** Page side of the engine-worker probe: exposes the engine worker to the test as `window.luxEngine`. */
import * as Comlink from 'comlink';
import type { EngineWorker } from '../../workers/engine.worker';

const worker = new Worker('/__probe/engine.worker.js', { type: 'module' });
const engine = Comlink.wrap<EngineWorker>(worker);
(window as unknown as { luxEngine: unknown }).luxEngine = {
  simulate: (job: number, body: unknown, progress: number[]) =>
    engine.simulate(
      job,
      body,
      Comlink.proxy((f: number) => progress.push(f)),
    ),
  cancel: (job: number) => engine.cancel(job),
};
