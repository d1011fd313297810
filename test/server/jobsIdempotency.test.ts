import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PgBoss from 'pg-boss';
import { createApp } from '../../src/server/app';
import { idempotencyKey, requestDigest } from '../../src/server/idempotency';
import { openApiDocument } from '../../src/server/openapi';
import { openDatabase, type Database } from '../../src/service/hosted/database';
import { migrate } from '../../src/service/hosted/migrations';
import { createToken } from '../../src/service/hosted/tokens';
import { startQueue } from '../../src/service/jobs/jobs';
import { readFormParts } from '../../src/service/requestBody';
import { rooms, queuedJobsApp } from '../helpers/jobs';
import { newEmbeddedDatabase } from '../helpers/embeddedDatabase';

/**
 * `Idempotency-Key` on POST /v2/jobs (draft-ietf-httpapi-idempotency-key-header): a client whose answer was
 * lost (a 502, a dropped connection) sends the request again with its key and gets the job the first try
 * made — one job, billed once — while the same key with another body is refused (422). In-process on the
 * embedded database with the jobs' queue (no runner: the rooms stay queued, which is all that is counted).
 */
let db: Database;
let boss: PgBoss;
let app: ReturnType<typeof createApp>;
let office: string, other: string;

beforeAll(async () => {
  db = await openDatabase(newEmbeddedDatabase('lux-jobs-keys-'));
  await migrate(db);
  boss = await startQueue(db, 60);
  office = await createToken(db, 'office', ['*']);
  other = await createToken(db, 'other', ['*']);
  app = queuedJobsApp(db, boss);
}, 60_000);
afterAll(async () => {
  await boss?.stop({ graceful: false, wait: true });
  await db?.close();
});

const post = (token: string, body: unknown, key?: string) =>
  app.request('/v2/jobs', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      ...(key !== undefined ? { 'idempotency-key': key } : {}),
    },
    body: JSON.stringify(body),
  });
const jobsOf = async (name: string): Promise<number> => {
  const [row] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM lux_jobs WHERE token_name = $1',
    [name],
  );
  return row!.n;
};
const queuedRooms = async (): Promise<number> => {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM lux_job_rooms');
  return row!.n;
};

describe('POST /v2/jobs with an Idempotency-Key', () => {
  it('answers a try again with the first try’s job, not a second job', async () => {
    const body = { kind: 'run', rooms: rooms(2) };
    const first = await post(office, body, '"order-1"');
    expect(first.status).toBe(202);
    const job = await first.json();
    const rooms0 = await queuedRooms();
    // The same key again, bare or quoted: the same job, its Location, no new rooms.
    for (const key of ['"order-1"', 'order-1']) {
      const again = await post(office, body, key);
      expect(again.status).toBe(202);
      expect(again.headers.get('location')).toBe(`/v2/jobs/${job.job_id}`);
      expect((await again.json()).job_id).toBe(job.job_id);
    }
    expect(await jobsOf('office')).toBe(1);
    expect(await queuedRooms()).toBe(rooms0);
    // Without a key, a request is a new job every time (as before).
    const plain = await (await post(office, body)).json();
    expect(plain.job_id).not.toBe(job.job_id);
    expect(await jobsOf('office')).toBe(2);
  }, 60_000);

  it('makes one job of tries that race each other', async () => {
    const body = { kind: 'run', rooms: rooms(3) };
    const answers = await Promise.all([1, 2, 3].map(() => post(office, body, 'race')));
    const ids = await Promise.all(answers.map(async (r) => (await r.json()).job_id as string));
    expect(answers.map((r) => r.status)).toEqual([202, 202, 202]);
    expect(new Set(ids).size).toBe(1);
    const [row] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM lux_jobs WHERE idempotency_key = 'race'`,
    );
    expect(row!.n).toBe(1);
  }, 60_000);

  it('refuses the same key with another body (422), and keeps keys apart by token', async () => {
    const reused = await post(office, { kind: 'run', rooms: rooms(1) }, 'order-1');
    expect(reused.status).toBe(422);
    expect(await reused.json()).toMatchObject({ status: 'error', error_type: 'idempotency_key_reused' });
    // Another token's key of the same text is its own.
    const theirs = await post(other, { kind: 'run', rooms: rooms(1) }, 'order-1');
    expect(theirs.status).toBe(202);
    expect(await jobsOf('other')).toBe(1);
    // A key no header can mean is refused, not ignored.
    const bad = await post(office, { kind: 'run', rooms: rooms(1) }, '"unterminated');
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toContain('Idempotency-Key');
  }, 60_000);

  it('frees a key with its job: past the job’s retention, the key makes a new job', async () => {
    const body = { kind: 'run', rooms: rooms(1) };
    const old = await (await post(office, body, 'kept-as-long-as-the-job')).json();
    await db.query(`UPDATE lux_jobs SET state = 'done', expires_at = now() - interval '1 s' WHERE id = $1`, [
      old.job_id,
    ]);
    const fresh = await post(office, body, 'kept-as-long-as-the-job');
    expect(fresh.status).toBe(202);
    expect((await fresh.json()).job_id).not.toBe(old.job_id);
  }, 60_000);
});

describe('what a key is, and what a request is', () => {
  it('reads the draft’s quoted string and a bare token', () => {
    expect(idempotencyKey(undefined)).toBeUndefined();
    expect(idempotencyKey('"8e03978e-40d5-43e8-bc93-6894a57f9324"')).toBe(
      '8e03978e-40d5-43e8-bc93-6894a57f9324',
    );
    expect(idempotencyKey('"a \\"b\\""')).toBe('a "b"');
    expect(idempotencyKey('abc-123')).toBe('abc-123');
    for (const bad of ['', '""', 'two words', '"x', 'é', 'x'.repeat(256)])
      expect(() => idempotencyKey(bad)).toThrow(/Idempotency-Key/);
  });

  it('takes a form sent again with another boundary as the same request', async () => {
    const form = () => {
      const f = new FormData();
      f.append('params', '{"quality":"draft"}');
      f.append('ifc', new Blob(['ISO-10303-21;']), 'a.ifc');
      return f;
    };
    const digests = await Promise.all(
      [form(), form()].map(async (f) => {
        const r = new Response(f);
        const type = r.headers.get('content-type')!;
        const raw = await r.arrayBuffer();
        return { type, digest: requestDigest(await readFormParts(raw, type, raw.byteLength + 1)) };
      }),
    );
    expect(digests[0]!.type).not.toBe(digests[1]!.type);
    expect(digests[0]!.digest).toBe(digests[1]!.digest);
    const changed = form();
    changed.set('params', '{"quality":"high"}');
    const r = new Response(changed);
    const raw = await r.arrayBuffer();
    const type = r.headers.get('content-type')!;
    expect(requestDigest(await readFormParts(raw, type, raw.byteLength + 1))).not.toBe(digests[0]!.digest);
  });

  it('is in the OpenAPI document: the header on POST /jobs and its 422', () => {
    const doc = openApiDocument('0.0.0-test') as {
      paths: Record<
        string,
        Record<string, { parameters?: { name: string; in: string }[]; responses: object }>
      >;
    };
    const post = doc.paths['/jobs']!.post!;
    expect(post.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Idempotency-Key', in: 'header' })]),
    );
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['202', '422']));
  });
});
