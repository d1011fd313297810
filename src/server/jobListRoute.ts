import { listJobs, listLimit, type JobListItem } from '../service/jobs/jobList';
import type { Database } from '../service/hosted/database';
import { idempotencyKey } from './idempotency';

/**
 * `GET /v2/jobs?limit=&cursor=&idempotency_key=`: the calling token's jobs, most recent first (jobList.ts).
 * Each as a row of a table (no problems, no results: `GET /v2/jobs/{id}` has them), with its URL.
 */
const item = (base: string) => (j: JobListItem) => ({
  job_id: j.id,
  url: `${base}/jobs/${j.id}`,
  kind: j.kind,
  state: j.state,
  progress: { total: j.total, done: j.done, failed: j.failed },
  idempotency_key: j.idempotency_key,
  created_at: new Date(j.created_at).toISOString(),
  finished_at: j.finished_at ? new Date(j.finished_at).toISOString() : null,
  expires_at: new Date(j.expires_at).toISOString(),
});

export async function jobListAnswer(
  db: Database,
  owner: string,
  base: string,
  query: (name: string) => string | undefined,
) {
  const limit = listLimit(query('limit'));
  // The key as the header gives it (quoted or bare), so a client looks up with what it sent.
  const key = idempotencyKey(query('idempotency_key'), "Parameter 'idempotency_key'");
  const page = await listJobs(db, owner, { limit, cursor: query('cursor'), key });
  return { status: 'success' as const, jobs: page.jobs.map(item(base)), next_cursor: page.next };
}
