/**
 * The physics engine in a browser Web Worker (comlink face): the app's settled answer. Progress comes back
 * through a proxied callback; `cancel` flips the flag the engine checks between chunks (the async engine
 * yields a turn between chunks, so the cancel message is handled mid-run).
 */
import * as Comlink from 'comlink';
import { simulateAnswer } from '../src/core/api/simulateOps';
import { answered, failed, type AnswerResult } from './answer';

const running = new Map<number, { aborted: boolean }>();

const engine = {
  async simulate(job: number, body: unknown, onProgress?: (fraction: number) => void): Promise<AnswerResult> {
    const signal = { aborted: false };
    running.set(job, signal);
    try {
      return answered(await simulateAnswer(body, { signal, ...(onProgress ? { onProgress } : {}) }));
    } catch (e) {
      return failed(e);
    } finally {
      running.delete(job);
    }
  },
  cancel(job: number): void {
    const s = running.get(job);
    if (s) s.aborted = true;
  },
};

export type EngineWorker = typeof engine;
Comlink.expose(engine);
