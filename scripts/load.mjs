#!/usr/bin/env node
// Load and back-pressure check (quality.md §Robustness): many concurrent clients for a while against a
// built server, then status counts, latency percentiles and the server's memory before and after.
// Not part of the test suite (test/server/load.test.ts is its short version). See docs/deployment.md.
//
//   node scripts/load.mjs                          embedded server started here, 50 clients, 60 s, /stats
//   node scripts/load.mjs --mode multi             the same against multi.js (memory summed over its processes)
//   node scripts/load.mjs --url http://host:8080 --pid 1234 [--token T]   an already running server
//   options: --concurrency 50 --duration 60 --rounds 3 --warmup 10 --endpoints stats,get-reference-point,run
//            --max-rss-growth-mb 48 (120 with --mode multi: six heaps that each find their size)
// The duration is split into rounds; after each round and an idle pause (worker threads exit) the
// server's resident size is read. Exit code 1 when an answer other than 200 or the deliberate 503/504
// back-pressure comes back, or when memory is not flat: the last round's size above the first round's
// by more than the limit. (The first round grows the heap to its working size; a leak keeps growing.)
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';

const { values: opt } = parseArgs({
  options: {
    url: { type: 'string' },
    pid: { type: 'string' },
    token: { type: 'string' },
    mode: { type: 'string', default: 'embedded' },
    concurrency: { type: 'string', default: '50' },
    duration: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    endpoints: { type: 'string', default: 'stats' },
    'max-rss-growth-mb': { type: 'string' },
  },
});

// A 10 m x 10 m room at 0.1 m cells, as /run would return it.
const N = 100;
const grid = {
  df_matrix: Array.from({ length: N }, (_, r) =>
    Array.from({ length: N }, (_, c) => ((r * 7 + c * 13) % 50) / 10),
  ),
  room_mask: Array.from({ length: N }, (_, r) => Array.from({ length: N }, (_, c) => r > 5 || c > 5)),
};
const room = {
  room_polygon: [
    [0, 0],
    [5, 0],
    [5, 4],
    [0, 4],
  ],
  windows: { w1: { x1: 1, y1: 0, z1: 0.9, x2: 2, y2: 0, z2: 2.4, window_frame_ratio: 0.2 } },
};
const angles = (v) => Array.from({ length: 64 }, (_, i) => v + (i % 8));
const BODIES = {
  stats: grid,
  merge: { window_results: { a: grid, b: grid } },
  'get-reference-point': room,
  'calculate-direction': room,
  obstruction_all: {
    ...room,
    mesh: [
      [-10, -10, 0],
      [12, -10, 0],
      [12, -10, 8],
      [-10, -10, 0],
      [12, -10, 8],
      [-10, -10, 8],
    ],
  },
  // Angles given: the obstruction step is skipped (quality.md's load case).
  run: {
    model_type: 'df_default',
    parameters: { height_roof_over_floor: 3, floor_height_above_terrain: 0, ...room },
    horizon: angles(5),
    zenith: angles(10),
  },
};
const endpoints = opt.endpoints.split(',').map((e) => e.trim().replace(/^\//, ''));
for (const e of endpoints)
  if (!BODIES[e]) throw new Error(`no load body for '${e}'; known: ${Object.keys(BODIES).join(', ')}`);
const payloads = endpoints.map((e) => ({ path: `/v2/${e}`, body: JSON.stringify(BODIES[e]) }));

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = s.address();
        s.close(() => resolve(port));
      });
  });

/** Resident memory of the server: its process, plus its children in multi mode. */
function rssMb(pids) {
  let kb = 0;
  for (const pid of pids) {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    kb += m ? Number(m[1]) : 0;
  }
  return kb / 1024;
}
const childrenOf = (pid) =>
  readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return (
          readFileSync(`/proc/${d}/stat`, 'utf8')
            .replace(/^.*\) /, '')
            .split(' ')[1] === String(pid)
        );
      } catch {
        return false;
      }
    })
    .map(Number);

let server = null;
let url = opt.url;
let pids = opt.pid ? opt.pid.split(',').map(Number) : [];
const idleMs = Number(process.env.LUX_WORKER_IDLE_MS ?? 5_000) + 1_500;

