import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { LuxError } from '../../core/errors';

/**
 * Hosted mode's database (issue 36): one small interface over two real PostgreSQL engines, so that every
 * query is written once. `LUX_DATABASE_URL` picks it:
 * - a `postgres://…` (or `postgresql://…`) URL: PostgreSQL through `pg`, a pool shared by the process —
 *   several replicas behind a load balancer share one state;
 * - anything else is a folder for the embedded one, PGlite (PostgreSQL compiled to WebAssembly, no server),
 *   by default `.lux/lux.db` under the working directory. PGlite is one process's: the first process to
 *   open the folder (a server, or a command while no server runs) hosts it and serves it to the others
 *   over a Unix socket inside the folder (pglite-socket speaks PostgreSQL's protocol), so
 *   `npm run tokens` reaches the database of a running server and its revocations take effect at once.
 * Migrations (migrations.ts) run when it opens.
 */
export interface Database {
  readonly kind: 'embedded' | 'postgres';
  /** Where it is, for logs (a URL without its password, or the folder). */
  readonly where: string;
  query<T extends object = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /**
   * pg-boss's adapter (jobs, issue 37): `text` with parameters, or several statements without — the
   * simple protocol's form that PGlite runs with `exec`.
   */
  executeSql(text: string, values?: readonly unknown[]): Promise<{ rows: unknown[] }>;
  /** Statements run one after another in one transaction (a migration). */
  transaction<T>(work: (q: Database['query']) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export const DEFAULT_DATABASE = '.lux/lux.db';

/** The database a server or command reads: LUX_DATABASE_URL, else the embedded one where it exists; none. */
export function databaseUrl(env: NodeJS.ProcessEnv): string | null {
  const url = env.LUX_DATABASE_URL?.trim();
  if (url) return url;
  return existsSync(DEFAULT_DATABASE) ? DEFAULT_DATABASE : null;
}

/**
 * Why a command that only reads found no database. It makes none: an embedded database once made turns
 * every later `npm start` here into hosted mode, which only a first `tokens create` should do.
 */
export const NO_DATABASE = `no database: LUX_DATABASE_URL is not set and ${DEFAULT_DATABASE} does not exist (the first \`npm run tokens -- create\` makes it)`;

export const isPostgresUrl = (url: string): boolean => /^postgres(ql)?:\/\//i.test(url);

export async function openDatabase(url: string = DEFAULT_DATABASE): Promise<Database> {
  return isPostgresUrl(url) ? openPostgres(url) : openEmbedded(url);
}

async function openPostgres(
  url: string,
  kind: Database['kind'] = 'postgres',
  config: { host?: string; port?: number; max?: number } = {},
): Promise<Database> {
  const { default: pg } = await import('pg');
  // Timestamps come back as Date, counts (bigint) as numbers: our sums stay far below 2^53.
  pg.types.setTypeParser(20, (v: string) => Number(v));
  const pool = new pg.Pool(
    config.host
      ? {
          host: config.host,
          port: config.port ?? SOCKET_PORT,
          user: 'postgres',
          database: 'postgres',
          max: config.max ?? 1,
        }
      : { connectionString: url, max: config.max ?? 8 },
  );
  // An idle connection the server ends (a restart, a failover) is an 'error' on the pool: without a listener
  // it would end this process; the pool drops that connection and opens another when asked.
  pool.on('error', (e) => console.error(`lux: database connection lost (${e.message}); reconnecting`));
  const where = url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
  await pool.query('SELECT 1');
  const query = async <T extends object>(sql: string, params?: readonly unknown[]) => {
    try {
      return (await pool.query(sql, params as unknown[])).rows as T[];
    } catch (e) {
      throw unavailableIfUnreachable(e, where);
    }
  };
  return {
    kind,
    where,
    query,
    executeSql: async (text, values) => {
      const r = await pool.query(text, values as unknown[]).catch((e: unknown) => {
        throw unavailableIfUnreachable(e, where);
      });
      return { rows: Array.isArray(r) ? (r.at(-1)?.rows ?? []) : r.rows };
    },
    async transaction(work) {
      const client = await pool.connect().catch((e: unknown) => {
        throw unavailableIfUnreachable(e, where);
      });
      // A connection the server ends while we hold it (a restart, between two statements) is an 'error' on
      // the client, which the pool listens for only while the client is idle: unheard, it ended the process.
      // Heard here, the transaction fails (its next statement throws) and the connection is discarded.
      let lost: Error | undefined;
      const onLost = (e: Error) => (lost = e);
      client.on('error', onLost);
      try {
        await client.query('BEGIN');
        const out = await work(
          async <T extends object>(sql: string, params?: readonly unknown[]) =>
            (await client.query(sql, params as unknown[])).rows as T[],
        );
        await client.query('COMMIT');
        return out;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw unavailableIfUnreachable(e, where);
      } finally {
        client.off('error', onLost);
        client.release(lost);
      }
    },
    close: () => pool.end(),
  };
}

/** Errors of reaching the server, not of a query: the network's, and PostgreSQL's classes 08 and 57P. */
const CONNECTION_CODES =
  /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EHOSTUNREACH|EAI_AGAIN|EPIPE|08...|57P0[1-3])$/;
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|connection.*(ended|closed)|not queryable/i;
let lastLogged = 0;

/**
 * A database that does not answer (stopped, restarting, unreachable) is the service's, not the request's:
 * 503 with Retry-After, which a client retries and a load balancer counts, instead of a 500 that reads as a
 * bug. The cause goes to the log, at most every 5 s.
 */
function unavailableIfUnreachable(e: unknown, where: string): unknown {
  const { code = '', message = '' } = (e ?? {}) as { code?: string; message?: string };
  if (!CONNECTION_CODES.test(code) && !CONNECTION_MESSAGES.test(message)) return e;
  if (Date.now() - lastLogged > 5_000) {
    lastLogged = Date.now();
    console.error(`lux: the database ${where} does not answer (${code || message}); answering 503`);
  }
  return new LuxError(
    'service_unavailable',
    'Service unavailable: the database does not answer; retry shortly',
  );
}

/** The socket's name inside the folder: what `pg` connects to for host = the folder and this port. */
const SOCKET_PORT = 5432;
const socketIn = (dir: string): string => join(dir, `.s.PGSQL.${SOCKET_PORT}`);

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

async function openEmbedded(path: string): Promise<Database> {
  const dir = resolve(path);
  const lock = `${dir}.lock`;
  // Another process hosts it: use its socket (waiting a little for one that is still starting).
  for (let tries = 0; ; tries++) {
    const holder = existsSync(lock) ? Number(readFileSync(lock, 'utf8')) : 0;
    if (!holder || !alive(holder) || holder === process.pid) break;
    if (existsSync(socketIn(dir))) {
      try {
        return await openPostgres(`embedded ${dir} (hosted by process ${holder})`, 'embedded', { host: dir });
      } catch {
        // not answering yet
      }
    }
    if (tries > 100)
      throw new Error(`the embedded database ${dir} is held by process ${holder}, which does not answer`);
    await new Promise((r) => setTimeout(r, 100));
  }
  mkdirSync(dirname(dir), { recursive: true });
  // Taken atomically: a server and a command starting together cannot both open the folder.
  try {
    writeFileSync(lock, String(process.pid), { flag: 'wx' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    const holder = Number(readFileSync(lock, 'utf8'));
    if (holder && holder !== process.pid && alive(holder)) return openEmbedded(path); // it hosts it now
    rmSync(lock, { force: true }); // a holder that died
    return openEmbedded(path);
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(dir);
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  rmSync(socketIn(dir), { force: true });
  const server = new PGLiteSocketServer({ db, path: socketIn(dir), maxConnections: 16 });
  await server.start();
  const release = (): void => {
    try {
      if (readFileSync(lock, 'utf8') === String(process.pid)) rmSync(lock, { force: true });
    } catch {
      // gone already
    }
  };
  process.once('exit', release);
  // int8 (counts, sums) as numbers, as the PostgreSQL pool gives them.
  const query = async <T extends object>(sql: string, params?: readonly unknown[]) =>
    (await db.query<T>(sql, params as unknown[], { parsers: { 20: (v: string) => Number(v) } })).rows;
  return {
    kind: 'embedded',
    where: dir,
    query,
    executeSql: async (text, values) =>
      values?.length
        ? { rows: (await db.query(text, values as unknown[])).rows }
        : { rows: (await db.exec(text)).at(-1)?.rows ?? [] },
    async transaction(work) {
      return db.transaction(async (tx) =>
        work(
          async <T extends object>(sql: string, params?: readonly unknown[]) =>
            (await tx.query<T>(sql, params as unknown[], { parsers: { 20: (v: string) => Number(v) } })).rows,
        ),
      );
    },
    async close() {
      await server.stop();
      rmSync(socketIn(dir), { force: true });
      await db.close();
      release();
    },
  };
}
