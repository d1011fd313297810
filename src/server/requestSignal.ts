/**
 * The signal a request's compute runs under: aborted when its time-out passes or its client hangs up
 * (the Node adapter aborts the request's own signal when the connection closes early).
 *
 * A plain timer and listeners rather than AbortSignal.timeout / AbortSignal.any: the client's signal holds
 * the listener and the listener the controller, for as long as the request lives, with no weak references
 * to reason about. (They were once suspected of an unseen hang-up; the cause was piscina's, pool.ts.)
 */
export interface RequestSignal {
  signal: AbortSignal;
  timedOut(): boolean;
  /** Clears the timer and the listener once the request is answered. */
  done(): void;
}

export function requestSignal(timeoutMs: number, client: AbortSignal): RequestSignal {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException('The request took too long', 'TimeoutError'));
  }, timeoutMs);
  const onGone = (): void => controller.abort(client.reason);
  if (client.aborted) onGone();
  else client.addEventListener('abort', onGone, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    done: () => {
      clearTimeout(timer);
      client.removeEventListener('abort', onGone);
    },
  };
}
