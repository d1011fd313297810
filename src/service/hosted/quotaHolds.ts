import { randomBytes } from 'node:crypto';
import type { LuxError } from '../../core/errors';
import type { Database } from './database';
import { quotaRefusal, utcDay } from './limits';
import type { TokenLimits } from './tokens';

/**
 * A job's room holds its windows against its token's windows a day before it runs (runner.ts), so that the
 * rooms running at once on every lane of every replica cannot together pass the day: each reservation reads
 * the day's usage and the live holds, and adds its own only if they fit, under a lock on the day's counter
 * row in the shared database (replicas wait for each other there, not in memory). The hold is settled in
 * the transaction that writes the room's usage row (usage.ts: the row's `hold`), released when the room
 * ends without one (it failed, was retried, or another replica answered it), and lapses by itself after the
 * room's lease when its replica died (`expires_at`): another replica may take the room then.
 */
export type Reservation = { refusal: LuxError } | { hold: string | null };

export async function reserveWindows(
  db: Database,
  /** The token's owner (ownerOf) and its name, for the message. */
  who: { owner: string; name: string },
  limits: TokenLimits,
  /** When the room starts: its UTC day is the day held, and its usage row's. */
  at: Date,
  windows: number,
  /** How long the hold lasts unsettled (the room's lease, LUX_JOB_LEASE_S). */
  ttlS: number,
): Promise<Reservation> {
  const { owner, name } = who;
  if (limits.windowsPerDay === null) {
    // No windows to hold; the month's compute seconds are known only once spent: checked, as a call is.
    const refusal = await quotaRefusal(db, owner, name, limits, at);
    return refusal ? { refusal } : { hold: null };
  }
  const day = utcDay(at);
  return db.transaction(async (q) => {
    // The day's counter row, made if need be and locked: reservations of this token and day queue here,
    // as does the meter's write of the day, so that what is read next is the day as it stands.
    await q(`INSERT INTO lux_usage_day (owner, day) VALUES ($1, $2) ON CONFLICT (owner, day) DO NOTHING`, [
      owner,
      day,
    ]);
    await q('SELECT 1 FROM lux_usage_day WHERE owner = $1 AND day = $2 FOR UPDATE', [owner, day]);
    const refusal = await quotaRefusal({ query: q }, owner, name, limits, at, windows);
    if (refusal) return { refusal };
    if (windows === 0) return { hold: null };
    const id = randomBytes(12).toString('hex');
    await q(
      `INSERT INTO lux_quota_holds (id, owner, day, windows, expires_at)
       VALUES ($1, $2, $3, $4, now() + $5 * interval '1 second')`,
      [id, owner, day, windows, ttlS],
    );
    return { hold: id };
  });
}

/** A hold given back unsettled: its room analysed nothing this replica bills. */
export async function releaseHold(db: Pick<Database, 'query'>, id: string): Promise<void> {
  await db.query('DELETE FROM lux_quota_holds WHERE id = $1', [id]);
}

/** Holds past their expiry (their replica died) leave the table; they stopped counting when they lapsed. */
export async function sweepHolds(db: Pick<Database, 'query'>): Promise<void> {
  await db.query('DELETE FROM lux_quota_holds WHERE expires_at < now()');
}
