import { answerFromResponse, type RoomAnswer } from '../../core/api/roomAnswer';
import type { Remote } from './answerStore';
import { uploadMesh } from './heldMesh';

/**
 * A Lux server's answers (the app's remote mode): /v2/run for the preview, /v2/simulate for the engine, in
 * the base64 shape (4 bytes a cell instead of ~8 characters), read back into the typed form the browser's
 * workers give.
 */
export async function remoteAnswer(
  r: Remote,
  path: '/v2/run' | '/v2/simulate',
  body: object,
  signal?: AbortSignal,
): Promise<RoomAnswer> {
  let res = await post(r, path, body, signal);
  // A body naming its surroundings by `mesh_id` (heldMesh.ts) that this server does not hold yet: the
  // mesh is stored there once (POST /v2/meshes gives it the same id) and the request sent again.
  const id = (body as { mesh_id?: unknown }).mesh_id;
  if (res.status === 404 && typeof id === 'string' && (await uploadMesh(r, id)))
    res = await post(r, path, body, signal);
  const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  // The service says why in `error` (api.md); `message` is kept for other servers' shape.
  if (!res.ok)
    throw new Error(serverRefusal(res.status, String(json.error ?? json.message ?? res.statusText)));
  return answerFromResponse(json);
}

async function post(r: Remote, path: string, body: object, signal?: AbortSignal): Promise<Response> {
  try {
    return await fetch(new URL(path, r.url), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(r.token ? { authorization: `Bearer ${r.token}` } : {}),
      },
      body: JSON.stringify({ ...body, response_format: 'base64' }),
      ...(signal ? { signal } : {}),
    });
  } catch (e) {
    if (signal?.aborted) throw e;
    throw new Error(
      `The server ${r.url} cannot be reached. Check its address in the Server panel, or clear it to compute in this browser.`,
      { cause: e },
    );
  }
}

/** A server's refusal as a sentence that says what to do (its own message and status kept in it). */
export function serverRefusal(status: number, message: string): string {
  const said = `The server said: “${message}” (${status}).`;
  if (status === 401 || status === 403)
    return `The server refused the request. ${said} Check the token in the Server panel.`;
  if (status === 413)
    return `The room is too large for this server. ${said} Ask its operator, or compute in this browser.`;
  if (status === 429 || status === 503)
    return `The server is busy. ${said} Edit again in a moment, or compute in this browser.`;
  if (status === 504)
    return `The server ran out of time. ${said} Compute in this browser, or ask its operator.`;
  if (status >= 500) return `The server failed. ${said} Compute in this browser, or tell its operator.`;
  return `The server cannot compute this room. ${said}`;
}
