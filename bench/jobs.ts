import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchResult } from './harness';
import { startServer, type RunningServer } from '../test/helpers/server';
import { postgresUnavailable, startPostgres } from '../test/helpers/postgres';
import { openDatabase } from '../src/service/hosted/database';
import { migrate } from '../src/service/hosted/migrations';
import { createToken } from '../src/service/hosted/tokens';

/**
 * Buildings as jobs (issue 37 §5): the duplex at standard quality posted as a job to one server, against the
 * command line on the same machine; the same job over two replicas on one PostgreSQL (when this machine can
 * start one); and a 200-room building's throughput in rooms per second per core. Each job is timed from the
 * POST to the last room answered, as a client waits for it.
 */
const threads = Math.max(2, availableParallelism());

async function tokenFor(url: string): Promise<string> {
  const db = await openDatabase(url);
  await migrate(db);
  const t = await createToken(db, `bench-${Date.now()}`, ['*']);
  await db.close();
  return t;
}

async function jobSeconds(servers: RunningServer[], token: string, file: Uint8Array, quality: string) {
  const f = new FormData();
  f.append('params', JSON.stringify({ method: 'engine', quality, file_name: 'building.ifc' }));
  f.append('ifc', new Blob([file as Uint8Array<ArrayBuffer>]), 'building.ifc');
  const auth = { authorization: `Bearer ${token}` };
  const t0 = performance.now();
  const made = await fetch(`${servers[0]!.url}/v2/jobs`, { method: 'POST', body: f, headers: auth });
  if (made.status !== 202) throw new Error(`POST /v2/jobs: ${made.status} ${await made.text()}`);
  const { job_id: id } = (await made.json()) as { job_id: string };
  for (;;) {
    const j = (await (await fetch(`${servers[0]!.url}/v2/jobs/${id}`, { headers: auth })).json()) as {
      state: string;
      progress: { total: number; done: number; failed: number };
    };
    if (j.state === 'done' || j.state === 'failed')
      return { s: (performance.now() - t0) / 1000, ...j.progress };
    await new Promise((r) => setTimeout(r, 100));
  }
}

function cliSeconds(file: string, quality: string): number {
  const dir = mkdtempSync(join(tmpdir(), 'lux-bench-job-'));
  const t0 = performance.now();
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'src/cli/ifc.ts', file, '--out', dir, '--no-pdf', '--quality', quality],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`npm run ifc failed: ${r.stderr}`);
  return (performance.now() - t0) / 1000;
}

const one = (name: string, s: number, scene: Record<string, number | string>): BenchResult => ({
  name,
  median_ms: Math.round(s * 1000),
  min_ms: Math.round(s * 1000),
  max_ms: Math.round(s * 1000),
  runs: 1,
  scene,
});

export async function runJobBench(): Promise<BenchResult[]> {
  const out: BenchResult[] = [];
  const duplex = readFileSync('test/fixtures/ifc/duplex.ifc');
  const dir = mkdtempSync(join(tmpdir(), 'lux-bench-jobs-'));
  const db = join(dir, 'lux.db');
  const token = await tokenFor(db);
  const server = await startServer({ LUX_DATABASE_URL: db, LUX_KEEP_ALIVE_MS: '300000' });
  try {
    const cli = cliSeconds('test/fixtures/ifc/duplex.ifc', 'standard');
    const job = await jobSeconds([server], token, duplex, 'standard');
    out.push(one('duplex at standard, npm run ifc (this machine)', cli, { threads }));
    out.push({
      ...one('duplex at standard, as a job on one server', job.s, { rooms: job.total, threads }),
      peer: { name: 'npm run ifc', ms: Math.round(cli * 1000), ratio: Math.round((job.s / cli) * 100) / 100 },
    });
    const { stepFile } = await import('../test/ifc/stepFile');
    const { bigBuilding } = await import('../test/ifc/bigBuilding');
    // Five storeys of two rows of 20 rooms: 200 rooms with a window each.
    const many = new TextEncoder().encode(stepFile(bigBuilding(5, 20)));
    const big = await jobSeconds([server], token, many, 'draft');
    out.push(
      one(`${big.total}-room building at draft, as a job on one server`, big.s, {
        rooms: big.total,
        rooms_per_s_per_core: Math.round((big.total / big.s / threads) * 1000) / 1000,
        threads,
      }),
    );
  } finally {
    await server.stop();
  }
  const why = postgresUnavailable();
  if (why) {
    console.log(`two replicas on PostgreSQL not measured: ${why}`);
    return out;
  }
  const pg = await startPostgres();
  const pgToken = await tokenFor(pg.url);
  // Two replicas on this machine share its cores: each gets half of the threads.
  const half = String(Math.max(1, Math.floor(threads / 2)));
  const env = { LUX_DATABASE_URL: pg.url, LUX_WORKERS: half, LUX_KEEP_ALIVE_MS: '300000' };
  const replicas = await Promise.all([startServer(env), startServer(env)]);
  try {
    const job = await jobSeconds(replicas, pgToken, duplex, 'standard');
    out.push(
      one('duplex at standard, as a job on two replicas (PostgreSQL, half the threads each)', job.s, {
        rooms: job.total,
        threads,
      }),
    );
  } finally {
    await Promise.all(replicas.map((r) => r.stop()));
    await pg.stop();
  }
  return out;
}
