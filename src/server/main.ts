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

/** Starts one server process in the role LUX_ROLE says (embedded by default). */
export function startServer(config: ServerConfig = loadConfig(process.env, availableParallelism())) {
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
  const tokens = new StaticTokenStore(loadTokens());
  const deps = { config, executor, tokens, version: pkg.version, role: config.role };
  const app = isFront
    ? createApp({ ...deps, ...(servesApp ? { staticApp: staticApp(config.appDir) } : {}) })
    : createComponentApp(deps, config.role as Component);
  const server = serve(
    {
      fetch: app.fetch,
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
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    server.close();
    await executor.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // Started by a supervisor with an IPC channel (multi.js, tests): leave with it, never as an orphan.
  process.once('disconnect', stop);
  return server;
}

const isMain = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/.*[/\\]/, ''));
if (isMain) startServer();
