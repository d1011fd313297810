import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_STATUS, type LuxErrorType } from '../../src/core/errors';
import { ROUTES } from '../../src/service/operations';
import { EXAMPLE_BODIES } from '../helpers/exampleBodies';
import { fuzzCase, type FuzzCase } from '../helpers/fuzzBodies';
import { seededRandom } from '../helpers/seededRandom';
import { getHealth, startServer, type RunningServer } from '../helpers/server';

/**
 * quality.md §Robustness: thousands of random and mutated bodies against the built server (worker
 * threads: the real path). Every answer is a 4xx JSON error in api.md's envelope or a 200; never a 500,
 * never a 5xx other than /run's deliberate 503 (model not installed or still loading); the server survives and still
 * answers health. Small body and mesh limits make the size mutations reach 413 as well.
 */
const SEED = 20_240_601;
const CASES = 2_200;
const CONCURRENCY = 8;
const ERROR_TYPES = new Set(Object.keys(HTTP_STATUS));
const MAX_BODY_BYTES = 512 * 1024;

/** Why an answer breaks the contract, or null when it keeps it. */
function verdict(path: string, status: number, type: string, bytes: Uint8Array): string | null {
  const text = new TextDecoder().decode(bytes);
  if (status === 200) {
    if (type.startsWith('application/zip'))
      return bytes[0] === 0x50 && bytes[1] === 0x4b ? null : 'a 200 ZIP that is not a ZIP';
    if (!type.startsWith('application/json')) return `a 200 with content type '${type}'`;
    return (JSON.parse(text) as { status?: unknown }).status === 'success'
      ? null
      : 'a 200 without status "success"';
  }
  const deliberate503 = status === 503 && path.replace(/^\/v[12]/, '') === '/run';
  if ((status < 400 || status >= 500) && !deliberate503) return `HTTP ${status}: ${text.slice(0, 200)}`;
  if (!type.startsWith('application/json')) return `error with content type '${type}'`;
  let e: { status?: unknown; error?: unknown; error_type?: unknown };
  try {
    e = JSON.parse(text) as typeof e;
  } catch {
    return `error body is not JSON: ${text.slice(0, 200)}`;
  }
  if (e.status !== 'error' || typeof e.error !== 'string' || e.error.length === 0)
    return `not the error envelope: ${text.slice(0, 200)}`;
  if (typeof e.error_type !== 'string' || !ERROR_TYPES.has(e.error_type))
    return `unknown error_type ${String(e.error_type)}`;
  if (HTTP_STATUS[e.error_type as LuxErrorType] !== status)
    return `error_type ${e.error_type} with HTTP ${status}`;
  if (/\n\s+at /.test(e.error)) return 'a stack trace in the message';
  return null;
}

async function send(
  url: string,
  path: string,
  c: FuzzCase,
): Promise<{ status: number; reason: string | null }> {
  const headers: Record<string, string> = c.contentType ? { 'content-type': c.contentType } : {};
  try {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      body: c.bytes,
      headers,
      signal: AbortSignal.timeout(30_000),
    });
    const bytes = new Uint8Array(await res.arrayBuffer());
    return {
      status: res.status,
      reason: verdict(path, res.status, res.headers.get('content-type') ?? '', bytes),
    };
  } catch (e) {
    const cause = String((e as { cause?: unknown }).cause);
    // Above the body limit the server answers 413 at once and drops the connection without reading the
    // rest (api.md's limit exists so it need not); a client still uploading may see the reset first.
    if (c.bytes.length > MAX_BODY_BYTES && /EPIPE|ECONNRESET|other side closed/.test(cause))
      return { status: 413, reason: null };
    // A reset on a reused keep-alive socket before any answer: HTTP clients (browsers, curl) send such a
    // request again on a new connection (RFC 9112 §9.3.1). Seen once in a loaded CI run; the contract is
    // that the body then gets its proper answer, so it is sent again, alone, and judged on that answer.
    if (/ECONNRESET|other side closed/.test(cause)) {
      resets++;
      try {
        const again = await postOnce(`${url}${path}`, c.bytes, headers);
        return { status: again.status, reason: verdict(path, again.status, again.type, again.bytes) };
      } catch (e2) {
        return { status: 0, reason: `request failed twice: ${String(e)} ${cause}; then ${String(e2)}` };
      }
    }
    return { status: 0, reason: `request failed: ${String(e)} ${cause}` };
  }
}

let resets = 0;

/** One POST on a connection of its own (no keep-alive pool). */
function postOnce(
  url: string,
  body: Uint8Array,
  headers: Record<string, string>,
): Promise<{ status: number; type: string; bytes: Uint8Array }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent: false, headers, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          type: String(res.headers['content-type'] ?? ''),
          bytes: new Uint8Array(Buffer.concat(chunks)),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.end(body);
  });
}

describe(`fuzz: hostile bodies on every POST route (seed ${SEED})`, () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({
      LUX_WORKERS: '2',
      LUX_MAX_BODY_BYTES: String(MAX_BODY_BYTES),
      LUX_MAX_MESH_POINTS: '3000',
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('has a valid example body for every route of routes.ts', () => {
    for (const r of ROUTES) expect(EXAMPLE_BODIES[r.path]?.length, r.path).toBeGreaterThan(0);
  });

  it(`answers ${CASES} mutated bodies with 200 or a 4xx JSON error, and stays up`, async () => {
    const rng = seededRandom(SEED);
    // Generated up front, in index order, so a case does not depend on response timing.
    const cases = Array.from({ length: CASES }, (_, index) => {
      const route = ROUTES[index % ROUTES.length]!;
      const path = `${rng.chance(0.15) ? '/v1' : '/v2'}${route.path}`;
      return { index, path, c: fuzzCase(rng, rng.pick(EXAMPLE_BODIES[route.path] ?? [{}])) };
    });
    const failures: { index: number; path: string; reason: string; how: string[]; body: string }[] = [];
    const statuses: Record<number, number> = {};
    let next = 0;
    const client = async () => {
      for (let i = next++; i < cases.length; i = next++) {
        const { index, path, c } = cases[i]!;
        const { status, reason } = await send(server.url, path, c);
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (reason)
          failures.push({
            index,
            path,
            reason,
            how: c.how,
            body: new TextDecoder().decode(c.bytes.slice(0, 300)),
          });
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, client));
    console.log(
      `fuzz seed ${SEED}: ${CASES} cases, statuses ${JSON.stringify(statuses)}, ${resets} reset(s) sent again`,
    );
    // Resets are a rare race, not a way of answering: more than a handful means the server drops sockets.
    expect(resets).toBeLessThanOrEqual(3);
    expect(server.proc.alive(), `the server died:\n${server.proc.output()}`).toBe(true);
    expect(failures.slice(0, 5), `${failures.length} of ${CASES} cases failed`).toEqual([]);
    expect((await getHealth(server.url)).service).toBe('lux');
    // ~41 s on two idle cores; a second test run on the same machine took it past vitest's 60 s default.
  }, 180_000);
});
