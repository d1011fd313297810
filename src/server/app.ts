import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { errorBody, HTTP_STATUS, LuxError } from '../core/errors';
import { DEFAULT_MAX_CORNERS, DEFAULT_MAX_WINDOWS } from '../core/validation/requests';
import type { deletedMeshResponse, healthResponse, storedMeshResponse } from '../core/validation/responses';
import { authenticate, hasScope, type Principal, type TokenStore } from './auth';
import { ownerOf } from '../service/tokenStore';
import type { ServerConfig } from './config';
import type { Executor } from './executor/executor';
import { healthBody, healthStatus } from './health';
import { openApiDocument } from './openapi';
import { docsAsset, docsPage } from './docsPage';
import { errorResponse, OWNER_HEADER, RETRY_AFTER_S, taskResponse, USAGE_HEADER } from './respond';
import { ROUTES, STORE_MESH, type RouteSpec } from '../service/operations';
import { unknownMeshId } from '../service/threadMeshes';
import type { StaticApp } from './staticApp';
import { readBody } from './readBody';
import type { Hosted } from '../service/hosted/hosted';
import type { HostedPrincipal } from '../service/hosted/tokens';
import type { Admission } from '../service/hosted/limits';
import { usageByDay } from '../service/hosted/usage';
import { jobRoutes } from './jobRoutes';
import { DEFAULT_JOB_READS_PER_MINUTE, JobReadLimiter } from './jobReadLimit';
import type { TaskUsage } from '../service/task';
import { requestSignal } from './requestSignal';
import { closeIfBodyUnread } from './unreadBody';
import { accessLog } from './accessLog';
import { NO_MODEL_MESSAGE } from '../core/api/runOps';

export interface AppDeps {
  config: Pick<ServerConfig, 'maxBodyBytes' | 'maxMeshPoints' | 'requestTimeoutMs' | 'log'> &
    Partial<
      Pick<ServerConfig, 'maxWindows' | 'maxCorners' | 'corsOrigins' | 'costFactor' | 'jobReadsPerMinute'>
    >;
  executor: Executor;
  /** Who may call (service/tokenStore.ts); a store without tokens leaves the server open. */
  tokens: TokenStore;
  version: string;
  role?: string;
  /** The built web app; absent in API-only roles. */
  staticApp?: StaticApp;
  /** Hosted mode (issue 36): the database's meter and limiter; absent on a self-hosted server. */
  hosted?: Pick<Hosted, 'db' | 'meter' | 'limiter' | 'jobs' | 'databaseState'>;
}

const API_BASES = ['/v2', '/v1'] as const;
/** The processes that face clients; the others are components behind a gateway. */
const FRONT_ROLES = new Set(['embedded', 'gateway']);

