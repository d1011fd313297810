import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { LuxError } from '../core/errors';

/**
 * A request body as one ArrayBuffer, for the worker thread to own (it is transferred, not copied).
 *
 * With a declared length, on the Node server, the socket's chunks go straight into one buffer of that
 * length: one copy. `Request.arrayBuffer()` makes two (the adapter concatenates its chunks, then slices an
 * ArrayBuffer out of them), ~40 ms each for a 17 MB mesh file on the bench machine, most of it page faults
 * of fresh memory. Elsewhere (a chunked body, `app.request` in tests) the platform's read is used.
 */
const readDirectly = new WeakSet<Request>();

export async function readBody(c: Context): Promise<ArrayBuffer> {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const declared = c.req.header('content-length');
  const length = Number(declared);
  if (
    !incoming ||
    declared === undefined ||
    !Number.isSafeInteger(length) ||
    c.req.header('transfer-encoding') !== undefined ||
    incoming.readableDidRead
  )
    return c.req.arrayBuffer();
  readDirectly.add(c.req.raw);
  const out = new Uint8Array(length);
  let filled = 0;
  try {
    for await (const chunk of incoming as AsyncIterable<Buffer>) {
      // Node's parser stops at the declared length; the guard keeps a bug from writing past it.
      if (filled + chunk.length > length) throw new Error('body longer than its content-length');
      out.set(chunk, filled);
      filled += chunk.length;
    }
  } catch {
    throw clientGone();
  }
  if (filled < length) throw clientGone();
  return out.buffer;
}

/** Whether readBody took the body from the socket itself (the Request does not know it was read). */
export const bodyReadDirectly = (req: Request): boolean => readDirectly.has(req);

const clientGone = () =>
  new LuxError('service_unavailable', 'The client closed the connection before its body had arrived');
