import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import pkg from '../../package.json' with { type: 'json' };
import { createApp } from './app';
import { loadTokens } from './auth';
import { loadConfig, type ServerConfig } from './config';
import type { Executor } from './executor/executor';
import { GatewayExecutor } from './executor/gateway';
import { PoolExecutor } from './executor/local';
import { staticApp } from './staticApp';

/** Starts one server process in the role LUX_ROLE says (embedded by default). */
export function startServer(config: ServerConfig = loadConfig(process.env, availableParallelism())) {
  const executor: Executor =
    config.role === 'gateway'
      ? new GatewayExecutor(config.componentUrls, config.requestTimeoutMs)
      : new PoolExecutor({ threads: config.workers, maxQueue: config.maxQueue });
  const servesApp = (config.role === 'embedded' || config.role === 'gateway') && existsSync(join(config.appDir, 'index.html'));
  const app = createApp({
    config,
    executor,
    tokens: loadTokens(),
    version: pkg.version,
    role: config.role,
    ...(servesApp ? { staticApp: staticApp(config.appDir) } : {}),
  });
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    console.log(`lux ${config.role} listening on http://${config.host}:${info.port}${servesApp ? '' : ' (API only)'}`);
  });
  const stop = async () => {
    server.close();
    await executor.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return server;
}

const isMain = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/.*[/\\]/, ''));
if (isMain) startServer();
