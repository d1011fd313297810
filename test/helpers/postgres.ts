import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { installDebianPackage } from './debianPackage';
import { freePorts } from './ports';

/**
 * A real PostgreSQL for tests (issue 36), started from Debian's `postgresql` package on a free port in a
 * fresh data folder, and stopped with the test. Installs the package when it is missing and this process
 * may (root, or sudo without a password); `postgresUnavailable()` says in one line why it cannot.
 * PostgreSQL refuses to run as root, so as root it runs as the package's `postgres` user.
 */
export interface RunningPostgres {
  url: string;
  stop(): Promise<void>;
}

function binDir(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(base, versions[0]!, 'bin') : null;
}

let why: string | null | undefined;

/** Null when PostgreSQL can be started here, else the reason it cannot (once per test process). */
export function postgresUnavailable(): string | null {
  if (why !== undefined) return why;
  if (!binDir()) installDebianPackage('postgresql');
  const bin = binDir();
  why = bin
    ? null
    : "PostgreSQL is not installed and Debian's postgresql package could not be installed here";
  if (bin && process.getuid?.() === 0) {
    try {
      execFileSync('id', ['postgres'], { stdio: 'ignore' });
    } catch {
      why = "running as root and the postgres package's user 'postgres' does not exist";
    }
  }
  return why;
}

export async function startPostgres(): Promise<RunningPostgres> {
  const reason = postgresUnavailable();
  if (reason) throw new Error(reason);
  const bin = binDir()!;
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'lux-pg-'));
  const data = join(dir, 'data');
  if (root) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o755);
  }
  const as = (cmd: string, args: string[]): [string, string[]] =>
    root ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  const [c1, a1] = as(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  execFileSync(c1, a1, { stdio: 'ignore' });
  const [port] = await freePorts(1);
  const [c2, a2] = as(join(bin, 'postgres'), [
    ...['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1'],
    ...['-c', 'fsync=off', '-c', 'max_connections=100'],
  ]);
  const proc: ChildProcess = spawn(c2, a2, { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  let log = '';
  proc.stderr?.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-4000)));
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const { default: pg } = await import('pg');
  for (let i = 0; ; i++) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      break;
    } catch {
      await client.end().catch(() => undefined);
      if (i > 100 || proc.exitCode !== null) throw new Error(`PostgreSQL did not start:\n${log}`);
      await sleep(100);
    }
  }
  const stop = async () => {
    if (proc.exitCode === null) {
      process.kill(-proc.pid!, 'SIGINT'); // fast shutdown
      await new Promise((r) => proc.once('exit', r));
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', () => {
    try {
      process.kill(-proc.pid!, 'SIGKILL');
    } catch {
      // gone
    }
  });
  return { url, stop };
}
