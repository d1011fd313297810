import { expect, test } from './fixtures';
import { loadWorkerProbe } from './probe/bundle';
import { SMALL_ROOM_RUN } from './rooms';

/** The physics engine in a browser Web Worker: a result with progress, and a cancel that takes effect mid-run. */

const body = { ...SMALL_ROOM_RUN, quality: 'draft' };

test('simulate with progress, then cancel a run', async ({ page }) => {
  await loadWorkerProbe(page, {
    worker: 'workers/engine.worker.ts',
    workerName: 'engine.worker',
    probe: 'e2e/probe/engineProbe.ts',
    global: 'luxEngine',
  });

  const out = await page.evaluate(async (b) => {
    type Answer = {
      ok: boolean;
      answer?: { rows: number; cols: number; df: Float32Array; method: unknown };
      error?: unknown;
    };
    type Engine = {
      simulate(job: number, body: unknown, progress: number[]): Promise<Answer>;
      cancel(job: number): Promise<void>;
    };
    const e = (window as unknown as { luxEngine: Engine }).luxEngine;
    const progress: number[] = [];
    const r = await e.simulate(1, b, progress);
    const done = r.ok
      ? {
          typed: r.answer!.df instanceof Float32Array,
          shape: [r.answer!.rows, r.answer!.cols],
          method: r.answer!.method,
        }
      : r;
    const cancelled = e.simulate(2, { ...b, quality: 'high' }, []);
    await new Promise((r) => setTimeout(r, 50));
    await e.cancel(2);
    return { done, progress, cancelled: await cancelled };
  }, body);
  expect(out.done).toEqual({
    typed: true,
    shape: [40, 50],
    method: { kind: 'engine', quality: 'draft', seed: 1, ambientBounces: null },
  });
  expect(out.progress.length).toBeGreaterThan(2);
  expect(out.progress.at(-1)).toBeGreaterThan(0.9);
  expect(out.cancelled).toEqual({ ok: false, error: { type: 'cancelled', message: 'Simulation cancelled' } });
});
