import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/service/hosted/database';
import { migrate } from '../../src/service/hosted/migrations';
import { listJobs } from '../../src/service/jobs/jobList';
import { newEmbeddedDatabase } from '../helpers/embeddedDatabase';
import { postgresUnavailable, startPostgres, type RunningPostgres } from '../helpers/postgres';

/**
 * The job list's query (jobList.ts) on both databases it runs on: jobs of one microsecond (a job made per
 * row of one INSERT) page in a set order, every one once; another owner's and a forgotten job are never in
 * it. PGlite in-process, and a real PostgreSQL where one can be started.
 */
const noPostgres = postgresUnavailable();
let pg: RunningPostgres | undefined;
afterAll(async () => {
  await pg?.stop();
});

async function check(db: Database): Promise<void> {
  await migrate(db);
  // Five jobs of owner a made in one statement (one now()), one of owner b, one of a's long forgotten.
  await db.query(
    `INSERT INTO lux_jobs (id, token, kind, state, total, expires_at, idempotency_key)
     SELECT 'a' || i, 'db:1', 'run', 'queued', i, now() + interval '1 hour', CASE WHEN i = 2 THEN 'k2' END
     FROM generate_series(1, 5) AS i`,
  );
  await db.query(
    `INSERT INTO lux_jobs (id, token, kind, state, total, expires_at, created_at) VALUES
       ('b1', 'db:2', 'run', 'queued', 1, now() + interval '1 hour', now()),
       ('old', 'db:1', 'run', 'done', 1, now() - interval '1 hour', now() - interval '2 hours')`,
  );
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 10; page++) {
    const p = await listJobs(db, 'db:1', { limit: 2, cursor });
    seen.push(...p.jobs.map((j) => j.id));
    if (!p.next) break;
    cursor = p.next;
  }
  expect(seen).toEqual(['a5', 'a4', 'a3', 'a2', 'a1']);
  const keyed = await listJobs(db, 'db:1', { limit: 5, key: 'k2' });
  expect(keyed.jobs.map((j) => [j.id, j.idempotency_key, j.total])).toEqual([['a2', 'k2', 2]]);
  expect((await listJobs(db, 'db:2', { limit: 5 })).jobs.map((j) => j.id)).toEqual(['b1']);
  // A cursor no server gave is the client's error (400), not the database's (a 500): microseconds past a
  // bigint, an id with a NUL (no text column holds one).
  for (const forged of ['9999999999999999999|a1', '1|a\u0000b'])
    await expect(
      listJobs(db, 'db:1', { limit: 2, cursor: Buffer.from(forged).toString('base64url') }),
      forged,
    ).rejects.toMatchObject({ type: 'validation_error' });
}

describe('the job list’s query', () => {
  it('on the embedded database', async () => {
    const db = await openDatabase(newEmbeddedDatabase('lux-job-list-'));
    try {
      await check(db);
    } finally {
      await db.close();
    }
  }, 60_000);

  it.skipIf(noPostgres)(
    'on PostgreSQL',
    async () => {
      pg = await startPostgres();
      const db = await openDatabase(pg.url);
      try {
        await check(db);
      } finally {
        await db.close();
      }
    },
    180_000,
  );
});
