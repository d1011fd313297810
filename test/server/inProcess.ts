import { createApp } from '../../src/server/app';
import {
  parseTokenFile,
  sha256,
  StaticTokenStore,
  type TokenEntry,
  type TokenStore,
} from '../../src/server/auth';
import { InlineExecutor } from '../../src/server/executor/local';
import { ModelStatus } from '../../src/service/model/status';

/** The app in-process (same thread), for exact statuses and messages without starting a server. */
export function testApp(
  opts: {
    /** The tokens (a fixed list, as LUX_API_TOKENS gives), or any token store. */
    tokens?: TokenEntry[] | TokenStore;
    maxBodyBytes?: number;
    maxMeshPoints?: number;
    maxWindows?: number;
    maxCorners?: number;
    corsOrigins?: string[] | '*';
    requestTimeoutMs?: number;
    /** A model card to serve /run with (it must have finished loading: see ModelStatus.settled). */
    model?: ModelStatus;
    /** LUX_MESH_STORE_BYTES. */
    meshStoreBytes?: number;
    /** LUX_COST_FACTOR. */
    costFactor?: number;
    /** The access log on stdout (LUX_LOG); off unless asked. */
    log?: boolean;
  } = {},
) {
  return createApp({
    config: {
      maxBodyBytes: opts.maxBodyBytes ?? 64 * 1024 * 1024,
      maxMeshPoints: opts.maxMeshPoints ?? 3_000_000,
      ...(opts.maxWindows !== undefined ? { maxWindows: opts.maxWindows } : {}),
      ...(opts.maxCorners !== undefined ? { maxCorners: opts.maxCorners } : {}),
      ...(opts.corsOrigins !== undefined ? { corsOrigins: opts.corsOrigins } : {}),
      ...(opts.costFactor !== undefined ? { costFactor: opts.costFactor } : {}),
      requestTimeoutMs: opts.requestTimeoutMs ?? 60_000,
      log: opts.log ?? false,
    },
    executor: new InlineExecutor(opts.model ?? new ModelStatus(null), opts.meshStoreBytes),
    tokens: Array.isArray(opts.tokens)
      ? new StaticTokenStore(opts.tokens)
      : (opts.tokens ?? new StaticTokenStore([])),
    version: '0.0.0-test',
  });
}

export function post(
  app: ReturnType<typeof testApp>,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return app.request(path, {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });
}

export function tokensFor(list: { token: string; name: string; scopes: string[] }[]): TokenEntry[] {
  return parseTokenFile(
    JSON.stringify(
      list.map((t) => ({ token_sha256: sha256(t.token).toString('hex'), name: t.name, scopes: t.scopes })),
    ),
  );
}
