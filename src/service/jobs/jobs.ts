import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import { LuxError } from '../../core/errors';
import type { Database } from '../hosted/database';
import { queueIn, roomMessageId } from './roomMessages';

/**
 * Long work as jobs (issue 37): a list of rooms a client hands over and comes back for. The job and its
 * rooms are rows of the hosted database; each room is a message of a pg-boss queue in the same database
 * (pg-boss: a well-kept PostgreSQL job queue — SKIP LOCKED fetches, expiry, retries — that runs on
 * PostgreSQL and, through our adapter, on the embedded PGlite too, so a queued room survives a restart
 * either way). Every replica's runner takes rooms; a room whose replica dies stays taken until its lease
 * (`roomLeaseS`) runs out, then pg-boss hands it to another. A room's answer is written once: only while
 * the room is still pending.
 */
export const ROOM_QUEUE = 'lux-job-rooms';
/**
 * Where the queue puts a room whose every try ended without an answer (a replica stopped or died in it, or its
 * run threw): the runner fails it there, so that its job ends (pg-boss's dead-letter queue).
 */
export const ROOM_DEAD_LETTER = 'lux-job-rooms-given-up';
/**
 * A whole number from the environment, read as the server reads its other settings (server/config.ts):
 * unset or empty is the default; anything else outside [min, max] stops the server as it starts, naming the
 * variable (not at the first job, as a 500, or silently as the queue's own default).
 */
export function jobSetting(
  env: NodeJS.ProcessEnv,
  key: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = env[key];
  if (raw === undefined || raw.trim() === '') return fallback;
  const v = Number(raw);
  if (!Number.isInteger(v) || v < min || v > max)
    throw new Error(`${key} must be a whole number in [${min}, ${max}], got '${raw}'`);
  return v;
}

/** A setting read once, when first asked (openHosted asks at start): a bad one stops the server there. */
const once = (read: () => number): (() => number) => {
  let v: number | undefined;
  return () => (v ??= read());
};
/**
 * How long a replica may hold a room before another may take it (a room of a big building: ~1 minute); the
 * queue's leases end within a day. Read when asked, not when this module loads: a bad value then stops the
 * server with its one line (main.ts), not a stack trace from the module loader.
 */
export const roomLeaseS = once(() => jobSetting(process.env, 'LUX_JOB_LEASE_S', 300, 1, 86_399));
/** Tries of a room after its first (a replica busy, stopping or killed). */
export const ROOM_RETRIES = 3;
/** How long a finished job's results are kept (LUX_JOB_RETAIN_HOURS). */
export const retainHours = once(() => jobSetting(process.env, 'LUX_JOB_RETAIN_HOURS', 72, 0, 24 * 366));

export type JobKind = 'run' | 'simulate';
export type JobState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

export interface JobRow {
  id: string;
  token: string;
  kind: JobKind;
  state: JobState;
  total: number;
  done: number;
  failed: number;
  created_at: Date;
  finished_at: Date | null;
  expires_at: Date;
  error: string | null;
  /** Whether it came from a building (an IFC file): it has the command line's files. */
  from_building: boolean;
}

export interface RoomMessage {
  job: string;
  index: number;
}

export async function startQueue(db: Database, maintenanceSeconds = 30): Promise<PgBoss> {
  // Replicas starting together may each create pg-boss's schema and the queue: PostgreSQL then refuses one
  // of them (a duplicate schema or key, or a deadlock); that one finds the work done with a fresh start.
  for (let attempt = 0; ; attempt++) {
    const boss = new PgBoss({
      db: { executeSql: (text: string, values?: unknown[]) => db.executeSql(text, values) },
      // How often expired rooms are failed (and so retried elsewhere) and old queue rows archived.
      maintenanceIntervalSeconds: maintenanceSeconds,
      monitorStateIntervalSeconds: 600,
    } as ConstructorParameters<typeof PgBoss>[0]);
    boss.on('error', (e) => console.error('lux jobs: queue error:', e.message));
    try {
      await boss.start();
      for (const queue of [ROOM_DEAD_LETTER, ROOM_QUEUE])
        if (!(await boss.getQueue(queue))) await boss.createQueue(queue);
      return boss;
    } catch (e) {
      await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
      const code = (e as { code?: string }).code ?? '';
      if (!['23505', '40P01', '42P06', '42710', '42P07'].includes(code) || attempt >= 5) throw e;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 400));
    }
  }
}