export function createApp(deps: AppDeps): Hono {
  const { config, executor, tokens } = deps;
  const app = new Hono();

  app.use(
    '*',
    cors({
      // Any origin by default (the browser app may call a remote server); a hosted server names its own.
      origin: config.corsOrigins ?? '*',
      // Idempotency-Key: a browser's POST /v2/jobs may send one too (jobRoutes.ts).
      allowHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
      allowMethods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
      // A browser client reads what a call is billed by (X-Lux-Usage) as any other client does.
      exposeHeaders: ['Content-Disposition', 'Retry-After', USAGE_HEADER],
    }),
  );
  // Requests past authentication and waiting for or running their compute (health: `in_flight`).
  let inFlight = 0;
  // What a client may send (issue 18): the same limits the validator applies, from the configuration.
  const limits = {
    max_body_bytes: config.maxBodyBytes,
    max_mesh_points: config.maxMeshPoints,
    max_windows: config.maxWindows ?? DEFAULT_MAX_WINDOWS,
    max_corners: config.maxCorners ?? DEFAULT_MAX_CORNERS,
    request_timeout_ms: config.requestTimeoutMs,
  };
  const health = async (c: Context) => {
    const database = await deps.hosted?.databaseState();
    const status = healthStatus(database);
    if (status === 503) c.header('retry-after', String(RETRY_AFTER_S));
    return c.json(
      {
        ...(await healthBody(executor, deps.version, database)),
        in_flight: inFlight,
        limits,
      } satisfies z.output<typeof healthResponse>,
      status,
    );
  };
  for (const base of API_BASES) {
    app.get(`${base}`, health);
    app.get(`${base}/`, health);
    app.get(`${base}/openapi.json`, (c) => c.json(openApiDocument(deps.version)));
    app.get(`${base}/docs`, (c) => c.html(docsPage(base)));
    app.get(`${base}/docs/:file`, docsAsset);
  }

  const authorize = async (c: Context, route: RouteSpec): Promise<Principal | null> => {
    // A component trusts the gateway (only it holds the component token) to say whose request it is: the
    // owner of stored contexts (hosted mode's tenancy, meshStore.ts), read even where the component is open.
    const owner = deps.role && !FRONT_ROLES.has(deps.role) ? c.req.header(OWNER_HEADER) : undefined;
    if (!(await tokens.requiresToken())) return owner ? { name: owner, scopes: ['*'], owner } : null;
    const p = await authenticate(c.req.header('authorization'), tokens);
    const scopes = typeof route.scope === 'string' ? [route.scope] : route.scope;
    if (!scopes.some((s) => hasScope(p, s))) {
      throw new LuxError(
        'permission_error',
        `Token '${p.name}' has no ${scopes.map((s) => `'${s}'`).join(' or ')} scope for ${route.path}`,
      );
    }
    return owner ? { ...p, owner } : p;
  };

  const tooLarge = () =>
    errorResponse(
      new LuxError(
        'payload_too_large',
        `Request body above ${config.maxBodyBytes} bytes (LUX_MAX_BODY_BYTES)`,
      ),
    );
  const streamedLimit = bodyLimit({ maxSize: config.maxBodyBytes, onError: tooLarge });
  // A declared length is judged from the header alone. Hono's bodyLimit touches `req.raw.body` first,
  // which makes @hono/node-server build a web stream over the socket, and readBody (one copy) can no
  // longer read the socket itself. Chunked bodies (no length) still go through bodyLimit, which counts
  // them as they arrive.
  const limit: MiddlewareHandler = async (c, next) => {
    const length = c.req.header('content-length');
    if (length === undefined || c.req.header('transfer-encoding') !== undefined)
      return streamedLimit(c, next);
    if (Number(length) > config.maxBodyBytes) return tooLarge();
    await next();
  };

  /** Hosted mode: the token's limits first (429), and every answered call metered, errors included. */
  const metered = async (
    route: string,
    principal: Principal | null,
    work: () => Promise<{ res: Response; usage?: TaskUsage | undefined; bytesIn: number; bytesOut: number }>,
  ): Promise<Response> => {
    const hosted = deps.hosted;
    if (!hosted || !principal) return (await work()).res;
    const at = new Date();
    const t0 = performance.now();
    let status = 500,
      usage: TaskUsage | undefined,
      bytesIn = 0,
      bytesOut = 0,
      admission: Admission | null = null;
    try {
      // A call refused by a limit is a call too: metered with its 429.
      admission = await hosted.limiter.admit(principal as HostedPrincipal);
      const done = await work();
      ({ usage, bytesIn, bytesOut } = done);
      status = done.res.status;
      return done.res;
    } catch (e) {
      status = e instanceof LuxError ? HTTP_STATUS[e.type] : 500;
      throw e;
    } finally {
      hosted.meter?.record({
        owner: ownerOf(principal)!,
        token: principal.name,
        at,
        route,
        modelType: usage?.modelType ?? null,
        status,
        windows: usage?.windows ?? 0,
        triangles: usage?.triangles ?? 0,
        computeMs: usage?.computeMs ?? performance.now() - t0,
        bytesIn,
        bytesOut,
      });
      // A slot that cannot be freed now lapses at its expiry; the answer stands.
      await (admission as Admission | null)
        ?.release()
        .catch((e: Error) => console.error('lux: concurrency slot not freed:', e.message));
    }
  };

  for (const route of ROUTES) {
    const handler = async (c: Context) => {
      const principal = await authorize(c, route);
      return metered(route.path, principal, () => runRoute(c, route, principal));
    };
    for (const base of API_BASES) app.post(`${base}${route.path}`, limit, handler);
  }

  async function runRoute(
    c: Context,
    route: RouteSpec,
    principal: Principal | null,
  ): Promise<{ res: Response; usage?: TaskUsage; bytesIn: number; bytesOut: number }> {
    const comp = route.component;
    let state = (await executor.components())[comp];
    // /run needs the model itself; every other route only needs its component to answer.
    const available = () => (route.needsModel ? state === 'ready' : executor.reachable(comp));
    // A cached refusal may be older than the component (its first probe came before it listened): asked
    // again, once, before the call is refused.
    if (!available() && executor.recheck) state = await executor.recheck(comp);
    const unavailable = () =>
      new LuxError('service_unavailable', `Service unavailable: ${executor.unavailableReason(comp, state)}`);
    // Without the model, a route that needs it still runs while its component answers: the body is judged
    // first (a client's error is its 400, not a 503), and a room the engine answers (climate, a skylight,
    // `quality: engine`) needs no model; the others get the 503 with the reason (docs/api-decisions.md).
    if (!executor.reachable(comp)) throw unavailable();
    const withoutModel = !available();
    const body = await readBody(c);
    const bytesIn = body.byteLength;
    // A client that hangs up takes its work with it: queued, it is dropped; running, its thread is ended
    // (piscina aborts by terminating it), so a gone client never holds a core.
    const watch = requestSignal(config.requestTimeoutMs, c.req.raw.signal);
    inFlight++;
    try {
      const res = await executor.run(
        {
          op: route.op,
          body,
          contentType: c.req.header('content-type'),
          maxBodyBytes: config.maxBodyBytes,
          maxMeshPoints: config.maxMeshPoints,
          ...(config.maxWindows !== undefined ? { maxWindows: config.maxWindows } : {}),
          ...(config.maxCorners !== undefined ? { maxCorners: config.maxCorners } : {}),
          ...(config.costFactor ? { budgetMs: config.costFactor * config.requestTimeoutMs } : {}),
          modelScopes: principal ? principal.scopes : null,
          principal: principal?.name ?? null,
          owner: ownerOf(principal),
        },
        watch.signal,
      );
      // The answer's size from the worker's bytes: measuring the Response would copy a ZIP on the event loop.
      const bytesOut = res.ok
        ? typeof res.body === 'string'
          ? Buffer.byteLength(res.body)
          : res.body.byteLength
        : Buffer.byteLength(JSON.stringify(errorBody(new LuxError(res.error.type, res.error.message))));
      // The worker's "no model" (it sees no card) said as the model's status says it (loading, no card at …).
      if (
        withoutModel &&
        !res.ok &&
        res.error.type === 'service_unavailable' &&
        res.error.message === NO_MODEL_MESSAGE
      )
        throw unavailable();
      return { res: taskResponse(c, res), ...(res.usage ? { usage: res.usage } : {}), bytesIn, bytesOut };
    } catch (e) {
      if (watch.timedOut()) {
        throw new LuxError(
          'timeout',
          `Request took longer than ${config.requestTimeoutMs} ms (LUX_REQUEST_TIMEOUT_MS)`,
        );
      }
      // Nobody is left to read the answer; a plain error keeps it out of the internal-error log.
      if (c.req.raw.signal.aborted)
        throw new LuxError('service_unavailable', 'The client closed the connection');
      throw e;
    } finally {
      watch.done();
      inFlight--;
    }
  }

  // Stored contexts (POST /v2/meshes above): look one up, or forget it. The same scopes as storing one.
  const meshRoute = ROUTES.find((r) => r.op === STORE_MESH)!;
  const meshId = (c: Context): string => {
    const id = c.req.param('id') ?? '';
    if (!/^[0-9a-f]{64}$/.test(id))
      throw new LuxError('validation_error', `'${id.slice(0, 80)}' is not a mesh_id (64 hexadecimal digits)`);
    return id;
  };
  for (const base of API_BASES) {
    app.get(`${base}/meshes/:id`, async (c) => {
      const p = await authorize(c, meshRoute);
      const id = meshId(c);
      const info = await executor.meshInfo(id, ownerOf(p));
      if (!info) throw unknownMeshId(id);
      return c.json({ status: 'success', ...info } satisfies z.output<typeof storedMeshResponse>);
    });
    app.delete(`${base}/meshes/:id`, async (c) => {
      const p = await authorize(c, meshRoute);
      const id = meshId(c);
      if (!(await executor.deleteMesh(id, ownerOf(p)))) throw unknownMeshId(id);
      return c.json({
        status: 'success',
        mesh_id: id,
        deleted: true,
      } satisfies z.output<typeof deletedMeshResponse>);
    });
  }

  // Long work as jobs (issue 37): jobRoutes.ts. Their reads are limited apart from the compute calls.
  const jobReads = new JobReadLimiter(config.jobReadsPerMinute ?? DEFAULT_JOB_READS_PER_MINUTE);
  jobRoutes(app, API_BASES, {
    hosted: deps.hosted,
    executor,
    maxMeshPoints: config.maxMeshPoints,
    authorize: async (c, scope) => {
      if (!(await tokens.requiresToken())) return null;
      const p = await authenticate(c.req.header('authorization'), tokens);
      if (scope !== null && !hasScope(p, scope))
        throw new LuxError('permission_error', `Token '${p.name}' has no '${scope}' scope for /jobs`);
      return p;
    },
    read: (p) => {
      if (p) jobReads.take(ownerOf(p)!, p.name);
    },
  });

  // A token's own usage by UTC day (hosted mode): ?from=YYYY-MM-DD&to=YYYY-MM-DD, this month by default.
  for (const base of API_BASES) {
    app.get(`${base}/usage`, async (c) => {
      const hosted = deps.hosted;
      if (!hosted || !(await tokens.requiresToken()))
        throw new LuxError(
          'not_found',
          'Usage is recorded in hosted mode only: a server whose database holds tokens',
        );
      const p = await authenticate(c.req.header('authorization'), tokens);
      const today = new Date().toISOString().slice(0, 10);
      const from = c.req.query('from') ?? `${today.slice(0, 7)}-01`;
      const to = c.req.query('to') ?? today;
      for (const [k, v] of [
        ['from', from],
        ['to', to],
      ] as const)
        // The date as written, round-tripped: 2024-02-30 or year 0 are refused here, not by the database.
        if (
          !/^\d{4}-\d{2}-\d{2}$/.test(v) ||
          Number.isNaN(Date.parse(v)) ||
          new Date(v).toISOString().slice(0, 10) !== v ||
          v < '1970'
        )
          throw new LuxError(
            'validation_error',
            `Parameter '${k}' must be a date YYYY-MM-DD, got '${v.slice(0, 40)}'`,
          );
      if (Date.parse(to) < Date.parse(from))
        throw new LuxError('validation_error', `'to' (${to}) is before 'from' (${from})`);
      if (Date.parse(to) - Date.parse(from) > 366 * 86_400_000)
        throw new LuxError('validation_error', 'At most 366 days at a time');
      // This replica's calls so far are in the answer (the others' within their half-second batches).
      await hosted.meter?.flush();
      const days = await usageByDay(hosted.db, ownerOf(p)!, from, to);
      return c.json({ status: 'success', token: p.name, from, to, days });
    });
  }

  // `/` answers health to API clients and the web app to browsers.
  app.get('/', async (c) => {
    if (deps.staticApp && prefersHtml(c.req.header('accept'))) return deps.staticApp.index(c);
    return health(c);
  });
  if (deps.staticApp) app.get('*', (c) => deps.staticApp!.asset(c));

  app.notFound((c) =>
    errorResponse(
      new LuxError(
        'not_found',
        `No route for ${c.req.method} ${c.req.path}; the API lives under /v2 (see /v2/docs)`,
      ),
    ),
  );
  app.onError((e) => {
    if (e instanceof LuxError) return errorResponse(e);
    console.error('unhandled error:', e);
    return errorResponse(new LuxError('internal_error', 'Internal error while processing the request'));
  });
  return withMethodNotAllowed(app, config.corsOrigins ?? '*', config.log);
}