if (!url) {
  const script = opt.mode === 'multi' ? 'dist/server/multi.js' : 'dist/server/main.js';
  if (!existsSync(script))
    throw new Error(`${script} is missing: run "node scripts/build-server.mjs --server-only" first`);
  const env = { ...process.env, LUX_LOG: 'silent' };
  const port = await freePort();
  env.PORT = String(port);
  if (opt.mode === 'multi')
    for (const c of ['OBSTRUCTION', 'ENCODER', 'MODEL', 'MERGER', 'STATS'])
      env[`LUX_${c}_PORT`] = String(await freePort());
  server = spawn(process.execPath, [script], { env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const up = await fetch(`${url}/v2/`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 200) throw new Error('the server did not start');
    await sleep(100);
  }
  if (opt.mode === 'multi') await sleep(1_500); // components answer their health a moment after the gateway
  pids = [server.pid, ...(opt.mode === 'multi' ? childrenOf(server.pid) : [])];
}
const headers = {
  'content-type': 'application/json',
  ...(opt.token ? { authorization: `Bearer ${opt.token}` } : {}),
};

async function burst(seconds, concurrency) {
  const until = Date.now() + seconds * 1_000;
  const statuses = {};
  const errorTypes = {};
  const latencies = [];
  let n = 0;
  const client = async () => {
    while (Date.now() < until) {
      const p = payloads[n++ % payloads.length];
      const t0 = performance.now();
      let status = 'network error';
      try {
        const res = await fetch(`${url}${p.path}`, { method: 'POST', headers, body: p.body });
        status = res.status;
        const text = await res.text();
        if (status !== 200) {
          const type = (() => {
            try {
              return JSON.parse(text).error_type;
            } catch {
              return 'not JSON';
            }
          })();
          errorTypes[`${status} ${type}`] = (errorTypes[`${status} ${type}`] ?? 0) + 1;
        }
      } catch (e) {
        errorTypes[`network ${e.cause?.code ?? e.message}`] =
          (errorTypes[`network ${e.cause?.code ?? e.message}`] ?? 0) + 1;
      }
      latencies.push(performance.now() - t0);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  latencies.sort((a, b) => a - b);
  const q = (f) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(f * latencies.length))] ?? 0);
  return {
    requests: latencies.length,
    perSecond: Math.round(latencies.length / seconds),
    statuses,
    errorTypes,
    latencyMs: { p50: q(0.5), p90: q(0.9), p99: q(0.99), max: q(1) },
  };
}

const concurrency = Number(opt.concurrency);
const rounds = Math.max(1, Number(opt.rounds));
const roundSeconds = Number(opt.duration) / rounds;
const measure = pids.length > 0;
console.log(
  `load: ${url} ${endpoints.join(', ')} x${concurrency}, warm-up ${opt.warmup} s, ${rounds} rounds of ${roundSeconds} s`,
);
await burst(Number(opt.warmup), concurrency);
await sleep(idleMs);
const baseline = measure ? rssMb(pids) : 0;
const limit = Number(opt['max-rss-growth-mb'] ?? (opt.mode === 'multi' ? 120 : 48));
const mb = (v) => +v.toFixed(1);
let ok = true;
const afterIdle = [];
for (let round = 1; round <= rounds; round++) {
  let peak = baseline;
  const sampler = measure ? setInterval(() => (peak = Math.max(peak, rssMb(pids))), 500) : null;
  const result = await burst(roundSeconds, concurrency);
  if (sampler) clearInterval(sampler);
  const afterRun = measure ? rssMb(pids) : 0;
  await sleep(idleMs);
  afterIdle.push(measure ? rssMb(pids) : 0);
  const unexpected = Object.entries(result.statuses).filter(([s]) => !['200', '503', '504'].includes(s));
  const rss = measure
    ? { baseline: mb(baseline), peak: mb(peak), afterRun: mb(afterRun), afterIdle: mb(afterIdle.at(-1)) }
    : 'no --pid given';
  console.log(JSON.stringify({ round, ...result, rssMb: rss }, null, 2));
  if (unexpected.length)
    console.log(`round ${round}: unexpected statuses ${unexpected.map(([s, n]) => `${s} x${n}`).join(', ')}`);
  if (!(result.statuses[200] > 0)) console.log(`round ${round}: no request succeeded`);
  ok &&= unexpected.length === 0 && result.statuses[200] > 0;
}
if (measure) {
  const drift = afterIdle.at(-1) - afterIdle[0];
  console.log(
    `memory: ${mb(baseline)} MB after the warm-up, ${afterIdle.map(mb).join(' -> ')} MB after each round (flat within ${limit} MB)`,
  );
  if (drift > limit) {
    console.log(`memory grew by ${mb(drift)} MB from the first round to the last`);
    ok = false;
  }
}
console.log(ok ? 'load: OK' : 'load: FAILED');
if (server) server.kill('SIGTERM');
process.exit(ok ? 0 : 1);
