import { afterAll, describe, expect, it } from 'vitest';
import { PoolExecutor } from '../../src/server/executor/local';
import { ModelStatus } from '../../src/service/model/status';
import { STORE_MESH } from '../../src/service/operations';
import type { TaskRequest } from '../../src/service/task';
import { MESH } from '../helpers/exampleBodies';
import { hall } from '../helpers/halls';

/**
 * The race behind a hang-up that left the next request hanging: a task queued while the only thread runs
 * another, whose client then leaves. piscina ends that thread and, with no minimum of threads, started none
 * for the queued task. Now the task waits in the scheduler (service/scheduler.ts), which hands it to the
 * pool once the aborted one's thread is gone, and the pool starts a thread for it.
 */
const executor = new PoolExecutor({ threads: 1, maxQueue: 8 }, new ModelStatus(null));
afterAll(() => executor.close());

const request = (op: string, body: unknown): TaskRequest => ({
  op,
  body: new TextEncoder().encode(JSON.stringify(body)).buffer as ArrayBuffer,
  maxMeshPoints: 1_000_000,
  modelScopes: null,
  principal: null,
});

describe('a running task aborted with another queued behind it', () => {
  it('the queued task runs on a new thread', async () => {
    const gone = new AbortController();
    // Minutes of work on one thread: it must be ended, not waited for.
    const slow = executor.run(request('simulate', hall(90, 60)), gone.signal).catch(() => 'aborted');
    // Give the thread time to start and take the slow task.
    await new Promise((r) => setTimeout(r, 3_000));
    const queued = executor.run(request(STORE_MESH, { mesh: MESH }), new AbortController().signal);
    gone.abort();
    expect(await slow).toBe('aborted');
    const res = await Promise.race([
      queued,
      new Promise<'stalled'>((r) => setTimeout(() => r('stalled'), 30_000)),
    ]);
    expect(res).toMatchObject({ ok: true });
  }, 60_000);
});
