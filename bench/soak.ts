/**
 * Soak (issue 18 §6): mixed hostile traffic against the built server for a few minutes, on loopback, and
 * the verdict. Not part of `npm test` (it runs minutes); `npm run soak -- [--seconds 120] [--idle 60]`.
 *
 * At once, for --seconds: small valid requests (the light lane) timed for their p99; engine runs and
 * 100 000-triangle JSON contexts (the heavy lane); bodies over the limit; clients trickling a byte a second
 * and sockets that never send; the fuzzer's hostile bodies on every route; health polled every 500 ms.
 * Then --idle seconds without traffic and the server's resident memory.
 *
 * Passes when: no 5xx other than the deliberate 503 (busy) / 504; every health poll answered within 2 s;
 * small requests' p99 under 1.5 s; resident memory after the idle period under MEMORY_BOUND_MB. The small
 * requests' times are given as the server logged them (bench/accessLog.ts) and as their client saw them;
 * the bound is on the client's. They go to /v1 (the same API), the fuzzer to /v2, so the log tells them apart.
 * Exit code 1 otherwise. The report goes to bench/soak.json, which `npm run bench` puts into docs/benchmarks.md.
 */
import { writeFileSync } from 'node:fs';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { ROUTES } from '../src/service/operations';
import { EXAMPLE_BODIES } from '../test/helpers/exampleBodies';
import { fuzzCase } from '../test/helpers/fuzzBodies';
import { rssBytes } from '../test/helpers/processes';
import { seededRandom } from '../test/helpers/seededRandom';
import { startServer } from '../test/helpers/server';
import { percentiles } from '../test/helpers/loadClient';
import { AccessLog } from './accessLog';
import { BENCH_ROOM, cityMesh } from './scenes';

const MEMORY_BOUND_MB = 600;
const SMALL_P99_MS = 1_500;
const MAX_BODY = 16 * 2 ** 20;

const { values: opt } = parseArgs({
  options: { seconds: { type: 'string', default: '120' }, idle: { type: 'string', default: '60' } },
});
const seconds = Number(opt.seconds);
const idleSeconds = Number(opt.idle);

const statuses: Record<string, number> = {};
const count = (what: string, status: number) => {
  const k = `${what} ${status}`;
  statuses[k] = (statuses[k] ?? 0) + 1;
};

async function send(
  url: string,
  path: string,
  body: BodyInit,
  contentType: string | null = 'application/json',
) {
  try {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      body,
      headers: contentType ? { 'content-type': contentType } : {},
      signal: AbortSignal.timeout(90_000),
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0; // connection cut: counted apart
  }
}

