/**
 * Tiny benchmark harness: warm-up, then the median (and min/max) of timed runs. Results are plain
 * objects so that bench/index.ts can print them, write JSON and compare with a saved baseline.
 */
export interface BenchResult {
  name: string;
  median_ms: number;
  min_ms: number;
  max_ms: number;
  runs: number;
  /** Scene statistics printed beside the timing (triangle count, grid size, ...). */
  scene?: Record<string, number | string>;
  /** Where a peer exists (Radiance, the original service, a target), its figure and our ratio to it. */
  peer?: { name: string; ms: number; ratio: number };
}

export interface MeasureOptions {
  runs?: number;
  warmup?: number;
  scene?: Record<string, number | string>;
  peer?: { name: string; ms: number };
}

export async function measure(
  name: string,
  fn: () => unknown | Promise<unknown>,
  opts: MeasureOptions = {},
): Promise<BenchResult> {
  const runs = opts.runs ?? 7;
  for (let i = 0; i < (opts.warmup ?? 2); i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const result: BenchResult = {
    name,
    median_ms: round(median),
    min_ms: round(times[0]!),
    max_ms: round(times[times.length - 1]!),
    runs,
  };
  if (opts.scene) result.scene = opts.scene;
  if (opts.peer)
    result.peer = { ...opts.peer, ms: round(opts.peer.ms), ratio: ratioOf(median, opts.peer.ms) };
  return result;
}

const round = (v: number): number => Math.round(v * 100) / 100;

/** Three significant figures: a ratio far below 1 (a stored context against JSON) must not print as 0. */
export const ratioOf = (ms: number, peerMs: number): number => Number((ms / peerMs).toPrecision(3));
