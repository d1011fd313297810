import type { Context } from 'hono';
import { errorBody, HTTP_STATUS, LuxError } from '../core/errors';
import type { TaskResponse, TaskUsage } from '../service/task';

export const RETRY_AFTER_S = 2;

/** The one error mapper: a LuxError becomes api.md's JSON envelope with its status. */
export function errorResponse(e: LuxError): Response {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (e.type === 'authentication_error') headers['www-authenticate'] = 'Bearer';
  // Busy or a component restarting (~2 s, docs/deployment.md): a client may retry after this many seconds.
  if (e.type === 'service_unavailable') headers['retry-after'] = String(RETRY_AFTER_S);
  // A quota or rate limit (hosted mode): when the limit lets this token in again.
  if (e.type === 'rate_limited') headers['retry-after'] = String(Math.max(1, Math.ceil(e.retryAfterS ?? 1)));
  return new Response(JSON.stringify(errorBody(e)), { status: HTTP_STATUS[e.type], headers });
}

/**
 * A request's measure (windows, triangles, model type, compute ms) travels with its answer, so that a
 * gateway meters what its components computed; a client may read its own too.
 */
export const USAGE_HEADER = 'x-lux-usage';
/** Whose request a gateway forwards to a component: the owner of the contexts it stores or uses. */
export const OWNER_HEADER = 'x-lux-owner';

export function usageFromHeader(value: string | null): TaskUsage | undefined {
  if (!value) return undefined;
  try {
    const u = JSON.parse(value) as Partial<TaskUsage>;
    return {
      windows: Number(u.windows) || 0,
      triangles: Number(u.triangles) || 0,
      modelType: typeof u.modelType === 'string' ? u.modelType : null,
      computeMs: Number(u.computeMs) || 0,
    };
  } catch {
    return undefined;
  }
}

export function taskResponse(c: Context, r: TaskResponse): Response {
  const usage = r.usage ? { [USAGE_HEADER]: JSON.stringify(r.usage) } : {};
  if (!r.ok) {
    const res = errorResponse(new LuxError(r.error.type, r.error.message));
    // A refused or failed call analysed no window (hosted/usage.ts bills it none): its compute only.
    if (r.usage) res.headers.set(USAGE_HEADER, JSON.stringify({ ...r.usage, windows: 0, triangles: 0 }));
    return res;
  }
  const headers: Record<string, string> = { 'content-type': r.contentType, ...usage };
  if (r.filename) headers['content-disposition'] = `attachment; filename="${r.filename}"`;
  return c.body(typeof r.body === 'string' ? r.body : (r.body as Uint8Array<ArrayBuffer>), 200, headers);
}
