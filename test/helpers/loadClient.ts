/** Closed-loop load: `concurrency` clients each sending the next request as soon as the last is answered. */
export interface BurstResult {
  requests: number;
  statuses: Record<number, number>;
  /** `"<status> <error_type>"` of every non-200 answer, with counts. */
  errors: Record<string, number>;
  latencyMs: { p50: number; p99: number; max: number };
}

export async function burst(
  url: string,
  payloads: readonly { path: string; body: string }[],
  { seconds, concurrency }: { seconds: number; concurrency: number },
): Promise<BurstResult> {
  const until = Date.now() + seconds * 1_000;
  const statuses: Record<number, number> = {};
  const errors: Record<string, number> = {};
  const latencies: number[] = [];
  let n = 0;
  const client = async () => {
    while (Date.now() < until) {
      const p = payloads[n++ % payloads.length]!;
      const t0 = performance.now();
      let status = 0;
      try {
        const res = await fetch(`${url}${p.path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: p.body,
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
          errors[`${status} ${type}`] = (errors[`${status} ${type}`] ?? 0) + 1;
        }
      } catch (e) {
        const why = `network ${String((e as { cause?: { code?: unknown } }).cause?.code ?? e)}`;
        errors[why] = (errors[why] ?? 0) + 1;
      }
      latencies.push(performance.now() - t0);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  latencies.sort((a, b) => a - b);
  const q = (f: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(f * latencies.length))] ?? 0);
  return {
    requests: latencies.length,
    statuses,
    errors,
    latencyMs: { p50: q(0.5), p99: q(0.99), max: q(1) },
  };
}