/** What every room of a job shares, stored once: the context (float32 positions) and a year of weather. */
export interface JobShared {
  mesh: Float32Array | null;
  /** An EPW's text, for the rooms that give none of their own. */
  weather?: string | null;
}

/**
 * A job's Idempotency-Key (server/idempotency.ts) and its request's digest: one job per token and key, kept
 * as long as the job is.
 */
export interface IdempotencyKey {
  key: string;
  digest: string;
}

export const keyReused = (key: string): LuxError =>
  new LuxError(
    'idempotency_key_reused',
    `Idempotency-Key '${key.slice(0, 80)}' was used with another request: a new request needs a new key`,
  );

/**
 * The job a token made with this key while it is kept, or null; the same key with another request is
 * refused (422).
 */
export async function jobOfKey(db: Database, owner: string, k: IdempotencyKey): Promise<string | null> {
  const [row] = await db.query<{ id: string; request_digest: string }>(
    `SELECT id, request_digest FROM lux_jobs WHERE token = $1 AND idempotency_key = $2
       AND (expires_at > now() OR state IN ('queued', 'running'))`,
    [owner, k.key],
  );
  if (row && row.request_digest !== k.digest) throw keyReused(k.key);
  return row?.id ?? null;
}

/**
 * Inserts a job's row with its key, in the transaction of `q`: a key whose job is past its retention (not
 * swept yet) is freed first. Null when another request made the job of this key meanwhile (a retry racing
 * the first try): the caller answers with that one.
 */
async function insertJob(
  q: Parameters<Parameters<Database['transaction']>[0]>[0],
  sql: string,
  params: unknown[],
  owner: string,
  k: IdempotencyKey | null,
): Promise<boolean> {
  if (!k) {
    await q(sql, params);
    return true;
  }
  await q(
    `UPDATE lux_jobs SET idempotency_key = NULL WHERE token = $1 AND idempotency_key = $2
       AND expires_at <= now() AND state NOT IN ('queued', 'running')`,
    [owner, k.key],
  );
  // ON CONFLICT on the partial unique index: the second of two racing tries inserts nothing.
  const rows = await q(
    `${sql} ON CONFLICT (token, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING RETURNING 1`,
    params,
  );
  return rows.length > 0;
}

/** Stores a job and queues its rooms; returns its id (with a key already used: that key's job's). */
export async function createJob(
  db: Database,
  boss: PgBoss,
  /** The owner (tokenStore.ts ownerOf) and the token's name (usage). */
  token: { owner: string; name: string },
  kind: JobKind,
  rooms: readonly unknown[],
  { mesh, weather = null }: JobShared,
  /** What the job was made from, for its files (an IFC job's building: ifcJob.ts). */
  source: object | null = null,
  key: IdempotencyKey | null = null,
): Promise<string> {
  const id = randomUUID();
  const expires = new Date(Date.now() + retainHours() * 3_600_000);
  const made = await db.transaction(async (q) => {
    const inserted = await insertJob(
      q,
      `INSERT INTO lux_jobs (id, token, token_name, kind, state, total, mesh, source, expires_at, weather,
         idempotency_key, request_digest)
       VALUES ($1, $2, $8, $3, 'queued', $4, $5, $6::jsonb, $7, $9, $10, $11)`,
      [
        id,
        token.owner,
        kind,
        rooms.length,
        mesh ? Buffer.from(mesh.buffer, mesh.byteOffset, mesh.byteLength) : null,
        source ? JSON.stringify(source) : null,
        expires,
        token.name,
        weather,
        key?.key ?? null,
        key?.digest ?? null,
      ],
      token.owner,
      key,
    );
    if (!inserted) return false;
    for (let a = 0; a < rooms.length; a += 500) {
      const part = rooms.slice(a, a + 500);
      await q(
        `INSERT INTO lux_job_rooms (job_id, idx, request) VALUES ${part.map((_, i) => `($1, $${2 * i + 2}, $${2 * i + 3})`).join(', ')}`,
        [id, ...part.flatMap((r, i) => [a + i, JSON.stringify(r)])],
      );
    }
    // Its rooms' messages in the same transaction: no job is left queued without them (a failure between
    // the two), and their ids are known from the rooms (roomMessageId), so that a cancel can withdraw them.
    await boss.insert(
      rooms.map((_, index) => ({
        id: roomMessageId(id, index),
        name: ROOM_QUEUE,
        data: { job: id, index } satisfies RoomMessage,
        expireInSeconds: roomLeaseS(),
        retryLimit: ROOM_RETRIES,
        retryDelay: 1,
        deadLetter: ROOM_DEAD_LETTER,
      })),
      queueIn(q),
    );
    return true;
  });
  if (!made) return (await jobOfKey(db, token.owner, key!))!;
  return id;
}

