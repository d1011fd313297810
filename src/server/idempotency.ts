import { createHash } from 'node:crypto';
import { LuxError } from '../core/errors';
import type { FormPart } from '../service/requestBody';

export type { IdempotencyKey } from '../service/jobs/jobs';

/**
 * `Idempotency-Key` on `POST /v2/jobs` (draft-ietf-httpapi-idempotency-key-header): a client that got no
 * answer (a 502, a dropped connection) sends the same request again with the same key and gets the job the
 * first one made, not a second job billed twice. The key is the token's (another token's key is another
 * key); the request it came with is kept as a digest, and the same key with another body is refused (422).
 */
const MAX_KEY = 255;

/**
 * The header's key: the draft's form, a Structured Field string (`"8e03978e-…"`), or the bare token many
 * clients send (`8e03978e-…`); undefined when absent. Anything else is refused (400), not ignored: a client
 * that sends a key counts on it.
 */
export function idempotencyKey(
  header: string | undefined,
  /** What the refusal names: the header, or GET /v2/jobs's query parameter that filters by it. */
  source = 'Idempotency-Key',
): string | undefined {
  if (header === undefined) return undefined;
  const h = header.trim();
  const quoted = /^"((?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\["\\])*)"$/.exec(h);
  const key = quoted
    ? quoted[1]!.replace(/\\(["\\])/g, '$1')
    : /^[\x21\x23-\x5b\x5d-\x7e]+$/.test(h)
      ? h
      : null;
  if (key === null || key.length === 0 || key.length > MAX_KEY)
    throw new LuxError(
      'validation_error',
      `${source} must be 1–${MAX_KEY} printable ASCII characters, as a quoted string ("…") or bare`,
    );
  return key;
}

/**
 * The request's fingerprint: a JSON body's bytes, or a form's parts (names, file names, contents) — not its
 * bytes, whose boundary a client's library draws afresh for each try.
 */
export function requestDigest(body: ArrayBuffer | readonly FormPart[]): string {
  const h = createHash('sha256');
  if (body instanceof ArrayBuffer) h.update('json\0').update(new Uint8Array(body));
  else
    for (const p of body) {
      const value = typeof p.value === 'string' ? Buffer.from(p.value, 'utf8') : p.value;
      h.update(`${p.name}\0${p.filename ?? ''}\0${value.byteLength}\0`).update(value);
    }
  return h.digest('hex');
}
