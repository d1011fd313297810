/**
 * The physics engine in a browser Web Worker (comlink face): "verify" in the app. Progress comes back
 * through a proxied callback; `cancel` flips the flag the engine checks between chunks (the async engine
 * yields a turn between chunks, so the cancel message is handled mid-run).
 */
import * as Comlink from 'comlink';
import { simulateAsync } from '../src/core/api/simulateOps';
import { isLuxError, type LuxErrorType } from '../src/core/errors';

export type SimulateAnswer =
  | { ok: true; response: Record<string, unknown> }
  | { ok: false; error: { type: LuxErrorType | 'cancelled'; message: string } };

const running = new Map<number, { aborted: boolean }>();

const engine = {
  async simulate(
    job: number,
    body: unknown,
    onProgress?: (fraction: number) => void,
  ): Promise<SimulateAnswer> {
    const signal = { aborted: false };
    running.set(job, signal);
    try {
      return {
        ok: true,
        response: await simulateAsync(body, { signal, ...(onProgress ? { onProgress } : {}) }),
      };
    } catch (e) {
      if (isLuxError(e)) return { ok: false, error: { type: e.type, message: e.message } };
      if (e instanceof Error && e.name === 'AbortError')
        return { ok: false, error: { type: 'cancelled', message: 'Simulation cancelled' } };
      return { ok: false, error: { type: 'internal_error', message: String(e) } };
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