async function main() {
  const server = await startServer({
    LUX_WORKERS: '2',
    LUX_MAX_BODY_BYTES: String(MAX_BODY),
    LUX_HEADERS_TIMEOUT_MS: '5000',
    LUX_BODY_TIMEOUT_MS: '10000',
    LUX_LOG: 'on',
  });
  const log = new AccessLog(server.proc.child.stdout!);
  const { url } = server;
  const port = Number(new URL(url).port);
  const until = Date.now() + seconds * 1_000;
  const running = () => Date.now() < until;
  const rss0 = rssBytes(server.proc.pid);

  const small: number[] = [];
  const smallBodies = (['/stats', '/get-reference-point', '/obstruction_all', '/run'] as const).map((p) => ({
    path: `/v1${p}`,
    body: JSON.stringify(EXAMPLE_BODIES[p]![0]),
  }));
  const smallClient = async () => {
    for (let i = 0; running(); i++) {
      const b = smallBodies[i % smallBodies.length]!;
      const t0 = performance.now();
      count('small', await send(url, b.path, b.body));
      small.push(performance.now() - t0);
      await sleep(50);
    }
  };

  const simulate = JSON.stringify({
    model_type: 'df_default',
    parameters: BENCH_ROOM,
    quality: 'draft',
    mesh: cityMesh(2_000, 3),
  });
  const bigContext = JSON.stringify({
    room_polygon: BENCH_ROOM.room_polygon,
    windows: BENCH_ROOM.windows,
    mesh: cityMesh(100_000, 5),
  });
  const heavyClient = async () => {
    for (let i = 0; running(); i++)
      count(
        'heavy',
        await send(url, i % 2 ? '/v2/simulate' : '/v2/obstruction_all', i % 2 ? simulate : bigContext),
      );
  };

  const oversize = new Uint8Array(MAX_BODY + 1024).fill(0x20);
  const oversizeClient = async () => {
    while (running()) {
      count('oversize', await send(url, '/v2/obstruction_all', oversize));
      await sleep(500);
    }
  };

  let cut = 0;
  const slowClients = async () => {
    while (running()) {
      const sockets = Array.from({ length: 20 }, (_, i) => {
        const s = net.connect(port, '127.0.0.1');
        s.on('error', () => {});
        s.on('close', () => cut++);
        if (i % 2)
          s.on('connect', () => {
            s.write(
              'POST /v2/stats HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 9999\r\n\r\n',
            );
            const iv = setInterval(() => s.writable && s.write(' '), 1000);
            s.on('close', () => clearInterval(iv));
          });
        return s;
      });
      await sleep(15_000);
      for (const s of sockets) s.destroy();
    }
  };

  const rng = seededRandom(20261125);
  const fuzzClient = async () => {
    for (let i = 0; running(); i++) {
      const route = ROUTES[i % ROUTES.length]!;
      const c = fuzzCase(rng, rng.pick(EXAMPLE_BODIES[route.path] ?? [{}]));
      count('fuzz', await send(url, `/v2${route.path}`, c.bytes, c.contentType));
    }
  };

  const healthLate: number[] = [];
  const healthPoll = async () => {
    while (running()) {
      const t0 = performance.now();
      try {
        const res = await fetch(`${url}/v2/`, { signal: AbortSignal.timeout(2_000) });
        if (!res.ok) healthLate.push(-res.status);
        await res.arrayBuffer();
      } catch {
        healthLate.push(performance.now() - t0);
      }
      await sleep(500);
    }
  };

  const t0 = performance.now();
  await Promise.all([
    smallClient(),
    smallClient(),
    heavyClient(),
    heavyClient(),
    oversizeClient(),
    slowClients(),
    fuzzClient(),
    fuzzClient(),
    healthPoll(),
  ]);
  const ran = (performance.now() - t0) / 1000;
  const smallServer = log
    .take()
    .filter((r) => r.method === 'POST' && r.path.startsWith('/v1/'))
    .map((r) => r.ms);
  const rssEnd = rssBytes(server.proc.pid);
  await sleep(idleSeconds * 1_000);
  const rssIdle = rssBytes(server.proc.pid);
  await server.stop();

  small.sort((a, b) => a - b);
  const p = (q: number) => small[Math.min(small.length - 1, Math.floor(q * small.length))] ?? NaN;
  const bad = Object.entries(statuses).filter(([k]) => {
    const s = Number(k.split(' ')[1]);
    return s >= 500 && s !== 503 && s !== 504;
  });
  const MB = 2 ** 20;
  const report = {
    seconds: +ran.toFixed(0),
    statuses,
    small_ms: { n: small.length, p50: +p(0.5).toFixed(0), p99: +p(0.99).toFixed(0), max: +p(1).toFixed(0) },
    small_server_ms: { n: smallServer.length, ...percentiles(smallServer) },
    slow_sockets_closed: cut,
    health_failures: healthLate.length,
    rss_mb: {
      start: +(rss0 / MB).toFixed(0),
      end_of_traffic: +(rssEnd / MB).toFixed(0),
      after_idle: +(rssIdle / MB).toFixed(0),
    },
  };
  console.log(JSON.stringify(report, null, 2));
  const verdict = {
    date: new Date().toISOString(),
    ...report,
    bounds: { small_p99_ms: SMALL_P99_MS, rss_after_idle_mb: MEMORY_BOUND_MB, idle_s: idleSeconds },
  };
  const failures = [
    ...bad.map(([k, n]) => `${n} × ${k}`),
    ...(healthLate.length ? [`health failed ${healthLate.length} times`] : []),
    ...(p(0.99) > SMALL_P99_MS ? [`small requests' p99 ${p(0.99).toFixed(0)} ms > ${SMALL_P99_MS}`] : []),
    ...(rssIdle / MB > MEMORY_BOUND_MB
      ? [`memory after idle ${(rssIdle / MB).toFixed(0)} MB > ${MEMORY_BOUND_MB}`]
      : []),
  ];
  writeFileSync('bench/soak.json', JSON.stringify({ ...verdict, failures }, null, 2) + '\n');
  if (failures.length) {
    console.error(`soak FAILED: ${failures.join('; ')}`);
    process.exit(1);
  }
  console.log('soak passed');
}

await main();
