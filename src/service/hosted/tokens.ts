import { randomBytes } from 'node:crypto';
import { KNOWN_SCOPES, sha256, unknownScope, type Principal, type TokenStore } from '../tokenStore';
import type { Database } from './database';

/**
 * Tokens issued and revoked in the database (issue 36): `npm run tokens -- create|list|revoke|rotate`.
 * Only a token's SHA-256 digest is stored; the token itself is printed once, at creation or rotation.
 * A name is live until revoked; a revoked name may be issued again: a new token, with its own id, usage and
 * quotas (usage is keyed by the id, `db:<id>`, and shows the name).
 */
export interface TokenLimits {
  /** Requests per minute. */
  rpm: number | null;
  windowsPerDay: number | null;
  computeSPerMonth: number | null;
  /** Requests running at once (all replicas together). */
  concurrent: number | null;
}

export const NO_LIMITS: TokenLimits = {
  rpm: null,
  windowsPerDay: null,
  computeSPerMonth: null,
  concurrent: null,
};

export interface TokenRow {
  /** Its stable id as usage and the billing table name it (`db:<row id>`); a rotation keeps it. */
  id: string;
  name: string;
  scopes: string[];
  limits: TokenLimits;
  createdAt: Date;
}

/** A principal from the database carries its limits (static tokens have none). */
export interface HostedPrincipal extends Principal {
  limits?: TokenLimits;
}

interface DbRow {
  id: number;
  name: string;
  scopes: string;
  rpm: number | null;
  windows_per_day: number | null;
  compute_s_per_month: number | null;
  concurrent: number | null;
  created_at: Date;
}

/** The owner a database token's principal carries (`db:<row id>`): its jobs, contexts and usage are keyed by it. */
const ownerOf = (id: number): string => `db:${id}`;

const rowOf = (r: DbRow): TokenRow => ({
  id: ownerOf(r.id),
  name: r.name,
  scopes: r.scopes.split(',').filter(Boolean),
  limits: {
    rpm: r.rpm,
    windowsPerDay: r.windows_per_day,
    computeSPerMonth: r.compute_s_per_month,
    concurrent: r.concurrent,
  },
  createdAt: new Date(r.created_at),
});

/** A new token: 32 random bytes, URL-safe, with a prefix that says what it is (and secret scanners find). */
const newToken = (): string => `lux_${randomBytes(32).toString('base64url')}`;

export async function createToken(
  db: Database,
  name: string,
  scopes: readonly string[],
  limits: TokenLimits = NO_LIMITS,
): Promise<string> {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(name))
    throw new Error(`a token's name is 1–64 letters, digits, '.', '_' or '-', got '${name}'`);
  const bad = unknownScope(scopes);
  if (bad !== undefined || scopes.length === 0)
    throw new Error(`scopes are ${KNOWN_SCOPES}, got '${bad ?? ''}'`);
  const token = newToken();
  const live = await db.query('SELECT 1 FROM lux_tokens WHERE name = $1 AND revoked_at IS NULL', [name]);
  if (live.length) throw new Error(`a live token is already named '${name}': revoke or rotate it`);
  await db.query(
    `INSERT INTO lux_tokens (name, digest, scopes, rpm, windows_per_day, compute_s_per_month, concurrent)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      name,
      sha256(token).toString('hex'),
      scopes.join(','),
      limits.rpm,
      limits.windowsPerDay,
      limits.computeSPerMonth,
      limits.concurrent,
    ],
  );
  return token;
}

export async function listTokens(db: Database): Promise<TokenRow[]> {
  const rows = await db.query<DbRow>('SELECT * FROM lux_tokens WHERE revoked_at IS NULL ORDER BY name');
  return rows.map(rowOf);
}

/** Revokes the live token of that name; false when there is none. */
export async function revokeToken(db: Database, name: string): Promise<boolean> {
  const rows = await db.query(
    'UPDATE lux_tokens SET revoked_at = now() WHERE name = $1 AND revoked_at IS NULL RETURNING id',
    [name],
  );
  return rows.length > 0;
}

/** A new secret for the live token of that name (same scopes and limits); the old one stops working. */
export async function rotateToken(db: Database, name: string): Promise<string | null> {
  const token = newToken();
  const rows = await db.query(
    'UPDATE lux_tokens SET digest = $2 WHERE name = $1 AND revoked_at IS NULL RETURNING id',
    [name, sha256(token).toString('hex')],
  );
  return rows.length ? token : null;
}

/**
 * The tokens of the database and the static ones (LUX_API_TOKENS, LUX_API_TOKENS_FILE) together; a database
 * that has ever held a token requires one (revoking the last one does not open the server). A lookup is
 * one indexed query by digest (the digest is what an attacker would have to guess: no timing to learn from
 * it); answers are cached for `ttlMs` (2 s), so a revocation reaches every replica within that.
 */

/**
 * A database token by the owner its principal carries, as it stands now (a job's rooms ask before each one):
 * null when the owner is not a database token's (a static one), `revoked` when it was revoked or is gone.
 */
export async function standingOf(
  db: Database,
  owner: string,
): Promise<{ revoked: true } | { revoked: false; name: string; limits: TokenLimits } | null> {
  const id = /^db:(\d+)$/.exec(owner);
  if (!id) return null;
  const [row] = await db.query<DbRow & { revoked_at: Date | null }>(
    'SELECT * FROM lux_tokens WHERE id = $1',
    [Number(id[1])],
  );
  if (!row || row.revoked_at !== null) return { revoked: true };
  const { name, limits } = rowOf(row);
  return { revoked: false, name, limits };
}

export class DatabaseTokenStore implements TokenStore {
  private cache = new Map<string, { p: HostedPrincipal | null; until: number }>();
  private anyToken: { yes: boolean; until: number } | null = null;

  constructor(
    private readonly db: Database,
    private readonly staticTokens: TokenStore,
    private readonly ttlMs = 2_000,
    private readonly now: () => number = Date.now,
  ) {}

  async requiresToken(): Promise<boolean> {
    if (await this.staticTokens.requiresToken()) return true;
    const t = this.now();
    if (this.anyToken && this.anyToken.until > t) return this.anyToken.yes;
    // Any token ever issued, revoked ones too: revoking the last token must not open a hosted server.
    const rows = await this.db.query('SELECT 1 FROM lux_tokens LIMIT 1');
    this.anyToken = { yes: rows.length > 0, until: t + this.ttlMs };
    return this.anyToken.yes;
  }

  async principalOf(token: string): Promise<HostedPrincipal | null> {
    const fixed = await this.staticTokens.principalOf(token);
    if (fixed) return fixed;
    const digest = sha256(token).toString('hex');
    const t = this.now();
    const hit = this.cache.get(digest);
    if (hit && hit.until > t) return hit.p;
    const [row] = await this.db.query<DbRow>(
      'SELECT * FROM lux_tokens WHERE digest = $1 AND revoked_at IS NULL',
      [digest],
    );
    const p = row
      ? (({ name, scopes, limits }) => ({ name, scopes, limits, owner: ownerOf(row.id) }))(rowOf(row))
      : null;
    if (this.cache.size > 10_000) this.cache.clear(); // a flood of unknown tokens cannot grow it forever
    this.cache.set(digest, { p, until: t + this.ttlMs });
    return p;
  }
}
