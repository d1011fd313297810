import { request, Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, describe, expect, it } from 'vitest';
import { EXAMPLE_BODIES } from '../helpers/exampleBodies';
import { post, testApp } from './inProcess';

/**
 * Bodies read from the socket itself (src/server/readBody.ts) on a real Node server: the same answer as
 * the platform's read, keep-alive kept (the adapter's Request does not know its body was read), and a
 * client that hangs up before its declared length leaves the server answering the next request.
 */
describe('request bodies read from the socket', async () => {
  const app = testApp();
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((r) => server.once('listening', () => r()));
  const port = (server.address() as AddressInfo).port;
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  const body = JSON.stringify(EXAMPLE_BODIES['/obstruction_all']![0]);

  const send = (agent: Agent) =>
    new Promise<{ status: number; connection: string | undefined; reused: boolean; text: string }>(
      (resolve, reject) => {
        const req = request(
          {
            port,
            host: '127.0.0.1',
            path: '/v2/obstruction_all',
            method: 'POST',
            agent,
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          },
          (res) => {
            let text = '';
            res.on('data', (d) => (text += d));
            res.on('end', () =>
              resolve({
                status: res.statusCode!,
                connection: res.headers.connection,
                reused: req.reusedSocket,
                text,
              }),
            );
          },
        );
        req.on('error', reject);
        req.end(body);
      },
    );

  it('answers as the in-process read does, and keeps the connection alive', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const expected = await (await post(app, '/v2/obstruction_all', body)).text();
    const first = await send(agent);
    const second = await send(agent);
    agent.destroy();
    expect(first.status).toBe(200);
    expect(first.text).toBe(expected);
    expect(first.connection).not.toBe('close');
    expect(second.reused).toBe(true);
    expect(second.text).toBe(expected);
  });

  it('survives a client that hangs up part way through its declared body', async () => {
    await new Promise<void>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          'POST /v2/obstruction_all HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"room_polygon":',
        );
        setTimeout(() => socket.destroy(), 50);
      });
      socket.on('close', () => resolve());
      socket.on('error', () => {});
    });
    const agent = new Agent({ keepAlive: false });
    const next = await send(agent);
    expect(next.status).toBe(200);
  });
});
