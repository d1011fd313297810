import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/service/hosted/database';
import { postgresUnavailable, startPostgres, type RunningPostgres } from '../helpers/postgres';
import { startServer, type RunningServer } from '../helpers/server';
import { newToken, twoReplicas } from '../helpers/hosted';
import { mesh, rooms, api, finished, buildingForm, duplexOnCli } from '../helpers/jobs';

/**
 * Jobs (issue 37) on a real PostgreSQL shared by two replicas, one of them killed mid-job: every room
 * answered once, by the replica that took it.
 */
const token = newToken;

/** Waits until `n` of the job's rooms are answered (a minute at most). */
async function roomsDone(get: (p: string) => Promise<Response>, id: string, n: number): Promise<void> {
  const t0 = Date.now();
  while ((await (await get(`/v2/jobs/${id}`)).json()).progress.done < n) {
    if (Date.now() - t0 > 60_000) throw new Error('no progress');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const noPostgres = postgresUnavailable();
if (noPostgres) console.log(`jobs on PostgreSQL skipped: ${noPostgres}`);

describe.skipIf(noPostgres)('jobs on PostgreSQL, two replicas', () => {
  let pg: RunningPostgres;
  let one: RunningServer, two: RunningServer;
  let stop: () => Promise<void>;
  const env = {
    LUX_WORKERS: '1',
    // A short lease and a quick sweep, so that a killed replica's room goes elsewhere within seconds.
    LUX_JOB_LEASE_S: '4',
    LUX_JOB_MAINTENANCE_S: '1',
    LUX_KEEP_ALIVE_MS: '300000',
  };

  beforeAll(async () => {
    pg = await startPostgres();
    ({
      replicas: [one, two],
      stop,
    } = await twoReplicas(pg, env));
  }, 180_000);
  afterAll(() => stop?.());

  it('shares one job’s rooms between the replicas, and finishes it with every room once when one is killed', async () => {
    const t = token(pg.url, 'office');
    await new Promise((r) => setTimeout(r, 2_100));
    const a = api(one.url, t);
    const job = await (await a.post('/v2/jobs', { rooms: rooms(16), kind: 'simulate', mesh })).json();
    const db = await openDatabase(pg.url);
    try {
      const byReplica = () =>
        db.query<{ replica: string; n: number }>(
          `SELECT replica, count(*) AS n FROM lux_job_rooms
           WHERE job_id = $1 AND replica IS NOT NULL GROUP BY replica`,
          [job.job_id],
        );
      // Let both replicas answer rooms, then kill one outright, mid-room. Waiting for a count of rooms
      // instead let the first replica answer them all on a loaded machine before the second took one.
      const t0 = Date.now();
      while ((await byReplica()).length < 2) {
        if (Date.now() - t0 > 60_000)
          throw new Error('the two replicas did not both answer a room in a minute');
        await new Promise((r) => setTimeout(r, 100));
      }
      process.kill(-two.proc.pid, 'SIGKILL');
      const end = await finished(a.get, job.job_id, 120_000);
      expect(end).toMatchObject({ state: 'done', progress: { total: 16, done: 16, failed: 0 } });
      const rows = await byReplica();
      expect(rows.length).toBe(2); // both answered rooms
      expect(rows.reduce((s, r) => s + Number(r.n), 0)).toBe(16);
    } finally {
      await db.close();
    }
  }, 180_000);

  it('takes a real IFC export as an office would: a replica killed mid-job, every room answered once, the command line’s numbers', async () => {
    // A second replica again beside the first (the one before was killed).
    const three = await startServer({ LUX_DATABASE_URL: pg.url, ...env });
    try {
      const t = token(pg.url, 'architect');
      await new Promise((r) => setTimeout(r, 2_100));
      const a = api(one.url, t);
      const made = await fetch(`${one.url}/v2/jobs`, {
        method: 'POST',
        body: buildingForm('test/fixtures/ifc/duplex.ifc', { quality: 'draft', file_name: 'duplex.ifc' }),
        headers: { authorization: `Bearer ${t}` },
      });
      const job = await made.json();
      expect(made.status).toBe(202);
      await roomsDone(a.get, job.job_id, 2);
      process.kill(-three.proc.pid, 'SIGKILL');
      const end = await finished(a.get, job.job_id, 120_000);
      expect(end).toMatchObject({ state: 'done', progress: { failed: 0 } });
      expect(end.progress.done).toBe(end.progress.total);
      const db = await openDatabase(pg.url);
      try {
        // Each room written once, by the replica that answered it.
        const [row] = await db.query<{ answered: number }>(
          `SELECT count(*) FILTER (WHERE status = 'done' AND replica IS NOT NULL) AS answered
           FROM lux_job_rooms WHERE job_id = $1`,
          [job.job_id],
        );
        expect(Number(row!.answered)).toBe(end.progress.total);
      } finally {
        await db.close();
      }
      expect(await (await a.get(`/v2/jobs/${job.job_id}/result.csv`)).text()).toBe(duplexOnCli().csv);
    } finally {
      await three.stop().catch(() => undefined);
    }
  }, 240_000);
});
