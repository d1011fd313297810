import { MODEL_TYPES } from '../core/api/modelTypes';
import { Hono, type Context } from 'hono';
import type { Component } from '../service/operations';
import { LuxError } from '../core/errors';
import { createApp, type AppDeps } from './app';
import type { Executor } from './executor/executor';
import { errorResponse } from './respond';
import { componentsOf, ROUTES, type RouteSpec } from '../service/operations';
import { closeIfBodyUnread } from './unreadBody';
import { accessLog } from './accessLog';

/**
 * One component of the multi-process mode (LUX_ROLE=obstruction|encoder|model|merger|stats): the
 * embedded app narrowed to the routes this component owns (routes.ts `component`), answering health
 * about itself. Other components' routes answer 404, so a LUX_<COMPONENT>_URL that points at the
 * wrong component fails loudly instead of computing in the wrong place. No web app: the gateway
 * serves it.
 */
const HEALTH_PATHS = ['/', '/v2', '/v2/', '/v1', '/v1/'] as const;
const API_BASES = ['/v2', '/v1'] as const;

/** `{status, service: "lux-<component>", version, services: {<component>: state}}`. */
export async function componentHealth(executor: Executor, component: Component, version: string) {
  const state = (await executor.components())[component];
  return {
    status: state === 'ready' ? 'running' : 'degraded',
    service: `lux-${component}`,
    version,
    services: { [component]: state },
    model_types: { ...MODEL_TYPES },
    mesh_store: await executor.meshStats(),
  };
}

export function createComponentApp(deps: Omit<AppDeps, 'staticApp'>, component: Component): Hono {
  // Logged once, here: the component's own answers (health, another component's route) as well.
  const inner = createApp({ ...deps, config: { ...deps.config, log: false } });
  const serves = (r: RouteSpec) => componentsOf(r).includes(component);
  const own = ROUTES.filter(serves).map((r) => r.path);
  const foreign = new Set(
    ROUTES.filter((r) => !serves(r)).flatMap((r) => API_BASES.map((b) => `${b}${r.path}`)),
  );
  const withCors = (res: Response) => {
    res.headers.set('access-control-allow-origin', '*');
    return res;
  };

  const app = new Hono();
  if (deps.config.log) app.use('*', accessLog);
  const health = async (c: Context) =>
    withCors(c.json(await componentHealth(deps.executor, component, deps.version)));
  for (const p of HEALTH_PATHS) app.get(p, health);
  app.all('*', (c) => {
    if (c.req.method !== 'OPTIONS' && foreign.has(c.req.path)) {
      const e = new LuxError(
        'not_found',
        `No route for ${c.req.method} ${c.req.path} on the ${component} component (it serves ${own.join(', ') || 'no routes'}); send API requests to the gateway`,
      );
      return closeIfBodyUnread(c.req.raw, withCors(errorResponse(e)));
    }
    return inner.fetch(c.req.raw, c.env);
  });
  return app;
}