function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const html = accept.indexOf('text/html');
  const json = accept.indexOf('application/json');
  return html >= 0 && (json < 0 || html < json);
}

/** Wrong method on a known path → 405 JSON with `Allow` (never Hono's 404 or an HTML page). */
function withMethodNotAllowed(app: Hono, origins: string[] | '*', log: boolean): Hono {
  const known = new Map<string, Set<string>>();
  // Paths with parameters (`/v2/meshes/:id`) by pattern, so a wrong method there is a 405 too, not a 404.
  const patterns = new Map<string, RegExp>();
  for (const r of app.routes) {
    if (r.method === 'ALL' || r.path.includes('*')) continue;
    const set = known.get(r.path) ?? new Set<string>();
    set.add(r.method);
    if (r.method === 'GET') set.add('HEAD');
    known.set(r.path, set);
    if (r.path.includes(':') && !patterns.has(r.path)) {
      const source = r.path
        .split('/')
        .map((seg) => (seg.startsWith(':') ? '[^/]+' : seg.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
        .join('/');
      patterns.set(r.path, new RegExp(`^${source}$`));
    }
  }
  const allowedOn = (path: string): Set<string> | undefined => {
    let found = known.get(path);
    for (const [route, re] of patterns)
      if (re.test(path)) found = new Set([...(found ?? []), ...known.get(route)!]);
    return found;
  };
  const outer = new Hono();
  // Logged here, outside the routes: a 405 is answered before any of them (LUX_LOG).
  if (log) outer.use('*', accessLog);
  outer.all('*', async (c) => {
    const allowed = allowedOn(c.req.path);
    if (allowed && !allowed.has(c.req.method) && c.req.method !== 'OPTIONS') {
      const res = errorResponse(
        new LuxError(
          'method_not_allowed',
          `Method ${c.req.method} not allowed on ${c.req.path}; use ${[...allowed].join(', ')}`,
        ),
      );
      res.headers.set('allow', [...allowed].join(', '));
      // The CORS answer the routes give: any origin, or a hosted server's own (never '*' past its list).
      const origin = c.req.header('origin');
      if (origins === '*') res.headers.set('access-control-allow-origin', '*');
      else if (origin && origins.includes(origin)) {
        res.headers.set('access-control-allow-origin', origin);
        res.headers.set('vary', 'Origin');
      }
      return closeIfBodyUnread(c.req.raw, res);
    }
    return closeIfBodyUnread(c.req.raw, await app.fetch(c.req.raw, c.env));
  });
  return outer;
}
