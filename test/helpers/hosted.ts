import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { builtCli } from './build';
import type { RunningPostgres } from './postgres';
import { startServer, type RunningServer } from './server';

/** Hosted mode's commands (`npm run tokens`, `npm run usage`) on a database, their stdout trimmed. */
export function luxCli(database: string, script: 'tokens' | 'usage', ...args: string[]): string {
  return execFileSync(process.execPath, [...builtCli(script), ...args], {
    encoding: 'utf8',
    env: { ...process.env, LUX_DATABASE_URL: database },
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();
}

/** A new token on a database, as an operator makes one: the secret `tokens create` prints. */
export const newToken = (database: string, name: string, scopes = '*'): string =>
  luxCli(database, 'tokens', 'create', '--name', name, '--scopes', scopes);

/**
 * `newToken` as a child process that this one does not wait on, so that a test can make a database (a fresh
 * embedded one's initdb: seconds of a core) while another runs.
 */
export const newTokenAsync = async (database: string, name: string, scopes = '*'): Promise<string> =>
  (
    await promisify(execFile)(
      process.execPath,
      [...builtCli('tokens'), 'create', '--name', name, '--scopes', scopes],
      { encoding: 'utf8', env: { ...process.env, LUX_DATABASE_URL: database } },
    )
  ).stdout.trim();

/**
 * Two server replicas on one PostgreSQL, started together (as a deployment starts them: the migrations and
 * the queue's schema made by one while the other waits), and a stop for all three.
 */
export async function twoReplicas(
  pg: RunningPostgres,
  env: Record<string, string> = {},
): Promise<{ replicas: [RunningServer, RunningServer]; stop(): Promise<void> }> {
  const all = { LUX_DATABASE_URL: pg.url, ...env };
  const replicas = (await Promise.all([startServer(all), startServer(all)])) as [
    RunningServer,
    RunningServer,
  ];
  return {
    replicas,
    async stop() {
      await Promise.all(replicas.map((r) => r.stop()));
      await pg.stop();
    },
  };
}
