/**
 * A worker's handle whose calls are counted while they run: `onBusy(true)` when the first starts,
 * `onBusy(false)` when the last has answered (or failed). Calls named in `uncounted` (a cancel) pass
 * straight through. The app wraps its engine worker once with this, so that every engine run, wherever it
 * is started, tells the model worker to pause its warm-up (workers.ts).
 */
export function countedRuns<T extends object>(
  handle: T,
  onBusy: (busy: boolean) => void,
  uncounted: ReadonlySet<PropertyKey>,
): T {
  let running = 0;
  const counted = async (run: () => unknown): Promise<unknown> => {
    if (++running === 1) onBusy(true);
    try {
      return await run();
    } finally {
      if (--running === 0) onBusy(false);
    }
  };
  // A Proxy, not a copy: Comlink's remote is itself a Proxy with no own keys to copy.
  return new Proxy(handle, {
    get(target, key) {
      const member: unknown = Reflect.get(target, key);
      if (uncounted.has(key) || typeof member !== 'function') return member;
      return (...args: unknown[]) => counted(() => Reflect.apply(member, target, args));
    },
  });
}
