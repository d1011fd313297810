import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Component } from '../../src/service/operations';
import { GatewayExecutor } from '../../src/server/executor/gateway';
import type { TaskRequest } from '../../src/service/task';

/**
 * The gateway executor against stand-in components (plain HTTP servers), for the cases a healthy
 * multi.js never shows: a component that refuses the gateway's token, one that answers garbage, one that
 * is not there, one that is another component; and the model-scope check off the event loop.
 */
type Handler = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void;

function fakeComponent(
  name: string,
  onPost: Handler,
): Promise<{ server: Server; url: string; seen: string[]; types: string[] }> {
  const seen: string[] = [];
  const types: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'GET') {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ status: 'running', service: `lux-${name}`, services: { [name]: 'ready' } }));
        return;
      }
      seen.push(`${req.url} ${req.headers.authorization ?? ''}`);
      types.push(req.headers['content-type'] ?? '');
      onPost(req, res, Buffer.concat(chunks));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, types }),
    ),
  );
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const task = (op: string, body: unknown, modelScopes: string[] | null = null): TaskRequest => ({
  op,
  body: new TextEncoder().encode(typeof body === 'string' ? body : JSON.stringify(body))
    .buffer as ArrayBuffer,
  maxMeshPoints: 3_000_000,
  modelScopes,
  principal: modelScopes ? 'restricted' : null,
});

