import { describe, expect, it } from 'vitest';
import { countedRuns, runCounter } from '../../src/app/compute/countedRuns';

/** A stand-in for the engine worker's handle: runs that answer when the test says so. */
function fakeEngine() {
  const pending: Array<{ resolve: (v: string) => void; reject: (e: Error) => void }> = [];
  const cancelled: number[] = [];
  const handle = {
    simulate: (job: number) =>
      new Promise<string>((resolve, reject) =>
        pending.push({ resolve: (v) => resolve(`${v} ${job}`), reject }),
      ),
    climate: () => new Promise<string>((resolve, reject) => pending.push({ resolve, reject })),
    cancel: (job: number) => void cancelled.push(job),
    version: '1',
  };
  return { handle, pending, cancelled };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('countedRuns: the engine worker told to the model worker', () => {
  it('says busy once when runs overlap and free when the last answers, failed or not', async () => {
    const { handle, pending } = fakeEngine();
    const said: boolean[] = [];
    const engine = countedRuns(
      handle,
      runCounter((busy) => said.push(busy)),
      new Set(['cancel']),
    );

    const first = engine.simulate(1);
    const second = engine.climate();
    expect(said).toEqual([true]);
    pending[0]!.resolve('map');
    expect(await first).toBe('map 1');
    expect(said).toEqual([true]);
    pending[1]!.reject(new Error('bad weather'));
    await expect(second).rejects.toThrow('bad weather');
    expect(said).toEqual([true, false]);

    // A later run starts the count again.
    const third = engine.simulate(3);
    await tick();
    expect(said).toEqual([true, false, true]);
    pending[2]!.resolve('map');
    await third;
    expect(said).toEqual([true, false, true, false]);
  });

  it('passes a cancel and plain members straight through, without counting them', async () => {
    const { handle, cancelled } = fakeEngine();
    const said: boolean[] = [];
    const engine = countedRuns(
      handle,
      runCounter((busy) => said.push(busy)),
      new Set(['cancel']),
    );
    engine.cancel(7);
    expect(cancelled).toEqual([7]);
    expect(engine.version).toBe('1');
    await tick();
    expect(said).toEqual([]);
  });

  it('counts the runs of every handle that shares its counter: free only when the last of them answers', async () => {
    const first = fakeEngine();
    const second = fakeEngine();
    const said: boolean[] = [];
    const counter = runCounter((busy) => said.push(busy));
    const a = countedRuns(first.handle, counter, new Set(['cancel']));
    const b = countedRuns(second.handle, counter, new Set(['cancel']));

    const onA = a.simulate(1);
    const onB = b.simulate(2);
    first.pending[0]!.resolve('map');
    await onA;
    expect(said).toEqual([true]);
    second.pending[0]!.resolve('map');
    expect(await onB).toBe('map 2');
    expect(said).toEqual([true, false]);
  });
});
