import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StaticTokenStore } from '../../src/server/auth';
import { openHosted, type Hosted } from '../../src/service/hosted/hosted';
import { createToken } from '../../src/service/hosted/tokens';
import { createJob } from '../../src/service/jobs/jobs';
import { jobStopWaitMs } from '../../src/service/jobs/runner';
import type { TaskResponse } from '../../src/service/task';

/**
 * A stopping replica lets the rooms it holds finish, but no longer than a room may run: the request
 * timeout (LUX_REQUEST_TIMEOUT_MS, after which its run is aborted) or its lease (LUX_JOB_LEASE_S, after
 * which another replica takes it), and a moment to write the answer. It waited a fixed 60 s, longer than
 * the process manager's grace when the timeout is short, and too short when it is long.
 */
let hosted: Hosted | null = null;
afterAll(async () => {
  await hosted?.close();
});

describe('stopping the job runner', () => {
  it('waits for a room in progress as long as the request timeout allows, not 60 s', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lux-jobs-stop-'));
    hosted = await openHosted({ LUX_DATABASE_URL: join(dir, 'lux.db') }, new StaticTokenStore([]), 1_000);
    const db = hosted!.db;
    await createToken(db, 'stopper', ['*']);
    const [t] = await db.query<{ id: number }>("SELECT id FROM lux_tokens WHERE name = 'stopper'");
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    // A room that never ends on its own (its request's abort is main.ts's, not the runner's).
    await hosted!.runJobs(() => {
      started();
      return new Promise<TaskResponse>(() => {});
    }, 1);
    await createJob(db, hosted!.jobs!, { owner: `db:${t!.id}`, name: 'stopper' }, 'run', [{}], {
      mesh: null,
    });
    await running;
    const t0 = Date.now();
    await hosted!.stopJobs();
    const waited = Date.now() - t0;
    expect(waited).toBeLessThan(jobStopWaitMs(1_000) + 1_500);
  }, 40_000);

  it('is the shorter of the request timeout and the lease, with a margin to write the answer', () => {
    expect(jobStopWaitMs(60_000, 300)).toBe(62_000);
    expect(jobStopWaitMs(600_000, 300)).toBe(302_000);
    expect(jobStopWaitMs(1_000, 300)).toBe(3_000);
  });
});
