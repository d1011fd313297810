import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { InlineExecutor } from '../../src/server/executor/local';
import { openDatabase, type Database } from '../../src/service/hosted/database';
import { databaseHealth } from '../../src/service/hosted/databaseHealth';
import { Limiter } from '../../src/service/hosted/limits';
import { migrate } from '../../src/service/hosted/migrations';
import {
  createToken,
  DatabaseTokenStore,
  listTokens,
  NO_LIMITS,
  revokeToken,
  rotateToken,
} from '../../src/service/hosted/tokens';
import { billing, UsageMeter } from '../../src/service/hosted/usage';
import { ModelStatus } from '../../src/service/model/status';
import { sha256, StaticTokenStore } from '../../src/service/tokenStore';
import { newEmbeddedDatabase } from '../helpers/embeddedDatabase';
import { EXAMPLE_BODIES } from '../helpers/exampleBodies';

/**
 * Usage, quotas and the billing table by token, not by name: a name issued again after a revocation, or a
 * static token of a database token's name, is another token — its own usage, its own counters, its own
 * row — and a rotated token keeps its own. In-process on the embedded database (no server to start).
 */
let db: Database;
let meter: UsageMeter;
let app: ReturnType<typeof createApp>;
const STATIC = 'static-secret-of-acme';

beforeAll(async () => {
  db = await openDatabase(newEmbeddedDatabase('lux-usage-by-id-'));
  await migrate(db);
  meter = new UsageMeter(db, 100_000);
  // A static token of the same name as the database's (an operator's tokens file).
  const fixed = new StaticTokenStore([{ digest: sha256(STATIC), name: 'acme', scopes: ['*'] }]);
  app = createApp({
    config: { maxBodyBytes: 1 << 20, maxMeshPoints: 100_000, requestTimeoutMs: 30_000, log: false },
    executor: new InlineExecutor(new ModelStatus(null)),
    // No cache: a revocation holds at once.
    tokens: new DatabaseTokenStore(db, fixed, 0),
    version: '0.0.0-test',
    hosted: { db, meter, limiter: new Limiter(db, 35_000), jobs: null, databaseState: databaseHealth(db) },
  });
}, 60_000);
afterAll(async () => {
  await meter?.close();
  await db?.close();
});

const stats = (token: string) =>
  app.request('/v2/stats', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(EXAMPLE_BODIES['/stats']![0]),
  });
const todaysRequests = async (token: string): Promise<number> => {
  const u = await (await app.request('/v2/usage', { headers: { authorization: `Bearer ${token}` } })).json();
  return u.days.reduce((a: number, d: { requests: number }) => a + d.requests, 0);
};
/** The live token's id, as `npm run tokens -- list` shows it. */
const idOf = async (name: string): Promise<string> => {
  const [row] = await db.query<{ id: string }>(
    `SELECT 'db:' || id AS id FROM lux_tokens WHERE name = $1 AND revoked_at IS NULL`,
    [name],
  );
  return row!.id;
};

describe('usage by token id', () => {
  it('keeps a name issued again apart from the revoked token of that name: usage, rate, bill', async () => {
    const first = await createToken(db, 'acme', ['*'], { ...NO_LIMITS, rpm: 2 });
    const firstId = await idOf('acme');
    for (let i = 0; i < 2; i++) expect((await stats(first)).status).toBe(200);
    expect(await todaysRequests(first)).toBe(2);
    await revokeToken(db, 'acme');
    // The name goes to someone else: their first call this minute is not the old token's third.
    const second = await createToken(db, 'acme', ['*'], { ...NO_LIMITS, rpm: 2 });
    const secondId = await idOf('acme');
    expect(secondId).not.toBe(firstId);
    expect((await stats(second)).status).toBe(200);
    // It reads its own usage, not the revoked token's.
    expect(await todaysRequests(second)).toBe(1);
    // A static token of the same name is a third token.
    expect((await stats(STATIC)).status).toBe(200);
    expect(await todaysRequests(STATIC)).toBe(1);
    await meter.flush();
    const rows = await billing(db, new Date().toISOString().slice(0, 7));
    expect(rows.map((r) => [r.token, r.token_id, r.requests])).toEqual(
      expect.arrayContaining([
        ['acme', firstId, 2],
        ['acme', secondId, 1],
        ['acme', 'static:acme', 1],
      ]),
    );
  }, 60_000);

  it('keeps a rotated token’s usage on its one row', async () => {
    const before = await createToken(db, 'rotating', ['*']);
    expect((await stats(before)).status).toBe(200);
    const after = (await rotateToken(db, 'rotating'))!;
    expect((await stats(after)).status).toBe(200);
    expect(await todaysRequests(after)).toBe(2);
    await meter.flush();
    const rows = (await billing(db, new Date().toISOString().slice(0, 7))).filter(
      (r) => r.token === 'rotating',
    );
    expect(rows).toEqual([expect.objectContaining({ token_id: await idOf('rotating'), requests: 2 })]);
    expect((await listTokens(db)).find((t) => t.name === 'rotating')!.id).toBe(await idOf('rotating'));
  }, 60_000);
});
