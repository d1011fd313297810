import { answerFromResponse, type RoomAnswer } from '../../core/api/roomAnswer';
import type { Remote } from './answerStore';

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
  const res = await fetch(new URL(path, r.url), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(r.token ? { authorization: `Bearer ${r.token}` } : {}),
    },
    body: JSON.stringify({ ...body, response_format: 'base64' }),
    ...(signal ? { signal } : {}),
  });
  const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) throw new Error(`Server ${res.status}: ${String(json.message ?? res.statusText)}`);
  return answerFromResponse(json);
}