/** A job that failed before any room (a file that is not IFC): kept with its reason, like any job. */
export async function failedJob(
  db: Database,
  token: { owner: string; name: string },
  kind: JobKind,
  error: string,
  key: IdempotencyKey | null = null,
): Promise<string> {
  const id = randomUUID();
  const made = await db.transaction((q) =>
    insertJob(
      q,
      `INSERT INTO lux_jobs (id, token, token_name, kind, state, total, error, finished_at, expires_at,
         idempotency_key, request_digest)
       VALUES ($1, $2, $6, $3, 'failed', 0, $4, now(), $5, $7, $8)`,
      [id, token.owner, kind, error, retainedFrom(), token.name, key?.key ?? null, key?.digest ?? null],
      token.owner,
      key,
    ),
  );
  return made ? id : (await jobOfKey(db, token.owner, key!))!;
}

/** A token's job, or null (another token's job is as unknown as a missing one). */
export async function jobOf(db: Database, id: string, token: string): Promise<JobRow | null> {
  const [row] = await db.query<JobRow>(
    `SELECT id, token, kind, state, total, done, failed, created_at, finished_at, expires_at, error,
       source IS NOT NULL AS from_building
     FROM lux_jobs WHERE id = $1 AND token = $2 AND (expires_at > now() OR state IN ('queued', 'running'))`,
    [id, token],
  );
  return row ?? null;
}

export interface RoomResult {
  index: number;
  status: 'pending' | 'done' | 'failed' | 'cancelled';
  answer?: unknown;
  error?: string;
}

export async function jobRooms(db: Database, id: string, withAnswers: boolean): Promise<RoomResult[]> {
  const rows = await db.query<{
    idx: number;
    status: RoomResult['status'];
    answer: unknown;
    error: string | null;
  }>(
    `SELECT idx, status, ${withAnswers ? 'answer' : 'NULL AS answer'}, error FROM lux_job_rooms WHERE job_id = $1 ORDER BY idx`,
    [id],
  );
  return rows.map((r) => ({
    index: r.idx,
    status: r.status,
    ...(withAnswers && r.answer !== null ? { answer: r.answer } : {}),
    ...(r.error ? { error: r.error } : {}),
  }));
}

/**
 * Cancels a job that has not finished: its rooms not yet taken are not run any more; a room a replica is
 * running finishes, and its answer is kept and metered (the compute was spent). A room taken by a replica
 * that then died is marked cancelled when the queue hands it out again (runner.ts). `error`: why, when it
 * is not the client's own DELETE (its token revoked).
 *
 * The rooms not taken leave the queue with it, in the same transaction (pg-boss's cancel): left there, every
 * worker of every replica fetched and skipped them one by one (~2 a second each), and the jobs queued after a
 * large one waited minutes behind its dead rooms. A taken room's message stays, so that the queue still
 * retries it if its replica dies (and the runner then marks it cancelled).
 */
export async function cancelJob(
  db: Database,
  boss: PgBoss,
  id: string,
  error: string | null = null,
): Promise<void> {
  await db.transaction(async (q) => {
    await q(
      `UPDATE lux_jobs SET state = 'cancelled', finished_at = now(), error = coalesce($2, error), expires_at = $3
       WHERE id = $1 AND state IN ('queued', 'running')`,
      [id, error, retainedFrom()],
    );
    const untaken = await q<{ idx: number }>(
      `UPDATE lux_job_rooms SET status = 'cancelled' WHERE job_id = $1 AND status = 'pending' AND attempts = 0
       RETURNING idx`,
      [id],
    );
    if (untaken.length)
      await boss.cancel(
        ROOM_QUEUE,
        untaken.map((r) => roomMessageId(id, r.idx)),
        queueIn(q),
      );
  });
}

/**
 * Forgets finished jobs past their retention (their rooms go with them). A job still queued or running is
 * kept however long it takes; its retention counts from when it ends (retainedFrom).
 */
export async function sweepJobs(db: Database): Promise<number> {
  const rows = await db.query(
    `DELETE FROM lux_jobs WHERE expires_at < now() AND state NOT IN ('queued', 'running') RETURNING id`,
  );
  return rows.length;
}

/** When a job that ends now stops being kept: LUX_JOB_RETAIN_HOURS after its end, not its start. */
export const retainedFrom = (end = Date.now()): Date => new Date(end + retainHours() * 3_600_000);
