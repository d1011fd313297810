import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { EXAMPLE_BODIES } from './exampleBodies';
import { officeRow } from '../ifc/stepFile';
import { builtCli } from './build';
import type PgBoss from 'pg-boss';
import { createApp } from '../../src/server/app';
import { InlineExecutor } from '../../src/server/executor/local';
import type { Database } from '../../src/service/hosted/database';
import { databaseHealth } from '../../src/service/hosted/databaseHealth';
import { Limiter } from '../../src/service/hosted/limits';
import { DatabaseTokenStore } from '../../src/service/hosted/tokens';
import { ModelStatus } from '../../src/service/model/status';
import { StaticTokenStore } from '../../src/service/tokenStore';

// What the job tests (test/server/jobs*.test.ts) share: requests, a client, buildings and the command line.

// The example room against the example's context, which a job gives once for all its rooms.
export const { mesh, ...runBody } = EXAMPLE_BODIES['/run']![0] as Record<string, unknown>;
/** The example room with its window moved along the wall: rooms that differ. */
export const rooms = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    ...runBody,
    parameters: { ...(runBody.parameters as object), height_roof_over_floor: 2.6 + 0.05 * i },
  }));

export const api = (url: string, t: string) => ({
  token: t,
  post: (path: string, body: unknown) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${t}` },
      body: JSON.stringify(body),
    }),
  get: (path: string) => fetch(`${url}${path}`, { headers: { authorization: `Bearer ${t}` } }),
  del: (path: string) =>
    fetch(`${url}${path}`, { method: 'DELETE', headers: { authorization: `Bearer ${t}` } }),
});

export async function finished(get: (p: string) => Promise<Response>, id: string, ms = 60_000) {
  const t0 = Date.now();
  for (;;) {
    const j = await (await get(`/v2/jobs/${id}`)).json();
    if (['done', 'failed', 'cancelled'].includes(j.state)) return j;
    if (Date.now() - t0 > ms)
      throw new Error(`job ${id} still ${j.state} after ${ms} ms: ${JSON.stringify(j)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A two-office building written to a fresh folder, and `npm run ifc` on it writing into `<folder>/<to>`. */
export function officeBuilding(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  writeFileSync(join(dir, 'office.ifc'), officeRow(2));
  const cli = (to: string, ...more: string[]) =>
    execFileSync(
      process.execPath,
      [...builtCli('ifc'), join(dir, 'office.ifc'), '--out', join(dir, to), '--no-pdf', ...more],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, LUX_TOKEN: '' },
      },
    );
  return { dir, cli, csv: (to: string) => readFileSync(join(dir, to, 'rooms.csv'), 'utf8') };
}

/**
 * A building's job as a multipart form: the IFC file (a path, or its bytes), its params, and more file parts
 * as [name, content, file name].
 */
export function buildingForm(
  ifc: string | Uint8Array,
  params: object | null,
  ...more: [string, string | Uint8Array, string][]
): FormData {
  const f = new FormData();
  if (params) f.append('params', JSON.stringify(params));
  const bytes = typeof ifc === 'string' ? readFileSync(ifc) : ifc;
  f.append(
    'ifc',
    new Blob([bytes as Uint8Array<ArrayBuffer>]),
    typeof ifc === 'string' ? basename(ifc) : 'building.ifc',
  );
  for (const [name, content, file] of more)
    f.append(
      name,
      new Blob([typeof content === 'string' ? content : (content as Uint8Array<ArrayBuffer>)]),
      file,
    );
  return f;
}

let duplexHere: { csv: string; json: unknown } | null = null;
/**
 * `npm run ifc` on the duplex at draft in this process's machine: the files three tests compare a job's
 * with, written once (the engine is seeded, so every run of it writes the same).
 */
export function duplexOnCli(): { csv: string; json: unknown } {
  if (duplexHere) return duplexHere;
  const out = mkdtempSync(join(tmpdir(), 'lux-ifc-'));
  execFileSync(
    process.execPath,
    [
      ...builtCli('ifc'),
      'test/fixtures/ifc/duplex.ifc',
      '--out',
      out,
      '--no-pdf',
      '--quality',
      'draft',
      '--threads',
      '2',
    ],
    { stdio: 'ignore', env: { ...process.env, LUX_TOKEN: '' } },
  );
  duplexHere = {
    csv: readFileSync(join(out, 'rooms.csv'), 'utf8'),
    json: JSON.parse(readFileSync(join(out, 'rooms.json'), 'utf8')),
  };
  return duplexHere;
}

/**
 * A hosted server's app in-process on the embedded database, with the jobs' queue and no runner (its rooms
 * stay queued) and no meter: what the jobs routes answer, not what they compute.
 */
export function queuedJobsApp(db: Database, boss: PgBoss): ReturnType<typeof createApp> {
  return createApp({
    config: { maxBodyBytes: 1 << 22, maxMeshPoints: 100_000, requestTimeoutMs: 30_000, log: false },
    executor: new InlineExecutor(new ModelStatus(null)),
    tokens: new DatabaseTokenStore(db, new StaticTokenStore([]), 0),
    version: '0.0.0-test',
    hosted: {
      db,
      meter: null,
      limiter: new Limiter(db, 35_000),
      jobs: boss,
      databaseState: databaseHealth(db),
    },
  });
}
