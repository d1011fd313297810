import { describe, expect, it } from 'vitest';
import type { Lane } from '../../src/service/lanes';
import { Scheduler } from '../../src/service/scheduler';

/**
 * The scheduler's rule, with tasks that end when the test says so: arrival order, heavy work held to its
 * share of the threads, the queue bound, and aborts. No timing: every step is awaited explicitly.
 */
interface Job {
  name: string;
}

function harness(threads: number, heavyThreads: number, maxQueue = 100) {
  const started: string[] = [];
  const finish = new Map<string, (v: string) => void>();
  const fail = new Map<string, (e: unknown) => void>();
  const s = new Scheduler<Job, string>({ threads, heavyThreads, maxQueue }, (job, signal) => {
    started.push(job.name);
    return new Promise<string>((resolve, reject) => {
      finish.set(job.name, resolve);
      fail.set(job.name, reject);
      signal.addEventListener('abort', () => reject(signal.reason));
    });
  });
  const done: string[] = [];
  const submit = (lane: Lane, name: string, signal = new AbortController().signal) => {
    const p = s.submit(lane, { name }, signal);
    p?.then(
      () => done.push(name),
      () => done.push(`${name} rejected`),
    );
    return p;
  };
  /** Ends a running task and lets the scheduler start what follows. */
  const end = async (name: string) => {
    const f = finish.get(name);
    if (!f) throw new Error(`${name} is not running`);
    f(name);
    await settle();
  };
  return { s, started, done, submit, end, fail };
}

