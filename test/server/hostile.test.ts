import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cityMesh } from '../../bench/scenes';
import { EXAMPLE_BODIES } from '../helpers/exampleBodies';
import { hall } from '../helpers/halls';
import { startServer, type RunningServer } from '../helpers/server';
import { post as postInProcess, testApp } from './inProcess';

/**
 * Issue 18 on the built server: slow and idle clients are cut (408, closed), connections are capped,
 * small requests do not queue behind engine runs, a busy server says when to retry, and a request past a
 * thread's heap is refused without taking the server down.
 */
const post = (url: string, path: string, body: unknown) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });

/** A raw socket: what it received and when it closed (ms after `t0`). */
function rawClient(port: number, send: (s: net.Socket) => void) {
  const t0 = performance.now();
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(performance.now() - t0)));
  socket.on('data', (d) => (received += d.toString()));
  socket.on('error', () => {});
  socket.on('connect', () => send(socket));
  return { socket, closed, received: () => received };
}

/** A hall simulated at high quality: many seconds of engine work on one thread. */
const slowSimulation = hall(30, 20);

describe('slow and idle clients', () => {
  let server: RunningServer;
  let port: number;
  beforeAll(async () => {
    server = await startServer({
      LUX_HEADERS_TIMEOUT_MS: '1000',
      LUX_BODY_TIMEOUT_MS: '2000',
      LUX_MAX_CONNECTIONS: '20',
    });
    port = Number(new URL(server.url).port);
  });
  afterAll(() => server?.stop());

  it('cuts a body trickling at a byte a second, an idle socket and half-sent headers with 408', async () => {
    const trickle = rawClient(port, (s) => {
      s.write(
        'POST /v2/stats HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n',
      );
      const iv = setInterval(() => s.writable && s.write(' '), 1000);
      s.on('close', () => clearInterval(iv));
    });
    const idle = rawClient(port, () => {});
    const half = rawClient(port, (s) => s.write('GET /v2/ HTTP/1.1\r\nHost: x\r\n'));
    const [t1, t2, t3] = await Promise.all([trickle.closed, idle.closed, half.closed]);
    // Limits 1 s (headers) and 2 s (whole request), checked every second: closed within ~3 s.
    expect(t1).toBeLessThan(4_500);
    expect(t2).toBeLessThan(3_500);
    expect(t3).toBeLessThan(3_500);
    expect(trickle.received()).toMatch(/^HTTP\/1\.1 408/);
    expect(half.received()).toMatch(/^HTTP\/1\.1 408/);
    // The server itself is unharmed.
    expect((await fetch(`${server.url}/v2/`)).status).toBe(200);
  }, 20_000);

  it('caps open connections: past LUX_MAX_CONNECTIONS new ones are closed at once', async () => {
    const held = Array.from({ length: 20 }, () => rawClient(port, () => {}));
    await new Promise((r) => setTimeout(r, 300));
    const extra = rawClient(port, () => {});
    expect(await extra.closed).toBeLessThan(500);
    for (const c of held) c.socket.destroy();
    await Promise.all(held.map((c) => c.closed));
    await new Promise((r) => setTimeout(r, 100));
    expect((await fetch(`${server.url}/v2/`)).status).toBe(200);
  }, 20_000);
});

describe('lanes and back-pressure', () => {
  let server: RunningServer;
  beforeAll(async () => {
    // Two threads; heavy work may hold one of them (LUX_HEAVY_WORKERS' default), the other is kept free.
    server = await startServer({ LUX_WORKERS: '2', LUX_MAX_QUEUE: '1', LUX_REQUEST_TIMEOUT_MS: '20000' });
  });
  afterAll(() => server?.stop());

  it('serves small requests at once while heavy work holds its share, and answers a full queue with 503 + Retry-After', async () => {
    const gone = new AbortController();
    const running = fetch(`${server.url}/v2/simulate`, {
      method: 'POST',
      body: JSON.stringify(slowSimulation),
      headers: { 'content-type': 'application/json' },
      signal: gone.signal,
    }).catch(() => null);
    const queued = fetch(`${server.url}/v2/simulate`, {
      method: 'POST',
      body: JSON.stringify(slowSimulation),
      headers: { 'content-type': 'application/json' },
      signal: gone.signal,
    }).catch(() => null);
    await new Promise((r) => setTimeout(r, 1500));
    // Heavy work: one running on its one thread, one waiting (LUX_MAX_QUEUE 1) although a thread is
    // free — a third is refused at once.
    const refused = await post(server.url, '/v2/simulate', slowSimulation);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('2');
    // Light work answers meanwhile on the thread kept from heavy work: geometry, statistics, a one-window
    // /obstruction_all.
    for (const [path, body] of [
      ['/v2/get-reference-point', EXAMPLE_BODIES['/get-reference-point']![0]],
      ['/v2/stats', EXAMPLE_BODIES['/stats']![0]],
      ['/v2/obstruction_all', EXAMPLE_BODIES['/obstruction_all']![0]],
    ] as const) {
      const t0 = performance.now();
      const res = await post(server.url, path, body);
      expect(res.status, path).toBe(200);
      expect(performance.now() - t0, path).toBeLessThan(5_000);
    }
    gone.abort();
    await Promise.all([running, queued]);
  }, 60_000);
});

describe('the cost estimate', () => {
  // LUX_REQUEST_TIMEOUT_MS 60 s, LUX_COST_FACTOR 2: what is estimated above 2 minutes is refused.
  const app = testApp({ requestTimeoutMs: 60_000, costFactor: 2 });

  it('refuses a simulation that cannot finish within the time-out at once, naming the way out', async () => {
    for (const [w, d, q] of [
      [200, 190, 'high'],
      [200, 200, 'standard'],
    ] as const) {
      const t0 = performance.now();
      const res = await postInProcess(app, '/v2/simulate', hall(w, d, q));
      expect(res.status).toBe(413);
      expect((await res.json()).error).toMatch(/estimated at ~\d+ s.*LUX_REQUEST_TIMEOUT_MS.*draft/);
      expect(performance.now() - t0).toBeLessThan(1_000);
    }
  });

  it('lets through what fits, and everything when the estimate is off', async () => {
    const fits = await postInProcess(app, '/v2/simulate', hall(6, 4, 'draft'));
    expect(fits.status).toBe(200);
    const off = testApp({ requestTimeoutMs: 1, costFactor: 0 });
    expect((await postInProcess(off, '/v2/simulate', hall(6, 4, 'draft'))).status).toBe(200);
  });
});

describe('memory', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ LUX_WORKER_HEAP_MB: '64', LUX_MAX_BODY_BYTES: String(128 * 2 ** 20) });
  });
  afterAll(() => server?.stop());

  it('refuses a request past a thread’s heap with 413, and serves the next one', async () => {
    const body = JSON.stringify({
      ...(EXAMPLE_BODIES['/obstruction_all']![0] as object),
      mesh: cityMesh(400_000, 3),
    });
    const res = await post(server.url, '/v2/obstruction_all', body);
    expect(res.status).toBe(413);
    expect((await res.json()).error).toMatch(/LUX_WORKER_HEAP_MB/);
    const next = await post(server.url, '/v2/obstruction_all', EXAMPLE_BODIES['/obstruction_all']![0]);
    expect(next.status).toBe(200);
  }, 60_000);
});
