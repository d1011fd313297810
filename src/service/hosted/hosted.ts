import { existsSync } from 'node:fs';
import type { TokenStore } from '../tokenStore';
import { DEFAULT_DATABASE, openDatabase, type Database } from './database';
import { Limiter } from './limits';
import { migrate } from './migrations';
import { DatabaseTokenStore } from './tokens';
import { UsageMeter } from './usage';

/**
 * Hosted mode as a server process holds it: the database, its tokens beside the static ones, the usage
 * meter and the limiter. A server opens a database when LUX_DATABASE_URL names one, or when the default
 * embedded one exists (`npm run tokens -- create` made it); a fresh self-hosted server has neither and
 * stays open, unmetered, as before.
 */
export interface Hosted {
  db: Database;
  tokens: DatabaseTokenStore;
  /** Null when LUX_METERING=off (the load test's baseline). */
  meter: UsageMeter | null;
  limiter: Limiter;
  close(): Promise<void>;
}

export function databaseUrl(env: NodeJS.ProcessEnv): string | null {
  const url = env.LUX_DATABASE_URL?.trim();
  if (url) return url;
  return existsSync(DEFAULT_DATABASE) ? DEFAULT_DATABASE : null;
}

export async function openHosted(
  env: NodeJS.ProcessEnv,
  staticTokens: TokenStore,
  requestTimeoutMs: number,
): Promise<Hosted | null> {
  const url = databaseUrl(env);
  if (!url) return null;
  const db = await openDatabase(url);
  await migrate(db);
  const meter = env.LUX_METERING === 'off' ? null : new UsageMeter(db);
  return {
    db,
    tokens: new DatabaseTokenStore(db, staticTokens),
    meter,
    limiter: new Limiter(db, requestTimeoutMs + 5_000),
    async close() {
      await meter?.close();
      await db.close();
    },
  };
}