/** Lets promise callbacks run (the scheduler starts the next task when a result settles). */
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('Scheduler', () => {
  it('starts tasks in arrival order, whichever thread frees', async () => {
    const h = harness(1, 1);
    for (let i = 0; i < 8; i++) h.submit('light', `t${i}`);
    expect(h.started).toEqual(['t0']);
    for (let i = 0; i < 8; i++) await h.end(`t${i}`);
    expect(h.started).toEqual(['t0', 't1', 't2', 't3', 't4', 't5', 't6', 't7']);
    expect(h.done).toEqual(h.started);
  });

  it('keeps arrival order under a closed loop of clients (the load that starved requests in piscina 5.3)', async () => {
    // 10 clients, one thread: each client sends its next request when its answer comes. With the pool's
    // own queue some clients were passed over for the whole run; here every client is served in turn.
    const h = harness(1, 1);
    const served = new Map<string, number>();
    let seq = 0;
    const send = (client: number): void => {
      const name = `c${client}#${seq++}`;
      void h.submit('light', name)!.then(() => {
        served.set(`c${client}`, (served.get(`c${client}`) ?? 0) + 1);
        if (seq < 200) send(client);
      });
    };
    for (let c = 0; c < 10; c++) send(c);
    while (h.started.length < 200) await h.end(h.started.at(-1)!);
    // Started in the order sent: the sequence numbers rise.
    const order = h.started.map((n) => Number(n.split('#')[1]));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // And every client had its share.
    for (let c = 0; c < 10; c++) expect(served.get(`c${c}`)).toBeGreaterThanOrEqual(19);
  });

  it('lets light work use every thread', async () => {
    const h = harness(4, 3);
    for (let i = 0; i < 6; i++) h.submit('light', `l${i}`);
    expect(h.started).toEqual(['l0', 'l1', 'l2', 'l3']);
    expect(h.s.state()).toEqual({ running: { light: 4, heavy: 0 }, waiting: { light: 2, heavy: 0 } });
  });

  it('holds heavy work to its threads, so a light request waits only for light ones', async () => {
    const h = harness(2, 1);
    h.submit('heavy', 'h0');
    h.submit('heavy', 'h1');
    h.submit('light', 'l0');
    // h1 waits although a thread is free: that thread is kept from heavy work, and l0 takes it.
    expect(h.started).toEqual(['h0', 'l0']);
    h.submit('light', 'l1');
    await h.end('l0');
    expect(h.started).toEqual(['h0', 'l0', 'l1']);
    // The heavy thread frees: the oldest waiting task its lane allows is h1.
    await h.end('h0');
    expect(h.started).toEqual(['h0', 'l0', 'l1', 'h1']);
  });

  it('gives a waiting heavy task its turn under a steady flood of light ones', async () => {
    const h = harness(2, 1);
    h.submit('light', 'l0');
    h.submit('light', 'l1');
    h.submit('heavy', 'h0');
    for (let i = 2; i < 6; i++) h.submit('light', `l${i}`);
    // The first thread to free goes to h0, which came before l2…l5.
    await h.end('l0');
    expect(h.started).toEqual(['l0', 'l1', 'h0']);
    await h.end('l1');
    expect(h.started.at(-1)).toBe('l2');
  });

  it('runs heavy work on every thread when told to (LUX_HEAVY_WORKERS = LUX_WORKERS)', async () => {
    const h = harness(2, 2);
    h.submit('heavy', 'h0');
    h.submit('heavy', 'h1');
    h.submit('light', 'l0');
    expect(h.started).toEqual(['h0', 'h1']);
    await h.end('h1');
    expect(h.started).toEqual(['h0', 'h1', 'l0']);
  });

  it('refuses a task when its own lane has maxQueue waiting, not when the other lane has', async () => {
    const h = harness(2, 1, 2);
    h.submit('heavy', 'h0');
    expect(h.submit('heavy', 'h1')).not.toBeNull();
    expect(h.submit('heavy', 'h2')).not.toBeNull();
    expect(h.submit('heavy', 'h3')).toBeNull();
    expect(h.submit('light', 'l0')).not.toBeNull(); // starts at once on the kept thread
    expect(h.submit('light', 'l1')).not.toBeNull();
    expect(h.submit('light', 'l2')).not.toBeNull();
    expect(h.submit('light', 'l3')).toBeNull();
    expect(h.s.state()).toEqual({ running: { light: 1, heavy: 1 }, waiting: { light: 2, heavy: 2 } });
  });

  it('with maxQueue 0, takes only what can start at once', async () => {
    const h = harness(1, 1, 0);
    expect(h.submit('light', 'a')).not.toBeNull();
    expect(h.submit('light', 'b')).toBeNull();
  });

  it('drops a task aborted while it waits, and the queue moves on', async () => {
    const h = harness(1, 1);
    h.submit('light', 'a');
    const gone = new AbortController();
    const b = h.submit('light', 'b', gone.signal)!;
    h.submit('light', 'c');
    gone.abort(new Error('client left'));
    await expect(b).rejects.toThrow('client left');
    expect(h.s.state().waiting.light).toBe(1);
    await h.end('a');
    expect(h.started).toEqual(['a', 'c']);
  });

  it('frees the thread of a task aborted while it runs, and starts the next', async () => {
    const h = harness(1, 1);
    const gone = new AbortController();
    const a = h.submit('heavy', 'a', gone.signal)!;
    h.submit('heavy', 'b');
    gone.abort(new Error('client left'));
    await expect(a).rejects.toThrow('client left');
    await settle();
    expect(h.started).toEqual(['a', 'b']);
  });

  it('frees the thread of a task that fails, and starts the next', async () => {
    const h = harness(1, 1);
    const a = h.submit('light', 'a')!;
    h.submit('light', 'b');
    h.fail.get('a')!(new Error('thread ran out of memory'));
    await expect(a).rejects.toThrow('out of memory');
    await settle();
    expect(h.started).toEqual(['a', 'b']);
  });

  it('rejects a task whose signal is already aborted without running it', async () => {
    const h = harness(1, 1);
    const gone = new AbortController();
    gone.abort(new Error('gone'));
    await expect(h.submit('light', 'a', gone.signal)).rejects.toThrow('gone');
    expect(h.started).toEqual([]);
  });
});
