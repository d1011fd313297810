import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { StaticTokenStore } from '../../src/server/auth';
import { InlineExecutor } from '../../src/server/executor/local';
import { ModelStatus } from '../../src/service/model/status';
import { openHosted, type Hosted } from '../../src/service/hosted/hosted';
import { databaseHealth } from '../../src/service/hosted/databaseHealth';
import { healthResponse } from '../../src/core/validation/responses';
import { newEmbeddedDatabase } from '../helpers/embeddedDatabase';

/**
 * Health reports a hosted replica's database (docs/deployment.md §Hosted mode): a replica whose database does
 * not answer serves no authenticated call, so its health answers 503 and a load balancer's check takes it
 * out; a self-hosted server (no database) answers as before.
 */
let hosted: Hosted | null = null;
afterAll(async () => {
  await hosted?.close().catch(() => undefined);
});

const appWith = (h?: Hosted) =>
  createApp({
    config: { maxBodyBytes: 1 << 20, maxMeshPoints: 1000, requestTimeoutMs: 10_000, log: false },
    executor: new InlineExecutor(new ModelStatus(null)),
    tokens: h?.tokens ?? new StaticTokenStore([]),
    version: '0.0.0-test',
    ...(h ? { hosted: h } : {}),
  });

describe('health and the database', () => {
  it('has no database field without a database', async () => {
    const res = await appWith().request('/v2/');
    expect(res.status).toBe(200);
    expect(await res.json()).not.toHaveProperty('database');
  });

  it('reports the embedded database ready, then unavailable (503, Retry-After) once it stops answering', async () => {
    hosted = await openHosted(
      { LUX_DATABASE_URL: newEmbeddedDatabase('lux-health-db-'), LUX_JOBS: 'off' },
      new StaticTokenStore([]),
      10_000,
    );
    const app = appWith(hosted!);
    const up = await app.request('/v2/');
    expect(up.status).toBe(200);
    const body = await up.json();
    expect(body).toMatchObject({ database: 'ready', service: 'lux' });
    expect(healthResponse.safeParse(body).success).toBe(true);
    await hosted!.db.close();
    await new Promise((r) => setTimeout(r, 1_100)); // past the state's one-second cache
    const down = await app.request('/v2/');
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('2');
    const downBody = await down.json();
    expect(downBody).toMatchObject({ status: 'degraded', database: 'unavailable' });
    expect(healthResponse.safeParse(downBody).success).toBe(true);
    // `/` answers the same to API clients.
    expect((await app.request('/')).status).toBe(503);
  }, 60_000);

  it('calls a database that hangs unavailable within 1.5 s, with one query in flight however often polled', async () => {
    let queries = 0;
    const state = databaseHealth({
      query: () => {
        queries++;
        return new Promise(() => {});
      },
    });
    const t0 = Date.now();
    expect(await state()).toBe('unavailable');
    expect(Date.now() - t0).toBeLessThan(2_500);
    await new Promise((r) => setTimeout(r, 1_100));
    expect(await state()).toBe('unavailable');
    expect(queries).toBe(1);
  });
});
