import type { Context } from 'hono';
import { errorBody, HTTP_STATUS, LuxError } from '../core/errors';
import type { TaskResponse } from '../service/task';

const RETRY_AFTER_S = 2;

/** The one error mapper: a LuxError becomes api.md's JSON envelope with its status. */
export function errorResponse(e: LuxError): Response {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (e.type === 'authentication_error') headers['www-authenticate'] = 'Bearer';
  // Busy or a component restarting (~2 s, docs/deployment.md): a client may retry after this many seconds.
  if (e.type === 'service_unavailable') headers['retry-after'] = String(RETRY_AFTER_S);
  return new Response(JSON.stringify(errorBody(e)), { status: HTTP_STATUS[e.type], headers });
}

export function taskResponse(c: Context, r: TaskResponse): Response {
  if (!r.ok) return errorResponse(new LuxError(r.error.type, r.error.message));
  const headers: Record<string, string> = { 'content-type': r.contentType };
  if (r.filename) headers['content-disposition'] = `attachment; filename="${r.filename}"`;
  return c.body(typeof r.body === 'string' ? r.body : (r.body as Uint8Array<ArrayBuffer>), 200, headers);
}
