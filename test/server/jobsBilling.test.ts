import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PgBoss from 'pg-boss';
import { openDatabase, type Database } from '../../src/service/hosted/database';
import { migrate } from '../../src/service/hosted/migrations';
import { createToken, revokeToken } from '../../src/service/hosted/tokens';
import { UsageMeter } from '../../src/service/hosted/usage';
import { cancelJob, createJob, jobOf, jobRooms, startQueue } from '../../src/service/jobs/jobs';
import { JobRunner, type RunRoom } from '../../src/service/jobs/runner';
import type { TaskResponse } from '../../src/service/task';
import { newEmbeddedDatabase } from '../helpers/embeddedDatabase';

/**
 * A job's rooms as the token that made it stands now, and as they are billed (a review of hosted mode):
 * a revoked token's queued rooms do not run, a used-up quota refuses them, a room running when its job is
 * cancelled is kept and metered, a room's bytes in are counted though its body moves to a thread, a refused
 * call bills no window, and jobs past their retention leave the database. The runner runs in this process
 * on the embedded database, with a stand-in for the compute threads.
 */
let db: Database;
let meter: UsageMeter;

beforeAll(async () => {
  db = await openDatabase(newEmbeddedDatabase('lux-jobs-billing-'));
  await migrate(db);
  meter = new UsageMeter(db, 100_000);
}, 60_000);
afterAll(async () => {
  await meter?.close();
  await db?.close();
});

const room = { parameters: { windows: { w1: {}, w2: {} } } };
const ok = (): TaskResponse => ({
  ok: true,
  contentType: 'application/json',
  body: '{"status":"success"}',
  usage: { windows: 2, triangles: 0, modelType: 'df_default', computeMs: 5 },
});

async function tokenOwner(name: string, limits?: { windowsPerDay: number }) {
  await createToken(db, name, ['*'], {
    rpm: null,
    windowsPerDay: limits?.windowsPerDay ?? null,
    computeSPerMonth: null,
    concurrent: null,
  });
  const [t] = await db.query<{ id: number }>(
    'SELECT id FROM lux_tokens WHERE name = $1 AND revoked_at IS NULL',
    [name],
  );
  return { owner: `db:${t!.id}`, name };
}

