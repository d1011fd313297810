import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/service/hosted/database';
import { migrate, MIGRATIONS, SCHEMA_VERSION, schemaVersion } from '../../src/service/hosted/migrations';
import { newEmbeddedDatabase } from '../helpers/embeddedDatabase';
import { EXAMPLE_BODIES } from '../helpers/exampleBodies';
import { postgresUnavailable, startPostgres, type RunningPostgres } from '../helpers/postgres';
import { startServer, type RunningServer } from '../helpers/server';
import { luxCli, twoReplicas } from '../helpers/hosted';

/**
 * Hosted mode's schema on both engines, and two replicas on one real PostgreSQL (issue 36 §6): a token made
 * once works on both, a revocation made through one is refused by the other within 5 s, a rate limit is
 * counted across both, and a replica stopped under load loses no usage row of a call it answered.
 */
const noPostgres = postgresUnavailable();
if (noPostgres) console.log(`hosted PostgreSQL tests skipped: ${noPostgres}`);

async function schemaFromEmptyAndPrevious(open: () => Promise<Database>): Promise<void> {
  const db = await open();
  try {
    // From version 1: a database with a token and usage keeps both through every later migration.
    expect(await migrate(db, 1)).toEqual([1]);
    await db.query(`INSERT INTO lux_tokens (name, digest, scopes) VALUES ('old', 'aa', 'run')`);
    await db.query(
      `INSERT INTO lux_usage (token, at, route, status, windows, compute_ms) VALUES ('old', now(), '/run', 200, 3, 40)`,
    );
    // A call made before any database token of its name existed was a static token's.
    await db.query(
      `INSERT INTO lux_usage (token, at, route, status) VALUES ('later', now() - interval '10 days', '/run', 200)`,
    );
    await db.query(`INSERT INTO lux_tokens (name, digest, scopes) VALUES ('later', 'bb', 'run')`);
    // From the previous version to the latest.
    expect(await migrate(db, SCHEMA_VERSION - 1)).toEqual(MIGRATIONS.slice(1, -1).map((m) => m.version));
    expect(await migrate(db)).toEqual([SCHEMA_VERSION]);
    expect(await schemaVersion(db)).toBe(SCHEMA_VERSION);
    const [t] = await db.query<{ name: string; rpm: number | null }>(
      `SELECT name, rpm FROM lux_tokens WHERE name = 'old'`,
    );
    expect(t).toEqual({ name: 'old', rpm: null });
    // The day counters the quotas read start from the usage already there.
    const [d] = await db.query<{ windows: number; compute_ms: number }>(
      `SELECT windows, compute_ms FROM lux_usage_day WHERE owner LIKE 'db:%'`,
    );
    expect(d).toEqual({ windows: 3, compute_ms: 40 });
    // Usage keyed by name before version 5 goes to the token of that name, by its id (the name kept); a
    // call older than every database token of its name to the static token of that name.
    const u = await db.query<{ owner: string; token: string }>(
      'SELECT owner, token FROM lux_usage ORDER BY at',
    );
    const [id] = await db.query<{ id: number }>(`SELECT id FROM lux_tokens WHERE name = 'old'`);
    expect(u).toEqual([
      { owner: 'static:later', token: 'later' },
      { owner: `db:${id!.id}`, token: 'old' },
    ]);
    // Run again (another replica starting): nothing to do.
    expect(await migrate(db)).toEqual([]);
  } finally {
    await db.close();
  }
}

describe('the hosted schema', () => {
  it('migrates the embedded database from empty and from the previous version', async () => {
    const dir = newEmbeddedDatabase('lux-schema-');
    await schemaFromEmptyAndPrevious(() => openDatabase(dir));
  }, 60_000);

  it.skipIf(noPostgres)(
    'migrates PostgreSQL from empty and from the previous version',
    async () => {
      const pg = await startPostgres();
      try {
        await schemaFromEmptyAndPrevious(() => openDatabase(pg.url));
      } finally {
        await pg.stop();
      }
    },
    120_000,
  );
});

const tokens = (url: string, ...args: string[]): string => luxCli(url, 'tokens', ...args);

const stats = (url: string, token: string) =>
  fetch(`${url}/v2/stats`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(EXAMPLE_BODIES['/stats']![0]),
  });

