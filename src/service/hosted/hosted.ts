import type { TokenStore } from '../tokenStore';
import { databaseUrl, openDatabase, type Database } from './database';
import { databaseHealth, type DatabaseState } from './databaseHealth';
import { Limiter } from './limits';
import { migrate } from './migrations';
import { DatabaseTokenStore } from './tokens';
import { UsageMeter } from './usage';
import type PgBoss from 'pg-boss';
import { jobSetting, retainHours, roomLeaseS, startQueue } from '../jobs/jobs';
import { jobStopWaitMs, JobRunner, type RunRoom } from '../jobs/runner';

/**
 * Hosted mode as a server process holds it: the database, its tokens beside the static ones, the usage
 * meter and the limiter. A server opens a database when LUX_DATABASE_URL names one, or when the default
 * embedded one exists (`npm run tokens -- create` made it); a fresh self-hosted server has neither and
 * stays open, unmetered, as before.
 */
export interface Hosted {
  db: Database;
  tokens: DatabaseTokenStore;
  /** Null when LUX_METERING=off (the load test's baseline). */
  meter: UsageMeter | null;
  limiter: Limiter;
  /** Whether the database answers now (health; cached for a second). */
  databaseState(): Promise<DatabaseState>;
  /** The jobs' queue (issue 37); null when LUX_JOBS=off. */
  jobs: PgBoss | null;
  /** Starts this replica's share of the jobs' rooms. */
  runJobs(run: RunRoom, concurrency: number): Promise<void>;
  /** Takes no more rooms and lets the ones in progress finish (before the threads close). */
  stopJobs(): Promise<void>;
  close(): Promise<void>;
}

export async function openHosted(
  env: NodeJS.ProcessEnv,
  staticTokens: TokenStore,
  requestTimeoutMs: number,
): Promise<Hosted | null> {
  const url = databaseUrl(env);
  if (!url) return null;
  // The jobs' settings, read now: one the server cannot honour stops it as it starts (not at a first job).
  roomLeaseS();
  retainHours();
  const db = await openDatabase(url);
  await migrate(db);
  const meter = env.LUX_METERING === 'off' ? null : new UsageMeter(db);
  const jobs =
    env.LUX_JOBS === 'off'
      ? null
      : await startQueue(db, jobSetting(env, 'LUX_JOB_MAINTENANCE_S', 30, 1, 86_400));
  let runner: JobRunner | null = null;
  let jobsStopped = false;
  const stopJobs = async (): Promise<void> => {
    if (jobsStopped) return;
    jobsStopped = true;
    await (runner ? runner.stop() : jobs?.stop({ graceful: false, wait: true }));
  };
  return {
    db,
    tokens: new DatabaseTokenStore(db, staticTokens),
    meter,
    limiter: new Limiter(db, requestTimeoutMs + 5_000),
    databaseState: databaseHealth(db),
    jobs,
    async runJobs(run, concurrency) {
      if (!jobs) return;
      runner = new JobRunner(db, jobs, run, meter, undefined, jobStopWaitMs(requestTimeoutMs));
      await runner.start(concurrency);
    },
    stopJobs,
    async close() {
      await stopJobs();
      await meter?.close();
      await db.close();
    },
  };
}
