import type { Database } from './database';

/**
 * Usage metering (issue 36 §3): every authenticated call, kept for billing. `record` only appends to an
 * in-memory batch; a timer writes the batch every `intervalMs` (500 ms) in one multi-row INSERT and adds it
 * to the per-day counters that quotas read, in one transaction. So the request path never waits on the
 * database, and a crash loses at most the rows of the last interval (a clean stop writes them).
 */
export interface UsageRow {
  /** Whose call it is, the key of usage, quotas and bills (tokenStore.ts ownerOf: `db:<id>`, `static:<name>`). */
  owner: string;
  /** The token's name, for display (a name may be issued again after a revocation: another owner). */
  token: string;
  at: Date;
  route: string;
  modelType: string | null;
  status: number;
  windows: number;
  triangles: number;
  computeMs: number;
  bytesIn: number;
  bytesOut: number;
  /**
   * The quota hold this row settles (a job's room: quotaHolds.ts): given back in the transaction that counts
   * the row's windows, so that the day never counts the room twice nor, in between, not at all.
   */
  hold?: string | null;
}

const COLUMNS = [
  'owner',
  'token',
  'at',
  'route',
  'model_type',
  'status',
  'windows',
  'triangles',
  'compute_ms',
  'bytes_in',
  'bytes_out',
];
/** Rows per INSERT: 11 parameters each, well under PostgreSQL's 65 535. */
const CHUNK = 2_000;

export class UsageMeter {
  private rows: UsageRow[] = [];
  private writing: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;
  private failures = 0;

  constructor(
    private readonly db: Database,
    intervalMs = 500,
  ) {
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  /**
   * A refused or failed call (status 400 and above) is a row with its compute and bytes, but it analysed no
   * window and used no context: it bills none, and counts against no daily windows quota.
   */
  record(row: UsageRow): void {
    this.rows.push(row.status >= 400 ? { ...row, windows: 0, triangles: 0 } : row);
  }

  /** Writes what is batched (after any write in progress); rows a failed write held go back in front. */
  flush(): Promise<void> {
    this.writing = this.writing.then(async () => {
      const rows = this.rows;
      if (!rows.length) return;
      this.rows = [];
      try {
        await write(this.db, rows);
        this.failures = 0;
      } catch (e) {
        this.rows = rows.concat(this.rows);
        if (this.failures++ === 0)
          console.error('lux: usage not written yet (will retry):', (e as Error).message);
      }
    });
    return this.writing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}

async function write(db: Database, rows: readonly UsageRow[]): Promise<void> {
  await db.transaction(async (q) => {
    for (let a = 0; a < rows.length; a += CHUNK) {
      const part = rows.slice(a, a + CHUNK);
      const values = part.map(
        (_, i) => `(${COLUMNS.map((__, j) => `$${i * COLUMNS.length + j + 1}`).join(', ')})`,
      );
      const params = part.flatMap((r) => [
        r.owner,
        r.token,
        r.at,
        r.route,
        r.modelType,
        r.status,
        r.windows,
        r.triangles,
        Math.round(r.computeMs),
        r.bytesIn,
        r.bytesOut,
      ]);
      await q(`INSERT INTO lux_usage (${COLUMNS.join(', ')}) VALUES ${values.join(', ')}`, params);
    }
    // The day counters the quotas read, one row per owner and UTC day of the batch.
    const days = new Map<
      string,
      { owner: string; day: string; requests: number; windows: number; computeMs: number }
    >();
    for (const r of rows) {
      const day = r.at.toISOString().slice(0, 10);
      const k = `${r.owner}\u0000${day}`;
      const d = days.get(k) ?? { owner: r.owner, day, requests: 0, windows: 0, computeMs: 0 };
      d.requests++;
      d.windows += r.windows;
      d.computeMs += Math.round(r.computeMs);
      days.set(k, d);
    }
    for (const d of days.values())
      await q(
        `INSERT INTO lux_usage_day (owner, day, requests, windows, compute_ms) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (owner, day) DO UPDATE SET requests = lux_usage_day.requests + EXCLUDED.requests,
           windows = lux_usage_day.windows + EXCLUDED.windows, compute_ms = lux_usage_day.compute_ms + EXCLUDED.compute_ms`,
        [d.owner, d.day, d.requests, d.windows, d.computeMs],
      );
    const holds = rows.flatMap((r) => (r.hold ? [r.hold] : []));
    if (holds.length) await q('DELETE FROM lux_quota_holds WHERE id = ANY($1::text[])', [holds]);
  });
}

export interface UsageDay {
  day: string;
  requests: number;
  errors: number;
  windows: number;
  triangles: number;
  compute_ms: number;
  bytes_in: number;
  bytes_out: number;
}

const SUMS = `count(*) AS requests, count(*) FILTER (WHERE status >= 400) AS errors, sum(windows)::bigint AS windows,
  sum(triangles)::bigint AS triangles, sum(compute_ms)::bigint AS compute_ms, sum(bytes_in)::bigint AS bytes_in, sum(bytes_out)::bigint AS bytes_out`;

/** A token's own usage (its owner's) by UTC day, `from` and `to` inclusive (YYYY-MM-DD). */
export async function usageByDay(db: Database, owner: string, from: string, to: string): Promise<UsageDay[]> {
  return db.query<UsageDay>(
    `SELECT to_char((at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, ${SUMS}
     FROM lux_usage WHERE owner = $1 AND at >= $2::date AND at < $3::date + 1
     GROUP BY 1 ORDER BY 1`,
    [owner, from, to],
  );
}

export interface BillingRow extends Omit<UsageDay, 'day'> {
  /** The token's name. */
  token: string;
  /** Which token: `db:<id>` (`npm run tokens -- list` shows it) or `static:<name>`; a name may have several. */
  token_id: string;
}

/** The operator's table for a month (YYYY-MM): one row per token (its id), with its name. */
export async function billing(db: Database, month: string): Promise<BillingRow[]> {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new Error(`--month is YYYY-MM, got '${month}'`);
  return db.query<BillingRow>(
    `SELECT max(token) AS token, owner AS token_id, ${SUMS} FROM lux_usage
     WHERE at >= $1::date AND at < ($1::date + interval '1 month')
     GROUP BY owner ORDER BY 1, 2`,
    [`${month}-01`],
  );
}
