/** Closed-loop load: `concurrency` clients each sending the next request as soon as the last is answered. */
export interface BurstResult {
  requests: number;
  /** Status of each answer; 0 for a request that got none (network error, or no answer in `timeoutMs`). */
  statuses: Record<number, number>;
  /** `"<status> <error_type>"` of every non-200 answer, with counts. */
  errors: Record<string, number>;
  /** Requests with no answer within `timeoutMs` (also in `statuses[0]`). */
  unanswered: number;
  latencyMs: Percentiles;
}

export interface Percentiles {
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentiles of `values` (ms, rounded); zeros for none. */
export function percentiles(values: readonly number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const q = (f: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor(f * sorted.length))] ?? 0);
  return { p50: q(0.5), p90: q(0.9), p99: q(0.99), max: q(1) };
}

export interface BurstOptions {
  seconds: number;
  concurrency: number;
  headers?: Record<string, string>;
  /** A request without an answer after this long is given up and counted as unanswered (default 30 s). */
  timeoutMs?: number;
}

export async function burst(
  url: string,
  payloads: readonly { path: string; body: string }[],
  { seconds, concurrency, headers = {}, timeoutMs = 30_000 }: BurstOptions,
): Promise<BurstResult> {
  const until = Date.now() + seconds * 1_000;
  const statuses: Record<number, number> = {};
  const errors: Record<string, number> = {};
  const latencies: number[] = [];
  let unanswered = 0;
  let n = 0;
  const count = (why: string) => (errors[why] = (errors[why] ?? 0) + 1);
  const client = async () => {
    while (Date.now() < until) {
      const p = payloads[n++ % payloads.length]!;
      const t0 = performance.now();
      let status = 0;
      try {
        const res = await fetch(`${url}${p.path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: p.body,
          signal: AbortSignal.timeout(timeoutMs),
        });
        status = res.status;
        const text = await res.text();
        if (status !== 200) {
          let type = 'not JSON';
          try {
            type = String((JSON.parse(text) as { error_type?: unknown }).error_type);
          } catch {
            // keep 'not JSON'
          }
          count(`${status} ${type}`);
        }
      } catch (e) {
        if ((e as Error).name === 'TimeoutError') {
          unanswered++;
          count(`no answer within ${timeoutMs / 1000} s`);
        } else count(`network ${String((e as { cause?: { code?: unknown } }).cause?.code ?? e)}`);
      }
      latencies.push(performance.now() - t0);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  return { requests: latencies.length, statuses, errors, unanswered, latencyMs: percentiles(latencies) };
}