async function until(check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const t0 = Date.now();
  while (!(await check())) {
    if (Date.now() - t0 > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A runner of its own queue handle, running rooms with `run`, for one test. */
async function withRunner(run: RunRoom, work: (boss: PgBoss) => Promise<void>, sweepMs?: number) {
  const boss = await startQueue(db, 1);
  const runner = new JobRunner(db, boss, run, meter, sweepMs);
  try {
    await work(boss);
    await runner.start(1);
    await new Promise((r) => setTimeout(r, 0));
  } catch (e) {
    await runner.stop();
    throw e;
  }
  return runner;
}

const usageOf = async (name: string) => {
  await meter.flush();
  return db.query<{ status: number; windows: number; bytes_in: number }>(
    'SELECT status, windows, bytes_in FROM lux_usage WHERE token = $1 ORDER BY at',
    [name],
  );
};

describe('a job’s rooms and their token', () => {
  it('counts a room’s bytes in, though its body moves to the compute thread', async () => {
    const who = await tokenOwner('bytes');
    let id = '';
    const runner = await withRunner(
      async (_kind, body) => {
        structuredClone(body, { transfer: [body] }); // as piscina hands it to a worker
        return ok();
      },
      async (boss) => {
        id = await createJob(db, boss, who, 'run', [room], { mesh: null });
      },
    );
    try {
      await until(async () => (await jobOf(db, id, who.owner))!.state === 'done');
      const rows = await usageOf('bytes');
      expect(rows).toHaveLength(1);
      expect(rows[0]!.bytes_in).toBe(JSON.stringify(room).length);
    } finally {
      await runner.stop();
    }
  }, 60_000);

  it('runs no room of a job whose token was revoked after it was made', async () => {
    const who = await tokenOwner('revoked');
    let id = '';
    let runs = 0;
    const runner = await withRunner(
      async () => {
        runs++;
        return ok();
      },
      async (boss) => {
        id = await createJob(db, boss, who, 'run', [room, room, room], { mesh: null });
        expect(await revokeToken(db, 'revoked')).toBe(true);
      },
    );
    try {
      await until(async () => (await jobOf(db, id, who.owner))!.state === 'cancelled');
      await until(async () => (await jobRooms(db, id, false)).every((r) => r.status === 'cancelled'));
      expect(runs).toBe(0);
      expect((await jobOf(db, id, who.owner))!.error).toMatch(/revoked/);
      expect(await usageOf('revoked')).toEqual([]);
    } finally {
      await runner.stop();
    }
  }, 60_000);

  it('refuses a job’s rooms past the token’s windows a day', async () => {
    const who = await tokenOwner('daily', { windowsPerDay: 2 });
    // The day's quota already used by a call.
    meter.record({
      owner: who.owner,
      token: 'daily',
      at: new Date(),
      route: '/run',
      modelType: null,
      status: 200,
      windows: 2,
      triangles: 0,
      computeMs: 1,
      bytesIn: 1,
      bytesOut: 1,
    });
    await meter.flush();
    let id = '';
    let runs = 0;
    const runner = await withRunner(
      async () => {
        runs++;
        return ok();
      },
      async (boss) => {
        id = await createJob(db, boss, who, 'run', [room, room], { mesh: null });
      },
    );
    try {
      await until(async () => (await jobOf(db, id, who.owner))!.state === 'failed');
      expect(runs).toBe(0);
      const rooms = await jobRooms(db, id, false);
      expect(rooms.map((r) => r.status)).toEqual(['failed', 'failed']);
      expect(rooms[0]!.error).toMatch(/may analyse 2 windows a day/);
      expect((await usageOf('daily')).slice(1).map((r) => [r.status, r.windows])).toEqual([
        [429, 0],
        [429, 0],
      ]);
    } finally {
      await runner.stop();
    }
  }, 60_000);

  it('counts a job’s rooms against the windows a day as they run: a big job does not pass the quota', async () => {
    // Regression: the rooms' usage waited for the meter's next batch, so the check before each room read
    // the day as it was before the job and every room of it ran (here the meter writes only when asked).
    const who = await tokenOwner('bigjob', { windowsPerDay: 4 });
    let id = '';
    let runs = 0;
    const runner = await withRunner(
      async () => {
        runs++;
        return ok();
      },
      async (boss) => {
        id = await createJob(db, boss, who, 'run', [room, room, room, room, room], { mesh: null });
      },
    );
    try {
      await until(async () => ['done', 'failed'].includes((await jobOf(db, id, who.owner))!.state));
      expect(runs).toBe(2);
      const rooms = await jobRooms(db, id, false);
      // The queue hands rooms out in no set order: two of them ran, whichever.
      expect(rooms.map((r) => r.status).sort()).toEqual(['done', 'done', 'failed', 'failed', 'failed']);
      expect(rooms.find((r) => r.status === 'failed')!.error).toMatch(/may analyse 4 windows a day/);
      await meter.flush();
      const [day] = await db.query<{ windows: number; requests: number }>(
        'SELECT windows::int, requests::int FROM lux_usage_day WHERE owner = $1',
        [who.owner],
      );
      // Each room is a request of the bill, as the call it replaces; the refused ones bill no window.
      expect(day).toEqual({ windows: 4, requests: 5 });
    } finally {
      await runner.stop();
    }
  }, 60_000);

  it('keeps and meters the room that was running when its job was cancelled; the others are not run', async () => {
    const who = await tokenOwner('cancelled');
    let id = '';
    let runs = 0;
    let release!: () => void;
    const running = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const begun = new Promise<void>((r) => (started = r));
    let queue!: PgBoss;
    const runner = await withRunner(
      async () => {
        runs++;
        started();
        await running;
        return ok();
      },
      async (boss) => {
        queue = boss;
        id = await createJob(db, boss, who, 'run', [room, room, room], { mesh: null });
      },
    );
    try {
      await begun;
      await cancelJob(db, queue, id);
      release();
      await until(async () => (await jobRooms(db, id, false)).some((r) => r.status === 'done'));
      await new Promise((r) => setTimeout(r, 1_500)); // the queue hands out the other rooms meanwhile
      expect(runs).toBe(1);
      expect((await jobRooms(db, id, false)).map((r) => r.status).sort()).toEqual([
        'cancelled',
        'cancelled',
        'done',
      ]);
      const job = (await jobOf(db, id, who.owner))!;
      expect(job).toMatchObject({ state: 'cancelled', done: 1 });
      expect((await usageOf('cancelled')).map((r) => [r.status, r.windows])).toEqual([[200, 2]]);
    } finally {
      await runner.stop();
    }
  }, 60_000);

  it('bills no window to a refused call (it analysed none)', async () => {
    meter.record({
      owner: 'static:refused',
      token: 'refused',
      at: new Date(),
      route: '/run',
      modelType: 'df_default',
      status: 400,
      windows: 40,
      triangles: 2,
      computeMs: 3,
      bytesIn: 100,
      bytesOut: 50,
    });
    expect((await usageOf('refused')).map((r) => [r.status, r.windows])).toEqual([[400, 0]]);
    const [day] = await db.query<{ windows: number }>(
      `SELECT windows FROM lux_usage_day WHERE owner = 'static:refused'`,
    );
    expect(day!.windows).toBe(0);
  }, 60_000);

  it('fails a room no try could answer, so that its job ends (the queue’s dead letters)', async () => {
    const who = await tokenOwner('unlucky');
    let id = '',
      tries = 0;
    const runner = await withRunner(
      async () => {
        tries++;
        throw new Error('the compute thread died');
      },
      async (boss) => {
        id = await createJob(db, boss, who, 'run', [room], { mesh: null });
      },
    );
    try {
      await until(async () => (await jobOf(db, id, who.owner))?.state === 'failed', 60_000);
      expect(tries).toBe(4);
      const [r] = await jobRooms(db, id, false);
      expect(r).toMatchObject({ status: 'failed' });
      expect(r!.error).toMatch(/No replica could answer this room in 4 tries/);
      // Ended, it is kept from its end and then swept like any other.
      expect((await jobOf(db, id, who.owner))!.finished_at).not.toBeNull();
    } finally {
      await runner.stop();
    }
  }, 90_000);

  it('deletes finished jobs past their retention, counted from their end; a job still running stays', async () => {
    const who = await tokenOwner('old');
    let id = '',
      slow = '';
    let release = (): void => undefined;
    const held = new Promise<void>((r) => (release = r));
    const runner = await withRunner(
      async (_kind, body) => {
        // The slow job's room runs until released.
        if (new TextDecoder().decode(body).includes('"slow"')) await held;
        return ok();
      },
      async (boss) => {
        id = await createJob(db, boss, who, 'run', [room], { mesh: new Float32Array(9) });
        slow = await createJob(db, boss, who, 'run', [{ ...room, name: 'slow' }], {
          mesh: new Float32Array(9),
        });
      },
      200,
    );
    try {
      // Done, its results are kept from its end: the expiry moves on to the end plus the retention.
      await until(async () => (await jobOf(db, id, who.owner))?.state === 'done');
      const kept = (await jobOf(db, id, who.owner))!;
      expect(kept.expires_at.getTime() - kept.finished_at!.getTime()).toBeGreaterThan(71 * 3_600_000);
      // Both past their retention: the finished one leaves with its rooms; the running one stays.
      await db.query(`UPDATE lux_jobs SET expires_at = now() - interval '1 hour' WHERE id IN ($1, $2)`, [
        id,
        slow,
      ]);
      await until(async () => (await db.query('SELECT 1 FROM lux_jobs WHERE id = $1', [id])).length === 0);
      expect(await db.query('SELECT 1 FROM lux_job_rooms WHERE job_id = $1', [id])).toEqual([]);
      await new Promise((r) => setTimeout(r, 500)); // two more sweeps
      expect((await jobOf(db, slow, who.owner))?.state).toBe('running');
    } finally {
      release();
      await runner.stop();
    }
  }, 60_000);
});
