import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PgBoss from 'pg-boss';
import { openDatabase, type Database } from '../../src/service/hosted/database';
import { migrate } from '../../src/service/hosted/migrations';
import { quotaRefusal } from '../../src/service/hosted/limits';
import { reserveWindows, sweepHolds } from '../../src/service/hosted/quotaHolds';
import { createToken, NO_LIMITS } from '../../src/service/hosted/tokens';
import { UsageMeter } from '../../src/service/hosted/usage';
import { createJob, jobOf, jobRooms, startQueue } from '../../src/service/jobs/jobs';
import { JobRunner, type RunRoom } from '../../src/service/jobs/runner';
import type { TaskResponse } from '../../src/service/task';
import { DEFAULT_JOB_READS_PER_MINUTE, JobReadLimiter } from '../../src/server/jobReadLimit';
import { openApiDocument } from '../../src/server/openapi';
import { loadConfig } from '../../src/server/config';
import { queuedJobsApp, rooms } from '../helpers/jobs';
import { newEmbeddedDatabase } from '../helpers/embeddedDatabase';

/**
 * A token's limits on its jobs, on one embedded database. Its windows a day against a job's rooms running
 * at once, on several lanes of two replicas (two runners with their own queue handles, as two processes
 * would have): a room holds its windows in the database before it runs, so that no more rooms run than the
 * day has windows left; before, each room was checked against the day's usage written so far, and every
 * room that started before the first one finished ran. And its reads of its jobs (polling), limited apart
 * from its compute calls; before, a client polling in a tight loop was never slowed.
 */
let db: Database;
let meter: UsageMeter;

beforeAll(async () => {
  db = await openDatabase(newEmbeddedDatabase('lux-quota-holds-'));
  await migrate(db);
  // Written only when asked (the runner asks after each room of a token with a quota).
  meter = new UsageMeter(db, 100_000);
}, 60_000);
afterAll(async () => {
  await meter?.close();
  await db?.close();
});

/** A room of two windows, and its answer as a compute thread gives it. */
const room = { parameters: { windows: { w1: {}, w2: {} } } };
const ok = (): TaskResponse => ({
  ok: true,
  contentType: 'application/json',
  body: '{"status":"success"}',
  usage: { windows: 2, triangles: 0, modelType: 'df_default', computeMs: 5 },
});

