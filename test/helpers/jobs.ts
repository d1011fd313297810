import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
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

const execFileAsync = promisify(execFile);
/** The environment of a command line run here: no token of the developer's. */
const noToken = () => ({ ...process.env, LUX_TOKEN: '' });

/**
 * A two-office building written to a fresh folder, and `npm run ifc` on it writing into `<folder>/<to>`: a
 * child process, so that a test can run several at once and the server's jobs beside them.
 */
export function officeBuilding(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  writeFileSync(join(dir, 'office.ifc'), officeRow(2));
  const cli = async (to: string, ...more: string[]): Promise<string> =>
    (
      await execFileAsync(
        process.execPath,
        [...builtCli('ifc'), join(dir, 'office.ifc'), '--out', join(dir, to), '--no-pdf', ...more],
        { encoding: 'utf8', env: noToken() },
      )
    ).stdout;
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

interface DuplexFiles {
  csv: string;
  json: unknown;
}
/** `npm run ifc`'s arguments for the duplex at draft, writing into `out`. */
const duplexArgs = (out: string): string[] => [
  ...builtCli('ifc'),
  'test/fixtures/ifc/duplex.ifc',
  ...['--out', out, '--no-pdf', '--quality', 'draft', '--threads', '2'],
];
const duplexFiles = (out: string): DuplexFiles => ({
  csv: readFileSync(join(out, 'rooms.csv'), 'utf8'),
  json: JSON.parse(readFileSync(join(out, 'rooms.json'), 'utf8')),
});

let duplexHere: DuplexFiles | null = null;
let duplexStarted: Promise<DuplexFiles> | null = null;
/**
 * `npm run ifc` on the duplex at draft in this process's machine: the files three tests compare a job's
 * with, written once (the engine is seeded, so every run of it writes the same).
 */
export function duplexOnCli(): DuplexFiles {
  if (duplexHere) return duplexHere;
  const out = mkdtempSync(join(tmpdir(), 'lux-ifc-'));
  execFileSync(process.execPath, duplexArgs(out), { stdio: 'ignore', env: noToken() });
  return (duplexHere = duplexFiles(out));
}

/**
 * The same files, the run started at the first call and awaited by the test that reads them: a file starts
 * it early, so that it runs while its first tests leave the cores idle.
 */
export function duplexOnCliStarted(): Promise<DuplexFiles> {
  if (duplexHere) return Promise.resolve(duplexHere);
  if (!duplexStarted) {
    const out = mkdtempSync(join(tmpdir(), 'lux-ifc-'));
    duplexStarted = execFileAsync(process.execPath, duplexArgs(out), { env: noToken() }).then(
      () => (duplexHere = duplexFiles(out)),
    );
    // Its failure is the reading test's; unread, it is not an unhandled rejection.
    duplexStarted.catch(() => undefined);
  }
  return duplexStarted;
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
