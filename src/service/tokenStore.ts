import { createHash, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { MODEL_TYPES } from '../core/api/modelTypes';

/**
 * Who may call the API: the seam a database fills in hosted mode (issue 36). The server asks it
 * asynchronously for the principal of a bearer token; a store that holds no token leaves the server open
 * (self-hosted, as today). Tokens are kept only as SHA-256 digests and compared in constant time against
 * every known digest, so neither timing nor a memory dump reveals them.
 */
export interface Principal {
  name: string;
  scopes: string[];
  /**
   * Whose stored contexts and jobs are whose (tenancy): a database token's row id, which a rotation keeps
   * and a name issued again after a revocation does not; absent for a static token (its name is stable).
   */
  owner?: string;
}

/** The tenant a principal's contexts and jobs belong to. */
export const ownerOf = (p: Principal | null): string | null => (p ? (p.owner ?? `static:${p.name}`) : null);

export interface TokenStore {
  /** Whether a caller must present a token: false only while the store holds none. */
  requiresToken(): Promise<boolean>;
  /** The principal of a bearer token, or null for an unknown one. */
  principalOf(token: string): Promise<Principal | null>;
}

export interface TokenEntry {
  digest: Buffer;
  name: string;
  scopes: string[];
}

export const sha256 = (s: string): Buffer => createHash('sha256').update(s, 'utf8').digest();

/** What an `Authorization: Bearer` header can carry (RFC 6750's token68; auth.ts reads the header so). */
export const TOKEN_CHARS = /^[A-Za-z0-9\-._~+/]+=*$/;

/** Every route's scope (operations.ts; test/server/settings.test.ts holds the two lists together). */
export const ROUTE_SCOPES: readonly string[] = [
  'run',
  'simulate',
  'obstruction',
  'geometry',
  'encode',
  'stats',
  'merge',
];

/**
 * The first scope that no route or model type answers to (`stat`, `model:df`), or undefined: a token given
 * one would be refused (403) where its issuer meant to allow, so the tokens file and `npm run tokens` refuse
 * it instead, naming what is known.
 */
export function unknownScope(scopes: readonly string[]): string | undefined {
  return scopes.find(
    (s) =>
      s !== '*' &&
      s !== 'model:*' &&
      !ROUTE_SCOPES.includes(s) &&
      !(s.startsWith('model:') && Object.hasOwn(MODEL_TYPES, s.slice('model:'.length))),
  );
}

export const KNOWN_SCOPES = `'*', ${ROUTE_SCOPES.join(', ')}, model:* or model:<${Object.keys(MODEL_TYPES).join('|')}>`;

/** The tokens given at start (LUX_API_TOKENS, LUX_API_TOKENS_FILE), fixed for the life of the process. */
export class StaticTokenStore implements TokenStore {
  constructor(private readonly entries: readonly TokenEntry[]) {}

  async requiresToken(): Promise<boolean> {
    return this.entries.length > 0;
  }

  async principalOf(token: string): Promise<Principal | null> {
    const digest = sha256(token);
    let found: TokenEntry | undefined;
    for (const t of this.entries) if (timingSafeEqual(digest, t.digest) && !found) found = t; // no early exit
    return found ? { name: found.name, scopes: found.scopes } : null;
  }
}

export function loadTokens(env: NodeJS.ProcessEnv = process.env): TokenEntry[] {
  const entries: TokenEntry[] = [];
  const list =
    env.LUX_API_TOKENS?.split(',')
      .map((t) => t.trim())
      .filter(Boolean) ?? [];
  list.forEach((t, i) => {
    // A token no client could send would answer every call 401 'Malformed Authorization header'.
    if (!TOKEN_CHARS.test(t))
      throw new Error(
        `LUX_API_TOKENS: token ${i + 1} has characters a Bearer header cannot carry; use A–Z a–z 0–9 - . _ ~ + / (then optional =), e.g. openssl rand -hex 32`,
      );
    entries.push({ digest: sha256(t), name: `env-token-${i + 1}`, scopes: ['*'] });
  });
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
    if (!Array.isArray(o.scopes) || !o.scopes.every((s) => typeof s === 'string'))
      throw new Error(`LUX_API_TOKENS_FILE entry ${i}: scopes must be a list of strings, e.g. ["*"]`);
    const scopes = o.scopes as string[];
    const bad = unknownScope(scopes);
    if (bad !== undefined)
      throw new Error(`LUX_API_TOKENS_FILE entry ${i}: unknown scope '${bad}'; scopes are ${KNOWN_SCOPES}`);
    return {
      digest: Buffer.from(o.token_sha256, 'hex'),
      name: typeof o.name === 'string' ? o.name : `token-${i + 1}`,
      scopes,
    };
  });
}
