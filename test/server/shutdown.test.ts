import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/service/hosted/database';
import { newEmbeddedDatabase } from '../helpers/embeddedDatabase';
import { EXAMPLE_BODIES } from '../helpers/exampleBodies';
import { newTokenAsync } from '../helpers/hosted';
import { api, mesh, rooms } from '../helpers/jobs';
import { startMulti, startServer, type RunningServer } from '../helpers/server';
import { waitFor } from '../helpers/processes';

/**
 * A replica stopped with SIGTERM (a deploy, `docker stop`, a load balancer draining it): the calls it has
 * taken are answered, not cut off, in every mode; and it takes no new room of a job while it waits for them.
 */

// A /simulate of a hall at high quality: a 30 × 20 m one runs ~3.5 s on the 2-core VM.
const example = EXAMPLE_BODIES['/simulate']![0] as { parameters: object };
const hallOf = (x: number, y: number) => ({
  ...example,
  quality: 'high',
  parameters: {
    ...example.parameters,
    room_polygon: [
      [0, 0],
      [x, 0],
      [x, y],
      [0, y],
    ],
  },
});
const slowSimulate = hallOf(30, 20);

const simulate = (url: string, token: string | null, body: object = slowSimulate) =>
  fetch(`${url}/v2/simulate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

/** Resolves once the server is computing (or queueing) a request: it has taken it. */
const taken = (s: RunningServer) =>
  waitFor('the request to be taken', async () => {
    const h = (await (await fetch(`${s.url}/v2/`)).json()) as { in_flight: number };
    return h.in_flight > 0 ? true : undefined;
  });

const exited = (s: RunningServer) =>
  new Promise<number | null>((resolve) =>
    s.proc.alive() ? s.proc.child.once('exit', (code) => resolve(code)) : resolve(s.proc.child.exitCode),
  );

describe('a server stopped with SIGTERM', () => {
  // The last test's server starts while the first two run: a hosted one on a new embedded database (its
  // start, migrations and queue, and the token's command, are seconds of a core).
  let hostedStarted: Promise<{ db: string; token: string; server: RunningServer }>;
  beforeAll(() => {
    const db = newEmbeddedDatabase('lux-shutdown-');
    hostedStarted = newTokenAsync(db, 'office').then(async (token) => ({
      db,
      token,
      server: await startServer({ LUX_DATABASE_URL: db, LUX_WORKERS: '2' }),
    }));
    // A failed start is the failure of the test that awaits it, not an unhandled rejection.
    hostedStarted.catch(() => undefined);
  });
  // The test stops its server; this, should the test not have got to it.
  afterAll(() =>
    hostedStarted.then(
      ({ server }) => server.stop(),
      () => undefined,
    ),
  );

  // The first two at once: each keeps one thread busy for seconds with its one long request.
  it.concurrent(
    'answers the request it is computing, then exits (a self-hosted server, no database)',
    async ({ expect }) => {
      const server = await startServer({ LUX_WORKERS: '2' });
      try {
        const answer = simulate(server.url, null);
        await taken(server);
        const exit = exited(server);
        process.kill(server.proc.pid, 'SIGTERM');
        const res = await answer;
        expect(res.status).toBe(200);
        expect(await res.json()).toMatchObject({ status: 'success' });
        expect(await exit).toBe(0);
      } finally {
        await server.stop();
      }
    },
    120_000,
  );

  it.concurrent(
    'in multi-process mode, stops the gateway first and gives it the request timeout: a call of several seconds is answered',
    async ({ expect }) => {
      // A 40 × 30 m hall: ~7–10 s on the 2-core VM, past the 5 s the supervisor used to allow.
      const hall = hallOf(40, 30);
      const multi = await startMulti({ LUX_WORKERS: '1' });
      try {
        // The gateway routes to a component only once its own probe found it ready (it probed at its start,
        // perhaps before they were up: "the model component is not reachable", 503, until its next probe).
        await waitFor('the gateway to see every component ready', async () => {
          const h = (await (await fetch(`${multi.url}/v2/`)).json()) as { status: string };
          return h.status === 'running' ? true : undefined;
        });
        const answer = simulate(multi.url, null, hall);
        await taken(multi);
        const exit = exited(multi);
        process.kill(multi.proc.pid, 'SIGTERM'); // multi.js alone, as `docker stop` signals it
        const res = await answer;
        expect(res.status).toBe(200);
        expect(await res.json()).toMatchObject({ status: 'success' });
        expect(await exit).toBe(0);
        expect(multi.proc.output()).toMatch(/lux gateway: stopping/);
      } finally {
        await multi.stop();
      }
    },
    180_000,
  );

  it('takes no new room of a job while it answers its last calls, and leaves the rest queued', async () => {
    const { db, token, server } = await hostedStarted;
    const total = 60;
    let stoppedAt: Date;
    try {
      const a = api(server.url, token);
      const job = (await (await a.post('/v2/jobs', { kind: 'run', rooms: rooms(total), mesh })).json()) as {
        job_id: string;
      };
      // The replica is taking rooms.
      await waitFor(
        'a room answered',
        async () => {
          const j = (await (await a.get(`/v2/jobs/${job.job_id}`)).json()) as { progress: { done: number } };
          return j.progress.done > 0 ? true : undefined;
        },
        { timeoutMs: 60_000 },
      );
      const answer = simulate(server.url, token);
      await taken(server);
      const exit = exited(server);
      stoppedAt = new Date();
      process.kill(server.proc.pid, 'SIGTERM');
      expect((await answer).status).toBe(200);
      expect(await exit).toBe(0);
    } finally {
      await server.stop();
    }
    const d = await openDatabase(db);
    try {
      // A room's usage row carries when its run began: at most the rooms held at the signal (one a thread).
      const [late] = await d.query<{ n: number }>(
        `SELECT count(*) AS n FROM lux_usage WHERE route = '/jobs run' AND at > $1`,
        [stoppedAt],
      );
      expect(late!.n).toBeLessThanOrEqual(2);
      // Every room answered was metered once; the others wait, queued, for the next replica.
      const [rows] = await d.query<{ done: number; pending: number; failed: number; metered: number }>(
        `SELECT count(*) FILTER (WHERE status = 'done') AS done, count(*) FILTER (WHERE status = 'pending') AS pending,
           count(*) FILTER (WHERE status = 'failed') AS failed,
           (SELECT count(*) FROM lux_usage WHERE route = '/jobs run') AS metered
         FROM lux_job_rooms`,
      );
      expect(rows!.failed).toBe(0);
      expect(rows!.done + rows!.pending).toBe(total);
      expect(rows!.pending).toBeGreaterThan(0);
      expect(rows!.metered).toBe(rows!.done);
    } finally {
      await d.close();
    }
  }, 240_000);
});