describe.skipIf(noPostgres)('two replicas on one PostgreSQL', () => {
  let pg: RunningPostgres;
  let a: RunningServer, b: RunningServer;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    pg = await startPostgres();
    ({
      replicas: [a, b],
      stop,
    } = await twoReplicas(pg));
  }, 180_000);
  afterAll(() => stop?.());

  it('takes a token made once on both, and refuses it on both within 5 s of its revocation', async () => {
    const t = tokens(pg.url, 'create', '--name', 'shared', '--scopes', 'stats');
    for (const s of [a, b]) {
      const t0 = Date.now();
      while ((await stats(s.url, t)).status !== 200) {
        expect(Date.now() - t0).toBeLessThan(5_000);
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    tokens(pg.url, 'revoke', '--name', 'shared');
    const t0 = Date.now();
    for (const s of [a, b])
      while ((await stats(s.url, t)).status !== 401) {
        expect(Date.now() - t0).toBeLessThan(5_000);
        await new Promise((r) => setTimeout(r, 200));
      }
  }, 60_000);

  it('counts a rate limit across both replicas', async () => {
    const t = tokens(pg.url, 'create', '--name', 'three-a-minute', '--scopes', 'stats', '--rpm', '3');
    // Minute boundaries reset the count: start early in a minute.
    const into = Date.now() % 60_000;
    if (into > 45_000) await new Promise((r) => setTimeout(r, 60_500 - into));
    const codes = [];
    for (const s of [a, b, a, b, a]) codes.push((await stats(s.url, t)).status);
    expect(codes).toEqual([200, 200, 200, 429, 429]);
  }, 90_000);

  it('loses no usage row of a call it answered when a replica is stopped under load', async () => {
    const t = tokens(pg.url, 'create', '--name', 'load', '--scopes', 'stats');
    let answered = 0,
      running = true;
    const client = async (s: RunningServer) => {
      while (running) {
        try {
          const res = await stats(s.url, t);
          await res.arrayBuffer();
          answered++; // whatever its status: every answer is a metered call
        } catch {
          // the stopped replica's connections end
        }
      }
    };
    const clients = [...Array(8)].map((_, i) => client(i % 2 ? a : b));
    await new Promise((r) => setTimeout(r, 3_000));
    await b.stop(); // SIGTERM: the replica writes its batched usage before it exits
    await new Promise((r) => setTimeout(r, 1_000));
    running = false;
    await Promise.all(clients);
    await new Promise((r) => setTimeout(r, 1_500)); // a's last half-second batch
    const db = await openDatabase(pg.url);
    try {
      const [row] = await db.query<{ n: number }>(`SELECT count(*) AS n FROM lux_usage WHERE token = 'load'`);
      expect(answered).toBeGreaterThan(20);
      expect(row!.n).toBe(answered);
    } finally {
      await db.close();
    }
  }, 90_000);
});

describe.skipIf(noPostgres)('a replica whose PostgreSQL stops', () => {
  it('answers 503 with Retry-After, not a 500, and logs why', async () => {
    const pg = await startPostgres();
    let server: RunningServer | undefined;
    try {
      server = await startServer({ LUX_DATABASE_URL: pg.url, LUX_LOG: 'silent' });
      const t = tokens(pg.url, 'create', '--name', 'office', '--scopes', 'stats');
      await new Promise((r) => setTimeout(r, 2_100)); // the token store's cache
      expect((await stats(server.url, t)).status).toBe(200);
      const health = () => fetch(`${server!.url}/v2/`);
      expect(await (await health()).json()).toMatchObject({ status: 'running', database: 'ready' });
      await pg.stop();
      await new Promise((r) => setTimeout(r, 2_100)); // past the cache: the next call asks the database
      // Health says so: a load balancer's check takes the replica out (503), not only its calls.
      const sick = await health();
      expect(sick.status).toBe(503);
      expect(await sick.json()).toMatchObject({ status: 'degraded', database: 'unavailable' });
      const res = await stats(server.url, t);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('2');
      expect(await res.json()).toEqual({
        status: 'error',
        error: 'Service unavailable: the database does not answer; retry shortly',
        error_type: 'service_unavailable',
      });
      // Refused, or an idle pooled connection the stop ended: either way named in the log.
      expect(server.proc.output()).toMatch(
        /lux: the database postgres:\/\/\S+ does not answer \((ECONN\w+|Connection terminated[^)]*|57P0\d)\); answering 503/,
      );
      expect(server.proc.output()).not.toContain('unhandled error');
    } finally {
      await server?.stop();
      await pg.stop();
    }
  }, 120_000);
});
