/** Runs counted while they are in flight: `onBusy(true)` when the first starts, `onBusy(false)` when the last
 * has answered (or failed). One counter is shared by every engine worker, so the model worker hears "busy"
 * while any of them works (workers.ts). */
export type RunCounter = <R>(run: () => Promise<R>) => Promise<R>;

export function runCounter(onBusy: (busy: boolean) => void): RunCounter {
  let running = 0;
  return async (run) => {
    if (++running === 1) onBusy(true);
    try {
      return await run();
    } finally {
      if (--running === 0) onBusy(false);
    }
  };
}

/**
 * A worker's handle whose calls `counter` counts while they run. Calls named in `uncounted` (a cancel) pass
 * straight through. The app wraps each engine worker with this, so that every engine run, wherever it is
 * started, tells the model worker to pause its warm-up (workers.ts).
 */
export function countedRuns<T extends object>(
  handle: T,
  counter: RunCounter,
  uncounted: ReadonlySet<PropertyKey>,
): T {
  // A Proxy, not a copy: Comlink's remote is itself a Proxy with no own keys to copy.
  return new Proxy(handle, {
    get(target, key) {
      const member: unknown = Reflect.get(target, key);
      if (uncounted.has(key) || typeof member !== 'function') return member;
      return (...args: unknown[]) => counter(async () => Reflect.apply(member, target, args) as unknown);
    },
  });
}
