import type { MiddlewareHandler } from 'hono';

/**
 * The access log (LUX_LOG): one line per answer, method, path, status and time; never headers or tokens.
 * It sits on the outermost app, so that every answer is logged, those given before any route (a wrong
 * method's 405, a component's own health and 404s) included.
 */
export const accessLog: MiddlewareHandler = async (c, next) => {
  const t0 = performance.now();
  await next();
  console.log(`${c.req.method} ${c.req.path} ${c.res.status} ${(performance.now() - t0).toFixed(1)}ms`);
};
