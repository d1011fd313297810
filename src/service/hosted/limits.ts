import { randomBytes } from 'node:crypto';
import { LuxError } from '../../core/errors';
import { ownerOf } from '../tokenStore';
import type { Database } from './database';
import type { HostedPrincipal, TokenLimits } from './tokens';

/**
 * Quotas and rate limits per token (issue 36 §4), counted in the database so that every replica sees the
 * same counts: requests per minute (a counter per token and minute, bumped atomically), windows per UTC day
 * and compute seconds per UTC month (the usage meter's day counters: they lag by its write interval, so a
 * burst may pass a quota by the requests of that half second; a job's rooms hold their windows before they
 * run, quotaHolds.ts), and requests at once (a row per running request, with an expiry so a crashed
 * replica's rows lapse). A token without limits costs no query.
 * Counted by the token's owner (its id), as usage is: a name issued again starts afresh.
 */
export interface Admission {
  /** Call when the request has finished (frees its concurrency slot). */
  release(): Promise<void>;
}

const FREE: Admission = { release: async () => undefined };

const limited = (message: string, retryAfterS: number) => new LuxError('rate_limited', message, retryAfterS);

export class Limiter {
  private lastSweep = 0;

  constructor(
    private readonly db: Database,
    /** How long a running request's slot lasts at most (the request timeout): a crashed replica's lapse. */
    private readonly slotMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async admit(p: HostedPrincipal): Promise<Admission> {
    const l: TokenLimits | undefined = p.limits;
    if (
      !l ||
      (l.rpm === null && l.windowsPerDay === null && l.computeSPerMonth === null && l.concurrent === null)
    )
      return FREE;
    const t = new Date(this.now());
    const owner = ownerOf(p)!;
    await this.sweep(t);
    if (l.rpm !== null) {
      const minute = new Date(Math.floor(t.getTime() / 60_000) * 60_000);
      const [row] = await this.db.query<{ count: number }>(
        `INSERT INTO lux_rate (owner, minute, count) VALUES ($1, $2, 1)
         ON CONFLICT (owner, minute) DO UPDATE SET count = lux_rate.count + 1 RETURNING count`,
        [owner, minute],
      );
      if (row!.count > l.rpm)
        throw limited(
          `Rate limit: token '${p.name}' may make ${l.rpm} requests a minute`,
          (minute.getTime() + 60_000 - t.getTime()) / 1000,
        );
    }
    const refusal = await quotaRefusal(this.db, owner, p.name, l, t);
    if (refusal) throw refusal;
    if (l.concurrent === null) return FREE;
    const id = randomBytes(12).toString('hex');
    const [c] = await this.db.query<{ n: number }>(
      `WITH mine AS (INSERT INTO lux_inflight (id, owner, expires_at) VALUES ($1, $2, $3) RETURNING 1)
       SELECT count(*) + 1 AS n FROM lux_inflight WHERE owner = $2 AND expires_at > $4`,
      [id, owner, new Date(t.getTime() + this.slotMs), t],
    );
    const release = async () => {
      await this.db.query('DELETE FROM lux_inflight WHERE id = $1', [id]);
    };
    if (c!.n > l.concurrent) {
      await release();
      throw limited(`Rate limit: token '${p.name}' may run ${l.concurrent} requests at once`, 1);
    }
    return { release };
  }

  /** Old minute counters and lapsed slots, at most once a minute. */
  private async sweep(t: Date): Promise<void> {
    if (t.getTime() - this.lastSweep < 60_000) return;
    this.lastSweep = t.getTime();
    await this.db.query('DELETE FROM lux_rate WHERE minute < $1', [new Date(t.getTime() - 3_600_000)]);
    await this.db.query('DELETE FROM lux_inflight WHERE expires_at < $1', [t]);
  }
}

/** The UTC day of a time, as the day counters key it (YYYY-MM-DD). */
export const utcDay = (t: Date): string => t.toISOString().slice(0, 10);

/**
 * The token's daily windows and monthly compute seconds against its limits: the refusal (429) when one is
 * used up, else null. The day's windows count the holds of the job rooms running (quotaHolds.ts). The
 * request path (Limiter.admit) asks before a call, whose windows are not known yet; a job's room
 * (quotaHolds.ts reserveWindows) asks with its own `windows`, refused when they would pass the day.
 */
export async function quotaRefusal(
  db: Pick<Database, 'query'>,
  /** Whose usage counts (ownerOf). */
  owner: string,
  /** The token's name, for the message. */
  name: string,
  l: TokenLimits,
  t: Date,
  /** The windows the work asks for (a room's); 0: unknown, refused only when the day is used up. */
  windows = 0,
): Promise<LuxError | null> {
  if (l.windowsPerDay === null && l.computeSPerMonth === null) return null;
  const day = utcDay(t);
  const month = `${day.slice(0, 7)}-01`;
  const [u] = await db.query<{
    windows_today: number | null;
    held: number | null;
    compute_ms_month: number | null;
  }>(
    `SELECT (sum(windows) FILTER (WHERE day = $2::date))::bigint AS windows_today,
            sum(compute_ms)::bigint AS compute_ms_month,
            (SELECT sum(h.windows) FROM lux_quota_holds h
             WHERE h.owner = $1 AND h.day = $2::date AND h.expires_at > now())::bigint AS held
     FROM lux_usage_day WHERE owner = $1 AND day >= $3::date`,
    [owner, day, month],
  );
  const taken = (u?.windows_today ?? 0) + (u?.held ?? 0);
  if (l.windowsPerDay !== null && taken + Math.max(1, windows) > l.windowsPerDay) {
    const midnight = Date.parse(`${day}T00:00:00Z`) + 86_400_000;
    const left = l.windowsPerDay - taken;
    return limited(
      `Quota: token '${name}' may analyse ${l.windowsPerDay} windows a day (UTC)` +
        (left > 0 ? `: this room’s ${windows} would pass it (${left} left, the others used or running)` : ''),
      (midnight - t.getTime()) / 1000,
    );
  }
  if (l.computeSPerMonth !== null && (u?.compute_ms_month ?? 0) >= l.computeSPerMonth * 1000) {
    const next = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, 1));
    return limited(
      `Quota: token '${name}' may use ${l.computeSPerMonth} compute seconds a month (UTC)`,
      (next.getTime() - t.getTime()) / 1000,
    );
  }
  return null;
}
