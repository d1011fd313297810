import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESH } from '../helpers/exampleBodies';
import { hall } from '../helpers/halls';
import { getHealth, startServer, type RunningServer } from '../helpers/server';
import { waitFor } from '../helpers/processes';

/**
 * LUX_REQUEST_TIMEOUT_MS on the real server: a simulation that runs past it answers 504 `timeout`, its
 * worker thread is terminated (piscina aborts by ending the thread), health answers meanwhile, and the
 * next request is served normally.
 */
let server: RunningServer;
beforeAll(async () => {
  // The cost estimate off: these tests need work that runs into the time-out or is abandoned.
  server = await startServer({ LUX_REQUEST_TIMEOUT_MS: '1500', LUX_WORKERS: '1', LUX_COST_FACTOR: '0' });
});
afterAll(() => server?.stop());

const post = async (path: string, body: unknown) => {
  const res = await fetch(`${server.url}${path}`, { method: 'POST', body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
};

describe('request time-out', () => {
  it('a simulation past the limit answers 504 and frees its worker', async () => {
    // A 600 m² hall at high quality takes far longer than 1.5 s on any machine this runs on.
    const slow = hall(30, 20);
    const pending = post('/v2/simulate', slow);
    // Health is answered on the event loop, not by the busy worker.
    expect((await getHealth(server.url)).service).toBe('lux');
    const r = await pending;
    expect(r).toEqual({
      status: 504,
      json: {
        status: 'error',
        error: 'Request took longer than 1500 ms (LUX_REQUEST_TIMEOUT_MS)',
        error_type: 'timeout',
      },
    });
    // Storing a mesh is heavy-lane work (lanes.ts), done in milliseconds once the thread is free.
    const quick = await post('/v2/meshes', { mesh: MESH });
    expect(quick.status).toBe(200);
  });
});

describe('a client that hangs up', () => {
  // Its own server with a long time-out: only the hang-up can free the single worker in time.
  let patient: RunningServer;
  beforeAll(async () => {
    patient = await startServer({
      // A time-out far beyond the test's: only the hang-up can free the worker within it.
      LUX_REQUEST_TIMEOUT_MS: '600000',
      LUX_WORKERS: '1',
      LUX_COST_FACTOR: '0',
    });
  });
  afterAll(() => patient?.stop());

  it('takes its work with it: the only worker is free for the next request at once', async () => {
    // Minutes of work at high quality on one thread (nine times the hall above; longer than the minute the
    // follow-up request is given).
    const huge = hall(90, 60);
    const gone = new AbortController();
    const abandoned = fetch(`${patient.url}/v2/simulate`, {
      method: 'POST',
      body: JSON.stringify(huge),
      signal: gone.signal,
    }).catch(() => 'aborted');
    // Hang up once the server has taken the request on (under a loaded test machine that can take seconds):
    // a hang-up before it reads the request is not seen (a gap noted in docs/deployment.md).
    await waitFor('the simulation in flight', async () => {
      const h = (await (await fetch(`${patient.url}/v2/`)).json()) as { in_flight: number };
      return h.in_flight >= 1 ? true : undefined;
    });
    await new Promise((r) => setTimeout(r, 200));
    gone.abort();
    expect(await abandoned).toBe('aborted');
    // With the work still running this would wait behind it for the 10-minute time-out; dropped, the
    // worker's thread is replaced and the request answers within seconds. (It used to hang when it reached
    // the server before the hang-up did: piscina started no thread for it; test/server/poolAbort.test.ts.)
    const t0 = performance.now();
    const quick = await fetch(`${patient.url}/v2/meshes`, {
      method: 'POST',
      body: JSON.stringify({ mesh: MESH }),
      signal: AbortSignal.timeout(30_000),
    }).catch(async (e: unknown) => {
      const h = await (await fetch(`${patient.url}/v2/`)).json();
      throw new Error(
        `the follow-up request did not answer in 30 s (${String(e)}); health: ${JSON.stringify(h)}`,
      );
    });
    expect(quick.status).toBe(200);
    expect(performance.now() - t0).toBeLessThan(30_000);
  }, 90_000);
});
