/**
 * A building's engine runs spread over several workers (lanes), as the command line spreads them over its
 * threads: each run takes a free worker, or waits for one, and gives it back when it answers. Job ids are
 * negative (the editor's own runs count up from zero on the first worker, which is lane 0), and
 * `cancelAll` reaches every run in flight on whichever worker it is.
 */
export interface Cancellable {
  cancel(job: number): unknown;
}

export interface Lanes<W extends Cancellable> {
  readonly size: number;
  /** Every lane's worker (each holds its own copy of what the runs name, as a building's mesh). */
  readonly workers: readonly W[];
  run<R>(go: (worker: W, job: number) => Promise<R>): Promise<R>;
  cancelAll(): void;
}

export function lanes<W extends Cancellable>(workers: readonly W[]): Lanes<W> {
  if (workers.length === 0) throw new Error('lanes: at least one worker');
  const free = [...workers].reverse();
  const waiting: Array<(w: W) => void> = [];
  const inFlight = new Map<number, W>();
  let jobs = 0;
  return {
    size: workers.length,
    workers,
    async run(go) {
      const worker = free.pop() ?? (await new Promise<W>((take) => waiting.push(take)));
      const job = -++jobs;
      inFlight.set(job, worker);
      try {
        return await go(worker, job);
      } finally {
        inFlight.delete(job);
        const next = waiting.shift();
        if (next) next(worker);
        else free.push(worker);
      }
    },
    cancelAll() {
      for (const [job, worker] of inFlight) void worker.cancel(job);
    },
  };
}
