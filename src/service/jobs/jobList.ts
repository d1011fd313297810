import { LuxError } from '../../core/errors';
import type { Database } from '../hosted/database';
import type { JobRow } from './jobs';

/**
 * A token's own jobs, most recent first (`GET /v2/jobs`): how a client that lost an answer (a 502 after its
 * POST, a crash) finds the job it made, by its Idempotency-Key or its time. Only the owner's jobs that are
 * still kept (as jobOf sees them); keyset pagination, so a job made meanwhile neither repeats nor skips one.
 */
export const MAX_LIST = 100;
export const DEFAULT_LIST = 20;

/** A job as the list gives it: its row's state and times (JobRow), and the key it was made with. */
export interface JobListItem extends Pick<
  JobRow,
  'id' | 'kind' | 'state' | 'total' | 'done' | 'failed' | 'created_at' | 'finished_at' | 'expires_at'
> {
  idempotency_key: string | null;
  /** created_at to the microsecond (a JS Date keeps milliseconds: two jobs of one millisecond would tie). */
  at_us: string;
}

export interface JobPage {
  jobs: JobListItem[];
  /** Where the next page starts; null on the last one. */
  next: string | null;
}

/** The opaque cursor: the last job's creation (microseconds since 1970) and id, base64url. */
const encodeCursor = (j: JobListItem): string => Buffer.from(`${j.at_us}|${j.id}`).toString('base64url');

/** The largest bigint: a cursor's microseconds past it would be the database's error (a 500), not a 400. */
const MAX_BIGINT = 9_223_372_036_854_775_807n;

function decodeCursor(cursor: string): { us: string; id: string } {
  const [us, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  // The id as this server draws them (printable ASCII; a NUL, which no PostgreSQL text holds, was a 500).
  if (
    rest.length ||
    !us ||
    !/^\d{1,19}$/.test(us) ||
    BigInt(us) > MAX_BIGINT ||
    !id ||
    !/^[\x21-\x7e]{1,64}$/.test(id)
  )
    throw new LuxError('validation_error', "Parameter 'cursor' is not one this server gave (next_cursor)");
  return { us, id };
}

/** `limit` as the query gives it: a whole number 1–MAX_LIST, DEFAULT_LIST when absent. */
export function listLimit(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_LIST;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 1 || n > MAX_LIST)
    throw new LuxError(
      'validation_error',
      `Parameter 'limit' must be a whole number from 1 to ${MAX_LIST}, got '${raw.slice(0, 40)}'`,
    );
  return n;
}

export async function listJobs(
  db: Database,
  owner: string,
  opts: { limit: number; cursor?: string | undefined; key?: string | undefined },
): Promise<JobPage> {
  const after = opts.cursor === undefined ? null : decodeCursor(opts.cursor);
  const at = `(extract(epoch FROM created_at) * 1000000)::bigint`;
  const rows = await db.query<JobListItem>(
    `SELECT id, kind, state, total, done, failed, created_at, finished_at, expires_at, idempotency_key,
       ${at}::text AS at_us
     FROM lux_jobs
     WHERE token = $1 AND (expires_at > now() OR state IN ('queued', 'running'))
       AND ($2::text IS NULL OR idempotency_key = $2)
       AND ($3::bigint IS NULL OR (${at}, id) < ($3::bigint, $4::text))
     ORDER BY ${at} DESC, id DESC
     LIMIT $5`,
    [owner, opts.key ?? null, after?.us ?? null, after?.id ?? null, opts.limit + 1],
  );
  const more = rows.length > opts.limit;
  const jobs = more ? rows.slice(0, opts.limit) : rows;
  return { jobs, next: more ? encodeCursor(jobs.at(-1)!) : null };
}
