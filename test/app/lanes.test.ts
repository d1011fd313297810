import { describe, expect, it } from 'vitest';
import { lanes } from '../../src/app/compute/lanes';

/** A stand-in engine worker: its runs answer when the test says so; cancels are recorded. */
function worker(name: string) {
  const pending = new Map<number, (v: string) => void>();
  const cancelled: number[] = [];
  return {
    name,
    pending,
    cancelled,
    simulate: (job: number) => new Promise<string>((answer) => pending.set(job, answer)),
    cancel: (job: number) => void cancelled.push(job),
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('lanes: a building’s runs over several engine workers', () => {
  it('runs one job on each free worker, queues the rest, and hands a freed worker to the next', async () => {
    const a = worker('a');
    const b = worker('b');
    const pool = lanes([a, b]);
    expect(pool.size).toBe(2);
    const on: string[] = [];
    const runs = [1, 2, 3].map((room) =>
      pool.run(async (w, job) => {
        on.push(`${room}:${w.name}:${job}`);
        return `${room} ${await w.simulate(job)}`;
      }),
    );
    await tick();
    // The first worker first; the third room waits for a worker to be free.
    expect(on).toEqual(['1:a:-1', '2:b:-2']);
    b.pending.get(-2)!('done');
    expect(await runs[1]).toBe('2 done');
    await tick();
    expect(on).toEqual(['1:a:-1', '2:b:-2', '3:b:-3']);
    a.pending.get(-1)!('done');
    b.pending.get(-3)!('done');
    expect(await Promise.all(runs)).toEqual(['1 done', '2 done', '3 done']);
  });

  it('cancels every run in flight on its own worker, and none that has answered', async () => {
    const a = worker('a');
    const b = worker('b');
    const pool = lanes([a, b]);
    const first = pool.run(async (w, job) => w.simulate(job));
    const second = pool.run(async (w, job) => w.simulate(job));
    await tick();
    a.pending.get(-1)!('done');
    await first;
    pool.cancelAll();
    expect(a.cancelled).toEqual([]);
    expect(b.cancelled).toEqual([-2]);
    b.pending.get(-2)!('cancelled');
    await second;
  });

  it('frees its worker when a run fails', async () => {
    const a = worker('a');
    const pool = lanes([a]);
    await expect(
      pool.run(async () => {
        throw new Error('engine failed');
      }),
    ).rejects.toThrow('engine failed');
    const next = pool.run(async (w, job) => w.simulate(job));
    await tick();
    a.pending.get(-2)!('done');
    expect(await next).toBe('done');
  });

  it('needs a worker', () => {
    expect(() => lanes([])).toThrow('at least one worker');
  });
});
