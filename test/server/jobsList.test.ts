import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PgBoss from 'pg-boss';
import { createApp } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/service/hosted/database';
import { migrate } from '../../src/service/hosted/migrations';
import { createToken } from '../../src/service/hosted/tokens';
import { startQueue } from '../../src/service/jobs/jobs';
import { rooms, queuedJobsApp } from '../helpers/jobs';
import { newEmbeddedDatabase } from '../helpers/embeddedDatabase';

/**
 * `GET /v2/jobs`: a token's own jobs, most recent first, page by page, so that a client that lost the answer
 * to its POST finds its job (by its Idempotency-Key). Another token's jobs are never listed. In-process on
 * the embedded database with the jobs' queue and no runner (the rooms stay queued).
 */
let db: Database;
let boss: PgBoss;
let app: ReturnType<typeof createApp>;
let office: string, other: string, limited: string;

beforeAll(async () => {
  db = await openDatabase(newEmbeddedDatabase('lux-jobs-list-'));
  await migrate(db);
  boss = await startQueue(db, 60);
  office = await createToken(db, 'office', ['*']);
  other = await createToken(db, 'other', ['*']);
  limited = await createToken(db, 'limited', ['*'], {
    rpm: 1,
    windowsPerDay: null,
    computeSPerMonth: null,
    concurrent: null,
  });
  app = queuedJobsApp(db, boss);
}, 60_000);
afterAll(async () => {
  await boss?.stop({ graceful: false, wait: true });
  await db?.close();
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
async function make(token: string, n: number, key?: string): Promise<string> {
  const res = await app.request('/v2/jobs', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...auth(token),
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: JSON.stringify({ rooms: rooms(n) }),
  });
  expect(res.status).toBe(202);
  return ((await res.json()) as { job_id: string }).job_id;
}
interface Listed {
  jobs: { job_id: string; url: string; state: string; progress: object; idempotency_key: string | null }[];
  next_cursor: string | null;
}
const list = async (token: string, query = '') => {
  const res = await app.request(`/v2/jobs${query}`, { headers: auth(token) });
  return { status: res.status, body: (await res.json()) as Listed & { error?: string } };
};

describe('GET /v2/jobs', () => {
  it('lists the token’s own jobs, most recent first, with their keys; never another token’s', async () => {
    const first = await make(office, 1);
    const theirs = await make(other, 1, 'same-key');
    const second = await make(office, 2, 'same-key');
    const { status, body } = await list(office);
    expect(status).toBe(200);
    expect(body.jobs.map((j) => j.job_id)).toEqual([second, first]);
    expect(body.jobs[0]).toMatchObject({
      url: `/v2/jobs/${second}`,
      state: 'queued',
      progress: { total: 2, done: 0, failed: 0 },
      idempotency_key: 'same-key',
    });
    expect(body.jobs[1]!.idempotency_key).toBeNull();
    expect(body.next_cursor).toBeNull();
    expect((await list(other)).body.jobs.map((j) => j.job_id)).toEqual([theirs]);
    // By key: the job the token made with it, not the other token's of the same key.
    expect((await list(office, '?idempotency_key=same-key')).body.jobs.map((j) => j.job_id)).toEqual([
      second,
    ]);
    expect((await list(office, '?idempotency_key=%22same-key%22')).body.jobs).toHaveLength(1);
    expect((await list(office, '?idempotency_key=none')).body.jobs).toEqual([]);
  });

  it('pages with limit and cursor: every job once, in order, with jobs made between pages', async () => {
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push(await make(other, 1));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { body: Listed } = await list(
        other,
        `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...page.body.jobs.map((j) => j.job_id));
      cursor = page.body.next_cursor;
      // A job made meanwhile is before the cursor: it neither repeats nor pushes one out.
      if (pages++ === 0) await make(other, 1);
    } while (cursor);
    expect(seen.slice(0, 5)).toEqual([...made].reverse());
    expect(new Set(seen).size).toBe(seen.length);
    expect(pages).toBe(3);
  });

  it('refuses a limit or cursor it cannot read (400), and a request without a token (401)', async () => {
    for (const q of ['?limit=0', '?limit=101', '?limit=2.5', '?limit=x', '?cursor=nope', '?idempotency_key='])
      expect((await list(office, q)).status, q).toBe(400);
    expect((await list(office, '?limit=0')).body.error).toMatch(
      /'limit' must be a whole number from 1 to 100/,
    );
    // The filter's refusal names the query parameter, not the header it matches.
    expect((await list(office, '?idempotency_key=')).body.error).toMatch(
      /^Parameter 'idempotency_key' must be 1–255 printable ASCII characters/,
    );
    const anonymous = await app.request('/v2/jobs');
    expect(anonymous.status).toBe(401);
  });

  it('does not list a job past its retention', async () => {
    const id = await make(office, 1);
    await app.request(`/v2/jobs/${id}`, { method: 'DELETE', headers: auth(office) });
    await db.query(`UPDATE lux_jobs SET expires_at = now() - interval '1 second' WHERE id = $1`, [id]);
    expect((await list(office)).body.jobs.map((j) => j.job_id)).not.toContain(id);
  });
});

describe('creating a job and the token’s limits', () => {
  it('counts POST /v2/jobs against the requests a minute (429 with Retry-After)', async () => {
    await make(limited, 3);
    const again = await app.request('/v2/jobs', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth(limited) },
      body: JSON.stringify({ rooms: rooms(3) }),
    });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await again.json()) as { error_type: string }).error_type).toBe('rate_limited');
  });
});

describe('DELETE /v2/jobs/{id}', () => {
  it('answers the job as GET does, its refused rooms included (it listed none)', async () => {
    const id = await make(office, 2);
    // A room refused by then (as the runner writes one).
    await db.query(
      `UPDATE lux_job_rooms SET status = 'failed', error = 'rooms[0]: bad window' WHERE job_id = $1 AND idx = 0`,
      [id],
    );
    await db.query(`UPDATE lux_jobs SET failed = 1, state = 'running' WHERE id = $1`, [id]);
    const res = await app.request(`/v2/jobs/${id}`, { method: 'DELETE', headers: auth(office) });
    expect(res.status).toBe(200);
    const cancelled = (await res.json()) as { state: string; problems: unknown[] };
    expect(cancelled.state).toBe('cancelled');
    expect(cancelled.problems).toEqual([{ index: 0, error: 'rooms[0]: bad window' }]);
    const got = await (await app.request(`/v2/jobs/${id}`, { headers: auth(office) })).json();
    expect(cancelled).toEqual(got);
  });
});
