import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import pkg from '../../package.json' with { type: 'json' };
import type { Component } from '../service/operations';
import { createApp } from './app';
import { loadTokens, StaticTokenStore } from './auth';
import { createComponentApp } from './componentApp';
import { loadConfig, type ServerConfig } from './config';
import type { Executor } from './executor/executor';
import { GatewayExecutor } from './executor/gateway';
import { PoolExecutor } from './executor/local';
import { ModelStatus } from '../service/model/status';
import { staticApp } from './staticApp';
import { openHosted } from '../service/hosted/hosted';
import { ROUTES } from '../service/operations';
import { closeIfcThread } from '../service/jobs/ifcThread';
import { stopOnSettingError } from './settingError';

/** Starts one server process in the role LUX_ROLE says (embedded by default). */
export async function startServer(config: ServerConfig = loadConfig(process.env, availableParallelism())) {
  if (process.env.LUX_LIGHT_WORKERS !== undefined)
    console.warn(
      'lux: LUX_LIGHT_WORKERS is no longer read: light work may use every thread; LUX_HEAVY_WORKERS limits heavy work (docs/deployment.md)',
    );
  const executor: Executor =
    config.role === 'gateway'
      ? new GatewayExecutor(config.componentUrls, {
          threads: config.workers,
          maxQueue: config.maxQueue,
          idleTimeoutMs: config.workerIdleMs,
          outboundToken: process.env.LUX_COMPONENT_TOKEN,
        })
      : new PoolExecutor(
          {
            threads: config.workers,
            maxQueue: config.maxQueue,
            idleTimeoutMs: config.workerIdleMs,
            heavyThreads: config.heavyWorkers,
            heapMb: config.workerHeapMb,
            meshStoreBytes: config.meshStoreBytes,
          },
          // Only the processes that serve the model component load it.
          new ModelStatus(config.role === 'embedded' || config.role === 'model' ? config.modelCard : null),
        );
  const isFront = config.role === 'embedded' || config.role === 'gateway';
  const servesApp = isFront && existsSync(join(config.appDir, 'index.html'));
  const fixed = new StaticTokenStore(loadTokens());
  // Hosted mode (issue 36): only the front authenticates, so only it opens the database.
  const hosted = isFront ? await openHosted(process.env, fixed, config.requestTimeoutMs) : null;
  if (hosted) console.log(`lux: hosted mode, ${hosted.db.kind} database ${hosted.db.where}`);
  // This replica's share of the jobs' rooms, on its own threads, as their requests would run (issue 37).
  const ops = {
    run: ROUTES.find((r) => r.path === '/run')!.op,
    simulate: ROUTES.find((r) => r.path === '/simulate')!.op,
  };
  await hosted?.runJobs(
    (kind, body, token) =>
      executor.run(
        {
          op: ops[kind],
          body,
          contentType: 'application/json',
          maxBodyBytes: config.maxBodyBytes,
          maxMeshPoints: config.maxMeshPoints,
          ...(config.maxWindows !== undefined ? { maxWindows: config.maxWindows } : {}),
          ...(config.maxCorners !== undefined ? { maxCorners: config.maxCorners } : {}),
          modelScopes: null, // checked when the job was made
          principal: token || null,
        },
        AbortSignal.timeout(config.requestTimeoutMs),
      ),
    config.workers,
  );
  const tokens = hosted?.tokens ?? fixed;
  const deps = {
    config,
    executor,
    tokens,
    version: pkg.version,
    role: config.role,
    ...(hosted ? { hosted } : {}),
  };
  const app = isFront
    ? createApp({ ...deps, ...(servesApp ? { staticApp: staticApp(config.appDir) } : {}) })
    : createComponentApp(deps, config.role as Component);
  let draining = false;
  const server = serve(
    {
      // Stopping, every answer says the connection ends with it: a keep-alive client under load moves to
      // another replica instead of holding this one open.
      fetch: async (req, env) => {
        const res = await app.fetch(req, env);
        if (draining)
          try {
            res.headers.set('connection', 'close');
          } catch {
            // an immutable response (a static file's): its connection closes when it goes idle
          }
        return res;
      },
      port: config.port,
      hostname: config.host,
      // Slow and idle clients: Node answers 408 and closes a connection whose headers, or whole request,
      // take longer than these (a body trickling at 1 byte/s, a socket that never sends a request), checked
      // every second.
      serverOptions: {
        headersTimeout: config.headersTimeoutMs,
        requestTimeout: Math.max(config.bodyTimeoutMs, config.headersTimeoutMs),
        keepAliveTimeout: config.keepAliveMs,
        connectionsCheckingInterval: 1_000,
      },
    },
    (info) => {
      console.log(
        `lux ${config.role} listening on http://${config.host}:${info.port}${servesApp ? '' : ' (API only)'}`,
      );
    },
  );
  // Beyond this many open connections new ones are closed at accept (each costs a socket and buffers).
  (server as { maxConnections: number }).maxConnections = config.maxConnections;
  // A port taken (another server, an earlier one still stopping) or not permitted is the operator's to
  // mend: one line naming it and the setting, not an unhandled error's stack.
  server.once('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EADDRINUSE' && e.code !== 'EACCES') throw e;
    const why = e.code === 'EADDRINUSE' ? 'the port is in use' : 'not permitted';
    console.error(`lux ${config.role}: cannot listen on ${config.host}:${config.port}: ${why} (PORT, HOST)`);
    process.exit(1);
  });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log(
      `lux ${config.role}: stopping; answering the calls already taken (up to ${config.requestTimeoutMs} ms, LUX_REQUEST_TIMEOUT_MS)`,
    );
    // Every request already taken is answered (hosted: and metered) before the threads close — up to the
    // request timeout (Node closes keep-alive connections as they go idle): a replica stopped behind a load
    // balancer drops no call. Meanwhile it takes no new room of a job, and the rooms it holds finish on its
    // threads (else each deploy would spend one of their retries), both within the same wait.
    draining = true;
    const idle = setInterval(
      () => (server as { closeIdleConnections?: () => void }).closeIdleConnections?.(),
      50,
    );
    await Promise.all([
      new Promise<void>((done) => {
        server.close(() => done());
        setTimeout(done, config.requestTimeoutMs).unref();
      }),
      hosted?.stopJobs(),
    ]);
    clearInterval(idle);
    await executor.close();
    await closeIfcThread();
    // The usage batched since the last write goes to the database before the process ends.
    await hosted?.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // Started by a supervisor with an IPC channel (multi.js, tests): leave with it, never as an orphan.
  process.once('disconnect', stop);
  return server;
}

const isMain = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/.*[/\\]/, ''));
// A setting it cannot honour (LUX_REQUEST_TIMEOUT_MS=1s) stops it in one line naming the variable, as a
// port in use does; anything else keeps its stack.
if (isMain) await startServer().catch(stopOnSettingError('lux'));
