import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/service/hosted/database';
import { migrate } from '../../src/service/hosted/migrations';
import { reserveWindows } from '../../src/service/hosted/quotaHolds';
import { NO_LIMITS } from '../../src/service/hosted/tokens';
import { postgresUnavailable, startPostgres } from '../helpers/postgres';

/**
 * Job rooms' quota holds (quotaHolds.ts) on a real PostgreSQL, where reservations do run at once: the
 * embedded database serialises every statement, so only here does a reservation that reads the day
 * without the day row's lock hold more than the day has (7 of 24 rooms into a 3-room day, seen).
 */
const noPostgres = postgresUnavailable();
if (noPostgres) console.log(`quota holds on PostgreSQL skipped: ${noPostgres}`);

describe.skipIf(noPostgres)('quota holds on PostgreSQL', () => {
  it('holds no more windows than the day has, however many rooms of three replicas ask at once', async () => {
    const pg = await startPostgres();
    // Three replicas' pools (eight connections each).
    const dbs = [await openDatabase(pg.url), await openDatabase(pg.url), await openDatabase(pg.url)];
    try {
      await migrate(dbs[0]!);
      const limits = { ...NO_LIMITS, windowsPerDay: 7 };
      for (let day = 0; day < 10; day++) {
        const who = { owner: `static:pg-${day}`, name: `pg-${day}` };
        const now = new Date();
        const asked = await Promise.all(
          Array.from({ length: 24 }, (_, i) => reserveWindows(dbs[i % 3]!, who, limits, now, 2, 300)),
        );
        // Three rooms of two fit in seven windows; a fourth would pass the day.
        expect(asked.filter((r) => 'hold' in r).length).toBe(3);
      }
    } finally {
      await Promise.all(dbs.map((d) => d.close()));
      await pg.stop();
    }
  }, 120_000);
});
