import { LuxError } from '../core/errors';

/** LUX_JOB_READS_PER_MINUTE's default: a client polling its job every 500 ms (the app, `npm run ifc`) uses 120. */
export const DEFAULT_JOB_READS_PER_MINUTE = 600;

/**
 * The job routes but `POST /v2/jobs` (a job's state, results, report, the list, a cancel) per token: neither
 * billed nor counted against the token's own limits, but a client polling in a tight loop would cost the
 * operator a few database queries a call without end. A bucket of `perMinute` calls refilled at
 * `perMinute` a minute, kept in this replica's memory: a refusal (429 with Retry-After) costs no database
 * query, which is what the limit is for; behind several replicas a token may make that many on each (the
 * shipped nginx sends one token's calls to one replica). 0: no limit.
 */
export class JobReadLimiter {
  private readonly buckets = new Map<string, { level: number; at: number }>();
  private lastSweep = 0;

  constructor(
    readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one call from the token's bucket, or refuses it when the bucket is empty. */
  take(owner: string, name: string): void {
    if (this.perMinute === 0) return;
    const t = this.now();
    this.sweep(t);
    const level = this.levelAt(owner, t);
    if (level < 1)
      throw new LuxError(
        'rate_limited',
        `Rate limit: token '${name}' may read its jobs ${this.perMinute} times a minute (LUX_JOB_READS_PER_MINUTE)`,
        ((1 - level) * 60) / this.perMinute,
      );
    this.buckets.set(owner, { level: level - 1, at: t });
  }

  /** What the bucket holds at `t`: full for a token not seen (or swept). */
  private levelAt(owner: string, t: number): number {
    const b = this.buckets.get(owner);
    return b ? Math.min(this.perMinute, b.level + ((t - b.at) * this.perMinute) / 60_000) : this.perMinute;
  }

  /** Buckets full again are forgotten (at most once a minute), so that the map holds the tokens polling now. */
  private sweep(t: number): void {
    if (t - this.lastSweep < 60_000) return;
    this.lastSweep = t;
    for (const owner of [...this.buckets.keys()])
      if (this.levelAt(owner, t) >= this.perMinute) this.buckets.delete(owner);
  }
}