async function tokenOwner(name: string, windowsPerDay: number) {
  await createToken(db, name, ['*'], { ...NO_LIMITS, windowsPerDay });
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
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Two replicas' runners of `lanes` workers each, running rooms with `run`; stopped by the returned call. */
async function replicas(run: RunRoom, lanes: number): Promise<{ boss: PgBoss; stop(): Promise<void> }> {
  const bosses = [await startQueue(db, 1), await startQueue(db, 1)];
  const runners = bosses.map((b) => new JobRunner(db, b, run, meter));
  for (const r of runners) await r.start(lanes);
  return { boss: bosses[0]!, stop: async () => void (await Promise.all(runners.map((r) => r.stop()))) };
}

const dayOf = async (owner: string) =>
  (
    await db.query<{ windows: number; requests: number }>(
      'SELECT windows::int, requests::int FROM lux_usage_day WHERE owner = $1',
      [owner],
    )
  )[0];

describe('a job’s rooms against the windows a day, run at once', () => {
  it('runs no more rooms at once than the day has windows left, on two replicas', async () => {
    // Five windows: two rooms of two fit, a third would pass the day. Six rooms on four lanes.
    const who = await tokenOwner('at-once', 5);
    let running = 0,
      most = 0,
      runs = 0;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const { boss, stop } = await replicas(async () => {
      runs++;
      most = Math.max(most, ++running);
      await held;
      running--;
      return ok();
    }, 2);
    try {
      const id = await createJob(db, boss, who, 'run', Array(6).fill(room), { mesh: null });
      // Every room is running or answered before any finishes: without holds all four lanes run one.
      const answered = async () => (await jobRooms(db, id, false)).filter((r) => r.status !== 'pending');
      await until(async () => runs === 4 || (runs === 2 && (await answered()).length === 4));
      release();
      await until(async () => ['done', 'failed'].includes((await jobOf(db, id, who.owner))!.state));
      expect([runs, most]).toEqual([2, 2]);
      const rooms = await jobRooms(db, id, false);
      expect(rooms.map((r) => r.status).sort()).toEqual([
        'done',
        'done',
        'failed',
        'failed',
        'failed',
        'failed',
      ]);
      // Refused as a room past the quota always was: its message, a 429 row that bills no window.
      expect(rooms.find((r) => r.status === 'failed')!.error).toMatch(/may analyse 5 windows a day/);
      expect(await dayOf(who.owner)).toEqual({ windows: 4, requests: 6 });
      // Settled: the rooms that ran hold nothing any more.
      expect(await db.query('SELECT 1 FROM lux_quota_holds WHERE owner = $1', [who.owner])).toEqual([]);
    } finally {
      release();
      await stop();
    }
  }, 60_000);

  it('gives back the hold of a room whose try ended without an answer: its retry runs', async () => {
    // One room's windows a day: a hold the failed try kept would refuse the retry.
    const who = await tokenOwner('retried', 2);
    let tries = 0;
    const { boss, stop } = await replicas(async () => {
      if (++tries === 1) throw new Error('the compute thread died');
      return ok();
    }, 1);
    try {
      const id = await createJob(db, boss, who, 'run', [room], { mesh: null });
      await until(async () => ['done', 'failed'].includes((await jobOf(db, id, who.owner))!.state));
      expect(tries).toBe(2);
      expect((await jobRooms(db, id, false)).map((r) => r.status)).toEqual(['done']);
      expect(await dayOf(who.owner)).toEqual({ windows: 2, requests: 1 });
      expect(await db.query('SELECT 1 FROM lux_quota_holds WHERE owner = $1', [who.owner])).toEqual([]);
    } finally {
      await stop();
    }
  }, 60_000);
});

describe('quota holds', () => {
  it('count against the day for the request path too, and lapse when their replica died', async () => {
    const who = await tokenOwner('held', 5);
    const limits = { ...NO_LIMITS, windowsPerDay: 5 };
    const now = new Date();
    const hold = await reserveWindows(db, who, limits, now, 4, 300);
    expect(hold).toMatchObject({ hold: expect.any(String) });
    // A call's check (windows unknown) passes with one window left; a room of two does not fit.
    expect(await quotaRefusal(db, who.owner, who.name, limits, now)).toBeNull();
    const refused = await reserveWindows(db, who, limits, now, 2, 300);
    expect('refusal' in refused && refused.refusal.message).toBe(
      "Quota: token 'held' may analyse 5 windows a day (UTC): this room’s 2 would pass it (1 left, the others used or running)",
    );
    expect((await reserveWindows(db, who, limits, now, 1, 300)) as object).toHaveProperty('hold');
    // The day held whole: a call is refused as when the windows are used.
    expect((await quotaRefusal(db, who.owner, who.name, limits, now))?.message).toBe(
      "Quota: token 'held' may analyse 5 windows a day (UTC)",
    );
    // The replica holding the four died: past its lease the hold counts no more, and is swept.
    await db.query(`UPDATE lux_quota_holds SET expires_at = now() - interval '1 second' WHERE windows = 4`);
    expect((await reserveWindows(db, who, limits, now, 4, 300)) as object).toHaveProperty('hold');
    await sweepHolds(db);
    expect(
      (
        await db.query<{ windows: number }>('SELECT windows FROM lux_quota_holds WHERE owner = $1', [
          who.owner,
        ])
      )
        .map((h) => h.windows)
        .sort(),
    ).toEqual([1, 4]);
  }, 30_000);
});

describe('reads of a token’s jobs', () => {
  it('refuses a token’s reads past its bucket with 429 and Retry-After; refilled, it reads again', () => {
    let now = 0;
    const reads = new JobReadLimiter(60, () => now);
    for (let i = 0; i < 60; i++) reads.take('db:1', 'poller');
    let refused: unknown;
    try {
      reads.take('db:1', 'poller');
    } catch (e) {
      refused = e;
    }
    expect(refused).toMatchObject({
      type: 'rate_limited',
      message: "Rate limit: token 'poller' may read its jobs 60 times a minute (LUX_JOB_READS_PER_MINUTE)",
      retryAfterS: 1,
    });
    // Another token has a bucket of its own.
    expect(() => reads.take('db:2', 'other')).not.toThrow();
    // One a second comes back: half a second on, one read waits still half a second.
    now = 500;
    expect(() => reads.take('db:1', 'poller')).toThrow(expect.objectContaining({ retryAfterS: 0.5 }));
    now = 1_000;
    reads.take('db:1', 'poller');
    expect(() => reads.take('db:1', 'poller')).toThrow(/60 times a minute/);
    // 0: no limit.
    const open = new JobReadLimiter(0, () => now);
    for (let i = 0; i < 1_000; i++) open.take('db:1', 'poller');
    // The server's setting, read as its others are: a bad one stops it at start.
    expect(loadConfig({}).jobReadsPerMinute).toBe(DEFAULT_JOB_READS_PER_MINUTE);
    expect(loadConfig({ LUX_JOB_READS_PER_MINUTE: '0' }).jobReadsPerMinute).toBe(0);
    expect(() => loadConfig({ LUX_JOB_READS_PER_MINUTE: '10/s' })).toThrow(
      "LUX_JOB_READS_PER_MINUTE must be a non-negative integer, got '10/s'",
    );
  });

  it('answers a client polling its job in a tight loop 429 past the default; its compute calls and other tokens go on', async () => {
    const boss = await startQueue(db, 60);
    try {
      const app = queuedJobsApp(db, boss);
      const poller = await createToken(db, 'poller', ['*']);
      const other = await createToken(db, 'other', ['*']);
      const as = (t: string, path: string, init: RequestInit = {}) =>
        app.request(path, { ...init, headers: { authorization: `Bearer ${t}` } });
      const made = await as(poller, '/v2/jobs', {
        method: 'POST',
        body: JSON.stringify({ rooms: rooms(1) }),
      });
      expect(made.status).toBe(202);
      const id = ((await made.json()) as { job_id: string }).job_id;
      const t0 = Date.now();
      let answered = 0;
      let res = new Response();
      // Every read of its jobs draws on one bucket: the job, the list, the results, in turn, until refused
      // (or twice the bucket: without a limit, never).
      const reads = [`/v2/jobs/${id}`, '/v2/jobs', `/v2/jobs/${id}/result`, `/v2/jobs/${id}/result.csv`];
      while (answered < 2 * DEFAULT_JOB_READS_PER_MINUTE) {
        res = await as(poller, reads[answered % reads.length]!);
        if (res.status !== 200) break;
        answered++;
      }
      // The bucket, and what refilled while the loop ran (ten a second).
      expect(answered).toBeGreaterThanOrEqual(DEFAULT_JOB_READS_PER_MINUTE);
      expect(answered).toBeLessThanOrEqual(DEFAULT_JOB_READS_PER_MINUTE + 1 + (Date.now() - t0) / 100);
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(await res.json()).toMatchObject({ status: 'error', error_type: 'rate_limited' });
      // Its compute calls are counted apart, as are another token's reads.
      expect((await as(other, `/v2/jobs`)).status).toBe(200);
      const second = await as(poller, '/v2/jobs', {
        method: 'POST',
        body: JSON.stringify({ rooms: rooms(1) }),
      });
      expect(second.status).toBe(202);
      // Refilled at ten a second: a fifth of a second on, it reads again.
      await new Promise((r) => setTimeout(r, 200));
      expect((await as(poller, `/v2/jobs/${id}`)).status).toBe(200);
      // As the OpenAPI document says.
      const paths = (openApiDocument('0') as { paths: Record<string, Record<string, { responses: object }>> })
        .paths;
      for (const [path, method] of [
        ['/jobs', 'get'],
        ['/jobs/{id}', 'get'],
        ['/jobs/{id}', 'delete'],
        ['/jobs/{id}/result', 'get'],
        ['/jobs/{id}/result.csv', 'get'],
        ['/jobs/{id}/report.html', 'get'],
      ] as const)
        expect(Object.keys(paths[path]![method]!.responses), `${method} ${path}`).toContain('429');
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
  }, 60_000);
});
