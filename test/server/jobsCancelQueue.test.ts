import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PgBoss from 'pg-boss';
import { openDatabase, type Database } from '../../src/service/hosted/database';
import { migrate } from '../../src/service/hosted/migrations';
import { createToken, revokeToken } from '../../src/service/hosted/tokens';
import { cancelJob, createJob, jobRooms, ROOM_QUEUE, startQueue } from '../../src/service/jobs/jobs';
import { roomMessageId } from '../../src/service/jobs/roomMessages';
import { JobRunner, type RunRoom } from '../../src/service/jobs/runner';
import type { TaskResponse } from '../../src/service/task';
import { postgresUnavailable, startPostgres, type RunningPostgres } from '../helpers/postgres';
import { newEmbeddedDatabase } from '../helpers/embeddedDatabase';

/**
 * A cancelled job's rooms leave the queue. They stayed there as pg-boss messages, and every worker fetched
 * and skipped them one at a time (one per polling interval, ~2 a second): a small job made after a
 * 300-room job was cancelled waited 151 s for its two rooms on one worker, all 300 dead messages fetched
 * first. The runner runs in this process with a stand-in for the compute threads; the same cases run on
 * the embedded database and on a PostgreSQL started by the test (skipped where it cannot be).
 */
const ok: TaskResponse = { ok: true, contentType: 'application/json', body: '{"status":"success"}' };
const office = { owner: 'static:office', name: 'office' };

async function until(check: () => Promise<boolean>, ms: number): Promise<void> {
  const t0 = Date.now();
  while (!(await check())) {
    if (Date.now() - t0 > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a room’s message id', () => {
  it('is the RFC 4122 version 5 UUID of its index in its job’s id', () => {
    // Python's uuid.uuid5(uuid.NAMESPACE_DNS, '3') and '1999'.
    expect(roomMessageId('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 3)).toBe(
      '98123fde-012f-5ff3-8b50-881449dac91a',
    );
    expect(roomMessageId('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 1999)).toBe(
      'd97324cd-ed5e-5299-a8ca-d6f714cd25e3',
    );
  });
});

const noPostgres = postgresUnavailable();
const engines: [string, boolean][] = [
  ['the embedded database', false],
  ['PostgreSQL', !!noPostgres],
];

describe.each(engines)('a cancelled job’s rooms on %s', (engine, skip) => {
  let pg: RunningPostgres | null = null;
  let db: Database;
  let boss: PgBoss;

  beforeAll(async () => {
    if (skip) return;
    if (engine === 'PostgreSQL') pg = await startPostgres();
    db = await openDatabase(pg?.url ?? newEmbeddedDatabase('lux-jobs-cancel-'));
    await migrate(db);
    boss = await startQueue(db, 1);
  }, 120_000);
  afterAll(async () => {
    await boss?.stop({ graceful: false, wait: true });
    await db?.close();
    await pg?.stop();
  });

  /** The job's messages in the rooms' queue, counted by pg-boss's state. */
  async function messages(job: string): Promise<Record<string, number>> {
    const rows = await db.query<{ state: string; n: number }>(
      `SELECT state, count(*)::int AS n FROM pgboss.job WHERE name = $1 AND data->>'job' = $2 GROUP BY state`,
      [ROOM_QUEUE, job],
    );
    return Object.fromEntries(rows.map((r) => [r.state, r.n]));
  }

  const done = async (job: string) => (await jobRooms(db, job, false)).every((r) => r.status !== 'pending');
  /** A replica's runner, on a queue handle of its own (stopping the runner stops it). */
  const runner = async (run: RunRoom): Promise<JobRunner> => {
    const r = new JobRunner(db, await startQueue(db, 1), run, null);
    await r.start(1);
    return r;
  };

  it.skipIf(skip)(
    'takes them out of the queue, but the one running: the next job’s rooms wait behind none',
    async () => {
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let started!: () => void;
      const begun = new Promise<void>((r) => (started = r));
      const ran: number[] = [];
      const run: RunRoom = async (_kind, body) => {
        ran.push(JSON.parse(new TextDecoder().decode(body)).n);
        started();
        await held;
        return ok;
      };
      const big = await createJob(
        db,
        boss,
        office,
        'run',
        Array.from({ length: 200 }, (_, n) => ({ n })),
        { mesh: null },
      );
      const replica = await runner(run);
      try {
        await begun; // one worker, on the big job's first room
        await cancelJob(db, boss, big);
        // The room running keeps its message (the queue retries it if its replica dies); the rest are gone.
        expect(await messages(big)).toEqual({ active: 1, cancelled: 199 });
        const small = await createJob(db, boss, office, 'run', [{ n: -1 }, { n: -2 }], { mesh: null });
        release();
        // Behind 199 dead messages, the worker took ~100 s to reach these two.
        await until(() => done(small), 20_000);
        // The queue hands out a job's rooms in no set order: the first is any of the big job's.
        expect(ran[0]).toBeGreaterThanOrEqual(0);
        expect(ran.slice(1).sort((x, y) => y - x)).toEqual([-1, -2]);
        const rooms = await jobRooms(db, big, false);
        expect(rooms[ran[0]!]!.status).toBe('done'); // the room that was running is kept
        expect(rooms.filter((r) => r.status === 'cancelled')).toHaveLength(199);
        // No dead message was fetched: only the room that ran completed.
        expect(await messages(big)).toEqual({ completed: 1, cancelled: 199 });
      } finally {
        release();
        await replica.stop();
      }
    },
    60_000,
  );

  it.skipIf(skip)(
    'takes them out of the queue when its token is revoked',
    async () => {
      await createToken(db, 'revoked', ['*']);
      const [t] = await db.query<{ id: number }>("SELECT id FROM lux_tokens WHERE name = 'revoked'");
      const job = await createJob(
        db,
        boss,
        { owner: `db:${t!.id}`, name: 'revoked' },
        'run',
        Array(50).fill({}),
        { mesh: null },
      );
      expect(await revokeToken(db, 'revoked')).toBe(true);
      let runs = 0;
      const replica = await runner(async () => (runs++, ok));
      try {
        await until(() => done(job), 20_000);
        // The first room fetched cancelled the job, and with it the others' messages: none was fetched after.
        expect(await messages(job)).toEqual({ cancelled: 50 });
        expect(runs).toBe(0);
      } finally {
        await replica.stop();
      }
    },
    60_000,
  );

  it.skipIf(skip)('leaves no job without its rooms’ messages: both are written together', async () => {
    const failing = {
      insert: () => Promise.reject(new Error('the queue is unreachable')),
    } as unknown as PgBoss;
    await expect(
      createJob(db, failing, { owner: 'static:lost', name: 'lost' }, 'run', [{}], { mesh: null }),
    ).rejects.toThrow('unreachable');
    expect(await db.query("SELECT id FROM lux_jobs WHERE token = 'static:lost'")).toEqual([]);
  });
});
