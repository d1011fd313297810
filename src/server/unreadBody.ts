import { bodyReadDirectly } from './readBody';

/**
 * Keep-alive hygiene for answers given without reading the request body (401, 403, 404, 405, 413, a
 * 503 for a component that is down). The server then discards the connection once the unread rest
 * stops arriving, so it must say `Connection: close`; otherwise a keep-alive client sends its next
 * request down a closing socket and sees "other side closed" instead of an answer. A 413 is always
 * such an answer, even when the body was read part way (chunked uploads).
 */
export function closeIfBodyUnread(req: Request, res: Response): Response {
  const hasBody = req.headers.has('content-length') || req.headers.has('transfer-encoding');
  if (
    !hasBody ||
    req.method === 'GET' ||
    req.method === 'HEAD' ||
    ((req.bodyUsed || bodyReadDirectly(req)) && res.status !== 413)
  )
    return res;
  if (req.headers.get('content-length') === '0') return res;
  try {
    res.headers.set('connection', 'close');
    return res;
  } catch {
    // Immutable headers (a fetched Response): copy.
    const copy = new Response(res.body, res);
    copy.headers.set('connection', 'close');
    return copy;
  }
}