describe('gateway executor', () => {
  const servers: Server[] = [];
  let gateway: GatewayExecutor;
  let stats: Awaited<ReturnType<typeof fakeComponent>>;

  beforeAll(async () => {
    stats = await fakeComponent('stats', (_req, res, body) =>
      json(res, 200, { status: 'success', bytes: body.length }),
    );
    const merger = await fakeComponent('merger', (_req, res) =>
      json(res, 401, { status: 'error', error: 'Unknown API token', error_type: 'authentication_error' }),
    );
    const encoder = await fakeComponent('encoder', (_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<h1>Bad gateway</h1>');
    });
    // Health says "I am the stats component": a mis-pointed LUX_MODEL_URL.
    const model = await fakeComponent('stats', (_req, res) => json(res, 200, {}));
    servers.push(stats.server, merger.server, encoder.server, model.server);
    const urls: Record<Component, string> = {
      stats: stats.url,
      merger: merger.url,
      encoder: encoder.url,
      model: model.url,
      obstruction: 'http://127.0.0.1:9', // discard port: nothing listens
    };
    gateway = new GatewayExecutor(urls, {
      threads: 1,
      maxQueue: 4,
      idleTimeoutMs: 1_000,
      outboundToken: 'component-secret',
    });
  });
  afterAll(async () => {
    await gateway?.close();
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  });

  it('reports each component as it describes itself; silent or someone else is unavailable', async () => {
    expect(await gateway.components()).toEqual({
      encoder: 'ready',
      merger: 'ready',
      model: 'unavailable',
      obstruction: 'unavailable',
      stats: 'ready',
    });
  });

  it('forwards the body to /v2/<route> with the component token', async () => {
    const body = { df_matrix: [[1]] };
    const r = await gateway.run(task('stats', body), AbortSignal.timeout(5_000));
    const bytes = JSON.stringify(body).length;
    expect(r).toEqual({
      ok: true,
      contentType: 'application/json',
      body: JSON.stringify({ status: 'success', bytes }),
    });
    expect(stats.seen.at(-1)).toBe('/v2/stats Bearer component-secret');
  });

  it('turns a component refusing the gateway, or answering garbage, or not answering, into 503', async () => {
    const quiet = console.error;
    console.error = () => {};
    try {
      const refused = await gateway.run(task('merge', {}), AbortSignal.timeout(5_000));
      expect(refused).toMatchObject({ ok: false, error: { type: 'service_unavailable' } });
      expect(JSON.stringify(refused)).toContain("refused the gateway's credentials");
    } finally {
      console.error = quiet;
    }
    expect(await gateway.run(task('get-reference-point', {}), AbortSignal.timeout(5_000))).toEqual({
      ok: false,
      error: {
        type: 'service_unavailable',
        message: 'Service unavailable: the encoder component answered 502',
      },
    });
    expect(await gateway.run(task('horizon', {}), AbortSignal.timeout(5_000))).toEqual({
      ok: false,
      error: {
        type: 'service_unavailable',
        message: 'Service unavailable: the obstruction component is not reachable',
      },
    });
  });

  it('checks a restricted token model_type before forwarding', async () => {
    const before = stats.seen.length;
    const denied = await gateway.run(
      task('stats', { model_type: 'da_custom_2.0.1' }, ['stats', 'model:df_default']),
      AbortSignal.timeout(5_000),
    );
    expect(denied).toEqual({
      ok: false,
      error: {
        type: 'permission_error',
        message: "Token 'restricted' is not allowed to use model_type 'da_custom_2.0.1'",
      },
    });
    expect(stats.seen.length).toBe(before); // never reached the component
    const allowed = await gateway.run(
      task('stats', { model_type: 'df_default_2.0.1' }, ['model:df_default']),
      AbortSignal.timeout(5_000),
    );
    expect(allowed.ok).toBe(true);
    const notJson = await gateway.run(
      task('stats', '{"model_type": "da_custom"', ['model:df_default']),
      AbortSignal.timeout(5_000),
    );
    expect(notJson.ok).toBe(true); // forwarded: the component answers invalid_json
  });

  it('forwards a multipart form with its own content type, and checks a restricted model_type inside it', async () => {
    const multipart = async (params: unknown, modelScopes: string[] | null): Promise<TaskRequest> => {
      const f = new FormData();
      f.set('params', JSON.stringify(params));
      f.set('mesh', new Blob(['[[0,0,0],[1,0,0],[0,1,0]]']), 'mesh.json');
      const r = new Request('http://x/', { method: 'POST', body: f });
      return {
        ...task('stats', {}, modelScopes),
        body: await r.arrayBuffer(),
        contentType: r.headers.get('content-type')!,
      };
    };
    const before = stats.seen.length;
    const denied = await gateway.run(
      await multipart({ model_type: 'da_custom_2.0.1' }, ['stats', 'model:df_default']),
      AbortSignal.timeout(5_000),
    );
    expect(denied).toMatchObject({ ok: false, error: { type: 'permission_error' } });
    expect(stats.seen.length).toBe(before);
    const req = await multipart({ model_type: 'df_default' }, ['model:df_default']);
    const allowed = await gateway.run(req, AbortSignal.timeout(5_000));
    expect(allowed.ok).toBe(true);
    expect(stats.types.at(-1)).toBe(req.contentType);
  });

  it('reads a big restricted body in a worker thread, not on the event loop', async () => {
    const big = {
      model_type: 'df_custom',
      mesh: Array.from({ length: 600_000 }, (_, i) => [i, i + 0.5, i * 0.25]),
    };
    const req = task('stats', big, ['model:df_default']);
    await gateway.run(
      task('stats', { model_type: 'df_default' }, ['model:df_default']),
      AbortSignal.timeout(10_000),
    ); // thread up
    const t0 = performance.now();
    JSON.parse(new TextDecoder().decode(req.body));
    const inline = performance.now() - t0;
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const r = await gateway.run(req, AbortSignal.timeout(20_000));
    delay.disable();
    expect(r).toMatchObject({ ok: false, error: { type: 'permission_error' } });
    // The parse alone blocks for `inline` ms; the gateway's loop never stalls that long.
    console.log(
      `model-scope check: inline parse ${inline.toFixed(0)} ms, event loop max delay ${(delay.max / 1e6).toFixed(0)} ms`,
    );
    expect(delay.max / 1e6).toBeLessThan(Math.max(inline * 0.6, 100));
  });
});
