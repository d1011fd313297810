import { createHash, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { LuxError } from '../core/errors';

/**
 * Bearer tokens (api.md §Authentication). Tokens are kept only as SHA-256 digests and compared in
 * constant time against every known digest, so neither timing nor a memory dump reveals them.
 *
 * Scopes: `*` covers everything; otherwise a route's scope (`run`, `encode`, `obstruction`, `geometry`,
 * `stats`, `merge`, `simulate`) must be listed, and routes that take a `model_type` also need
 * `model:<type>` (e.g. `model:df_default`) or `model:*`.
 */
export interface TokenEntry {
  digest: Buffer;
  name: string;
  scopes: string[];
}

export interface Principal {
  name: string;
  scopes: string[];
}

export const sha256 = (s: string): Buffer => createHash('sha256').update(s, 'utf8').digest();

export function loadTokens(env: NodeJS.ProcessEnv = process.env): TokenEntry[] {
  const entries: TokenEntry[] = [];
  const list =
    env.LUX_API_TOKENS?.split(',')
      .map((t) => t.trim())
      .filter(Boolean) ?? [];
  list.forEach((t, i) => entries.push({ digest: sha256(t), name: `env-token-${i + 1}`, scopes: ['*'] }));
  if (env.LUX_API_TOKENS_FILE) entries.push(...parseTokenFile(readFileSync(env.LUX_API_TOKENS_FILE, 'utf8')));
  return entries;
}

export function parseTokenFile(text: string): TokenEntry[] {
  const raw: unknown = JSON.parse(text);
  if (!Array.isArray(raw))
    throw new Error('LUX_API_TOKENS_FILE must hold a JSON list of {token_sha256, name, scopes}');
  return raw.map((e: unknown, i) => {
    const o = e as { token_sha256?: unknown; name?: unknown; scopes?: unknown };
    if (typeof o.token_sha256 !== 'string' || !/^[0-9a-f]{64}$/i.test(o.token_sha256)) {
      throw new Error(`LUX_API_TOKENS_FILE entry ${i}: token_sha256 must be 64 hex digits`);
    }
    const scopes = Array.isArray(o.scopes) ? o.scopes.filter((s): s is string => typeof s === 'string') : [];
    return {
      digest: Buffer.from(o.token_sha256, 'hex'),
      name: typeof o.name === 'string' ? o.name : `token-${i + 1}`,
      scopes,
    };
  });
}

const unauthorized = (message: string) => new LuxError('authentication_error', message);

/** Resolves the Authorization header to a principal, or throws 401. */
export function authenticate(header: string | undefined, tokens: readonly TokenEntry[]): Principal {
  if (!header) throw unauthorized('Missing Authorization header: send "Authorization: Bearer <token>"');
  // The scheme name is case-insensitive (RFC 9110 §11.1): `bearer` and `BEARER` are Bearer.
  const m = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header);
  if (!m) throw unauthorized('Malformed Authorization header: expected "Bearer <token>"');
  const digest = sha256(m[1]!);
  let found: TokenEntry | undefined;
  for (const t of tokens) if (timingSafeEqual(digest, t.digest) && !found) found = t; // no early exit
  if (!found) throw unauthorized('Unknown API token');
  return { name: found.name, scopes: found.scopes };
}

export function hasScope(p: Principal, scope: string): boolean {
  return p.scopes.includes('*') || p.scopes.includes(scope);
}
