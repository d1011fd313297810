import type { Database } from './database';

/** What health says of a hosted replica's database. */
export type DatabaseState = 'ready' | 'unavailable';

/** Health is polled by load balancers: one query a second at most, whatever the polling. */
const TTL_MS = 1_000;
/** A database that does not answer within this is unavailable (a lost network never refuses, it hangs). */
const TIMEOUT_MS = 1_500;

/**
 * The database's state for health (hosted mode): `SELECT 1`, cached for a second. A probe still waiting
 * (a database that hangs rather than refuses) is not joined by another: the last answer stands meanwhile,
 * so a load balancer's polling cannot pile queries up on the pool.
 */
export function databaseHealth(db: Pick<Database, 'query'>): () => Promise<DatabaseState> {
  let cached: { at: number; state: Promise<DatabaseState> } | null = null;
  let querying = false;
  return () => {
    if (cached && (querying || Date.now() - cached.at <= TTL_MS)) return cached.state;
    querying = true;
    const answered = db.query('SELECT 1').then(
      () => 'ready' as const,
      () => 'unavailable' as const,
    );
    void answered.finally(() => (querying = false));
    cached = { at: Date.now(), state: withTimeout(answered) };
    return cached.state;
  };
}

function withTimeout(answered: Promise<DatabaseState>): Promise<DatabaseState> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<DatabaseState>((resolve) => {
    timer = setTimeout(() => resolve('unavailable'), TIMEOUT_MS);
    timer.unref();
  });
  return Promise.race([answered, late]).finally(() => clearTimeout(timer));
}
