import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { StaticTokenStore } from '../../src/server/auth';
import { GatewayExecutor } from '../../src/server/executor/gateway';
import type { Component } from '../../src/service/operations';
import { errorBody, LuxError } from '../../src/core/errors';

/**
 * A gateway started beside its components (multi.js starts them together) may probe a component before it
 * listens. A call that comes once the component is up is answered, not refused with 503 from the stale
 * probe until the health cache runs out; a component that is still down costs a bounded re-probe.
 */
const open: Server[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A stand-in component on `port` (0: any) in the state given, counting its health probes. */
function stubComponent(
  port = 0,
  name: Component = 'stats',
  state = 'ready',
): Promise<{ port: number; probes: () => number }> {
  let probes = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.method === 'GET') {
        probes++;
        res.end(JSON.stringify({ status: 'running', service: `lux-${name}`, services: { [name]: state } }));
      } else if (state === 'ready') res.end(JSON.stringify({ status: 'success' }));
      else {
        // As a component answers a call it cannot serve yet (a model room while its model loads).
        res.statusCode = 503;
        const e = new LuxError(
          'service_unavailable',
          `Service unavailable: the ${name} component is ${state}`,
        );
        res.end(JSON.stringify(errorBody(e)));
      }
    });
  });
  open.push(server);
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () =>
      resolve({ port: (server.address() as AddressInfo).port, probes: () => probes }),
    ),
  );
}

/** A port nothing listens on now (taken, then given back). */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

function gatewayApp(statsPort: number) {
  const url = `http://127.0.0.1:${statsPort}`;
  const urls = Object.fromEntries(
    (['encoder', 'merger', 'model', 'obstruction', 'stats'] as Component[]).map((c) => [c, url]),
  ) as Record<Component, string>;
  const executor = new GatewayExecutor(urls, { threads: 1, maxQueue: 4, idleTimeoutMs: 1_000 });
  const app = createApp({
    config: { maxBodyBytes: 1 << 20, maxMeshPoints: 1000, requestTimeoutMs: 10_000, log: false },
    executor,
    tokens: new StaticTokenStore([]),
    version: '0.0.0-test',
    role: 'gateway',
  });
  const request = (path: string) =>
    app.request(path, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
  return { app, executor, request, stats: () => request('/v2/stats') };
}

describe('a gateway whose first probe predates its component', () => {
  it('answers a call that comes once the component is up', async () => {
    const port = await freePort();
    const { app, executor, stats } = gatewayApp(port);
    try {
      // Its first health answer: the component is not there yet.
      const before = await (await app.request('/v2/')).json();
      expect(before.services.stats).toBe('unavailable');
      expect((await stats()).status).toBe(503);
      await stubComponent(port);
      // Within the health cache's second: the stale probe must not refuse the call.
      const res = await stats();
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'success' });
      // And health says so at once.
      expect((await (await app.request('/v2/')).json()).services.stats).toBe('ready');
    } finally {
      await executor.close();
    }
  });

  it('still refuses while the component cannot answer, with one re-probe shared by the calls meanwhile', async () => {
    const model = await stubComponent(0, 'model', 'loading');
    const { executor, request } = gatewayApp(model.port);
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => request('/v2/run')));
      for (const a of answers) {
        expect(a.status).toBe(503);
        expect((await a.json()).error).toBe('Service unavailable: the model component is loading');
      }
      // The first look at all five (each points here), then one re-probe for the twenty calls.
      expect(model.probes()).toBeLessThanOrEqual(7);
    } finally {
      await executor.close();
    }
  });

  it('does not probe a component that answered, per call', async () => {
    const c = await stubComponent();
    const { executor, stats } = gatewayApp(c.port);
    try {
      for (let i = 0; i < 10; i++) expect((await stats()).status).toBe(200);
      // One probe per component name pointing here (five), within the health cache's second.
      expect(c.probes()).toBeLessThanOrEqual(5);
    } finally {
      await executor.close();
    }
  });
});
