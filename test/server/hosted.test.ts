import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_BODIES } from '../helpers/exampleBodies';
import { startServer, type RunningServer } from '../helpers/server';
import { luxCli } from '../helpers/hosted';

/**
 * Hosted mode on the embedded database, as an operator runs it (issue 36): a real server process on a
 * PGlite folder, tokens made, rotated and revoked by `npm run tokens` while it runs (through its socket),
 * usage read back by the token and by `npm run usage`, quotas answered with 429 and Retry-After.
 */
const cli = luxCli;

const run = (url: string, token: string | null, body: unknown = EXAMPLE_BODIES['/stats']![0]) =>
  fetch(`${url}/v2/stats`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

describe('hosted mode on the embedded database', () => {
  // A folder that holds nothing yet, as an operator's first start: PGlite's initdb, which the other tests'
  // databases skip (test/helpers/embeddedDatabase.ts).
  const db = join(mkdtempSync(join(tmpdir(), 'lux-hosted-')), 'lux.db');
  let server: RunningServer;
  let office: string;

  beforeAll(async () => {
    // Open until a token exists, as a fresh self-hosted server.
    server = await startServer({ LUX_DATABASE_URL: db });
    expect((await run(server.url, null)).status).toBe(200);
    office = cli(db, 'tokens', 'create', '--name', 'office-app', '--scopes', 'stats,run');
  }, 120_000);
  afterAll(() => server?.stop());

  it('requires a token once the database holds one, and takes the new one', async () => {
    expect(office).toMatch(/^lux_[A-Za-z0-9_-]{43}$/);
    // The token store caches answers for 2 s: a server that said "open" learns within that.
    await new Promise((r) => setTimeout(r, 2_100));
    const none = await run(server.url, null);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ status: 'error', error_type: 'authentication_error' });
    expect((await run(server.url, office)).status).toBe(200);
    expect((await run(server.url, 'lux_not-a-token')).status).toBe(401);
    // Its scopes hold: stats and run, not encode.
    const enc = await fetch(`${server.url}/v2/encode_raw`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${office}` },
      body: '{}',
    });
    expect(enc.status).toBe(403);
    // list names it and never shows a token.
    const list = cli(db, 'tokens', 'list');
    expect(list).toMatch(/^office-app\tstats,run\tno limits\tcreated /m);
    expect(list).not.toContain('lux_');
  }, 60_000);

  it('meters every call: the token reads its own usage by day, the operator a billing table', async () => {
    const before = await (
      await fetch(`${server.url}/v2/usage`, { headers: { authorization: `Bearer ${office}` } })
    ).json();
    const sum = (k: 'requests' | 'bytes_in' | 'bytes_out') =>
      before.days.reduce((a: number, d: Record<string, number>) => a + d[k]!, 0);
    const n0 = sum('requests');
    const sent = [EXAMPLE_BODIES['/stats']![0], { nonsense: true }]; // a 400 is a call too
    let bytesIn = 0,
      bytesOut = 0;
    for (const body of sent) {
      bytesIn += Buffer.byteLength(JSON.stringify(body));
      bytesOut += Buffer.byteLength(await (await run(server.url, office, body)).text());
    }
    const res = await fetch(`${server.url}/v2/usage`, { headers: { authorization: `Bearer ${office}` } });
    expect(res.status).toBe(200);
    const u = await res.json();
    const today = new Date().toISOString().slice(0, 10);
    expect(u).toMatchObject({ status: 'success', token: 'office-app', to: today });
    const day = u.days.find((d: { day: string }) => d.day === today);
    expect(day.requests).toBe(n0 + 2);
    expect(day.errors).toBeGreaterThanOrEqual(1);
    // The bytes each way are the bodies' own, to the byte (the earlier days' calls none).
    expect(day.bytes_in - sum('bytes_in')).toBe(bytesIn);
    expect(day.bytes_out - sum('bytes_out')).toBe(bytesOut);
    const bad = await fetch(`${server.url}/v2/usage?from=yesterday`, {
      headers: { authorization: `Bearer ${office}` },
    });
    expect(bad.status).toBe(400);
    const csv = cli(db, 'usage', '--month', today.slice(0, 7), '--csv').split('\n');
    expect(csv[0]).toBe('token,requests,errors,windows,triangles,compute_s,bytes_in,bytes_out,token_id');
    const row = csv.find((l) => l.startsWith('office-app,'))!.split(',');
    expect(Number(row[1])).toBe(day.requests);
  }, 60_000);

  it('answers 429 with Retry-After past a token’s requests per minute, and counts windows a day', async () => {
    const tight = cli(db, 'tokens', 'create', '--name', 'tight', '--scopes', 'run,stats', '--rpm', '2');
    expect((await run(server.url, tight)).status).toBe(200);
    expect((await run(server.url, tight)).status).toBe(200);
    const third = await run(server.url, tight);
    expect(third.status).toBe(429);
    const retry = Number(third.headers.get('retry-after'));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(await third.json()).toMatchObject({ status: 'error', error_type: 'rate_limited' });
    // The refused call is metered too, as an error.
    const mine = await (
      await fetch(`${server.url}/v2/usage`, { headers: { authorization: `Bearer ${tight}` } })
    ).json();
    expect(mine.days.at(-1)).toMatchObject({ requests: 3, errors: 1 });
    // Health and docs are never limited.
    expect((await fetch(`${server.url}/v2/`, { headers: { authorization: `Bearer ${tight}` } })).status).toBe(
      200,
    );

    const daily = cli(db, 'tokens', 'create', '--name', 'daily', '--scopes', '*', '--windows-per-day', '1');
    const runBody = EXAMPLE_BODIES['/run']![0] as { parameters: { windows: object } };
    const windows = Object.keys(runBody.parameters.windows).length;
    // A refused /run (its outline a line) analysed nothing: it bills no window and leaves the day's quota
    // whole; its usage header says so, and a browser client may read it (CORS exposes it).
    const refused = await fetch(`${server.url}/v2/run`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${daily}`,
        origin: 'https://app.example.org',
      },
      body: JSON.stringify({
        ...runBody,
        parameters: {
          ...runBody.parameters,
          room_polygon: [
            [0, 0],
            [1, 0],
          ],
        },
      }),
    });
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.headers.get('x-lux-usage')!)).toMatchObject({ windows: 0, triangles: 0 });
    expect(refused.headers.get('access-control-expose-headers')).toMatch(/x-lux-usage/i);
    await new Promise((r) => setTimeout(r, 1_200));
    const first = await fetch(`${server.url}/v2/run`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${daily}` },
      body: JSON.stringify(runBody),
    });
    expect(first.status).toBe(200);
    expect(JSON.parse(first.headers.get('x-lux-usage')!)).toMatchObject({ windows });
    // The day's counter is written within the meter's half second.
    await new Promise((r) => setTimeout(r, 1_200));
    const over = await run(server.url, daily);
    expect(over.status).toBe(429);
    const midnight = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`) + 86_400_000;
    expect(Math.abs(Number(over.headers.get('retry-after')) - (midnight - Date.now()) / 1000)).toBeLessThan(
      5,
    );
  }, 60_000);

  it('holds a token to its requests at once and its compute seconds a month', async () => {
    const one = cli(db, 'tokens', 'create', '--name', 'one-at-a-time', '--scopes', '*', '--concurrent', '1');
    const hall = { ...(EXAMPLE_BODIES['/run']![0] as object), quality: 'draft' };
    const sim = () =>
      fetch(`${server.url}/v2/simulate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${one}` },
        body: JSON.stringify(hall),
      });
    const codes = (await Promise.all([sim(), sim()])).map((r) => r.status).sort();
    expect(codes).toEqual([200, 429]);
    // Its slot is free again once the first has answered.
    expect((await sim()).status).toBe(200);

    const none = cli(
      db,
      'tokens',
      'create',
      '--name',
      'no-compute',
      '--scopes',
      '*',
      '--compute-s-per-month',
      '0',
    );
    const refused = await run(server.url, none);
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toMatch(/compute seconds a month/);
    const nextMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1));
    expect(
      Math.abs(Number(refused.headers.get('retry-after')) - (nextMonth.getTime() - Date.now()) / 1000),
    ).toBeLessThan(5);
  }, 60_000);

  it('rotates and revokes without a restart: the old secret is refused within seconds', async () => {
    const fresh = cli(db, 'tokens', 'rotate', '--name', 'office-app');
    expect(fresh).not.toBe(office);
    await new Promise((r) => setTimeout(r, 2_100));
    expect((await run(server.url, office)).status).toBe(401);
    expect((await run(server.url, fresh)).status).toBe(200);
    expect(cli(db, 'tokens', 'revoke', '--name', 'office-app')).toBe("revoked 'office-app'");
    const t0 = Date.now();
    while ((await run(server.url, fresh)).status !== 401) {
      expect(Date.now() - t0).toBeLessThan(5_000);
      await new Promise((r) => setTimeout(r, 200));
    }
    // Its usage stays, under its name, in the operator's table.
    expect(cli(db, 'usage', '--csv')).toMatch(/^office-app,/m);
  }, 60_000);
});
