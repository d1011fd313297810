import { afterAll, describe, expect, it } from 'vitest';
import { PoolExecutor } from '../../src/server/executor/local';
import { ModelStatus } from '../../src/service/model/status';
import type { TaskRequest } from '../../src/service/task';
import { EXAMPLE_BODIES } from '../helpers/exampleBodies';

/**
 * Requests are answered in the order they came, on real threads. piscina 5.3's own queue sent every second
 * waiting task to its tail whenever a thread took one (t0, t2, t4, …; under steady load some requests
 * waited the whole run); the executor now queues in the scheduler and hands the pool only what a free
 * thread takes at once. No timing: only the order of the answers is compared.
 */
const executor = new PoolExecutor({ threads: 1, maxQueue: 64 }, new ModelStatus(null));
afterAll(() => executor.close());

const stats = (): TaskRequest => ({
  op: 'stats',
  body: new TextEncoder().encode(JSON.stringify(EXAMPLE_BODIES['/stats']![0])).buffer as ArrayBuffer,
  maxMeshPoints: 1_000_000,
  modelScopes: null,
  principal: null,
});

describe('the pool executor', () => {
  it('answers requests sent together in the order they were sent', async () => {
    const answered: number[] = [];
    await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        executor.run(stats(), new AbortController().signal).then((res) => {
          expect(res).toMatchObject({ ok: true });
          answered.push(i);
        }),
      ),
    );
    expect(answered).toEqual(Array.from({ length: 24 }, (_, i) => i));
  }, 60_000);
});
