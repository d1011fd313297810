import { LuxError } from '../core/errors';
import type { Principal, TokenStore } from '../service/tokenStore';

export type { Principal, TokenEntry, TokenStore } from '../service/tokenStore';
export { loadTokens, parseTokenFile, sha256, StaticTokenStore } from '../service/tokenStore';

/**
 * Bearer tokens (api.md §Authentication), as HTTP sees them: the header's form, 401 and the scopes of a
 * route. Who holds which token is the token store's (service/tokenStore.ts).
 *
 * Scopes: `*` covers everything; otherwise a route's scope (`run`, `encode`, `obstruction`, `geometry`,
 * `stats`, `merge`, `simulate`) must be listed, and routes that take a `model_type` also need
 * `model:<type>` (e.g. `model:df_default`) or `model:*`.
 */
const unauthorized = (message: string) => new LuxError('authentication_error', message);

/** Resolves the Authorization header to a principal, or throws 401. */
export async function authenticate(header: string | undefined, store: TokenStore): Promise<Principal> {
  if (!header) throw unauthorized('Missing Authorization header: send "Authorization: Bearer <token>"');
  // The scheme name is case-insensitive (RFC 9110 §11.1): `bearer` and `BEARER` are Bearer.
  const m = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header);
  if (!m) throw unauthorized('Malformed Authorization header: expected "Bearer <token>"');
  const found = await store.principalOf(m[1]!);
  if (!found) throw unauthorized('Unknown API token');
  return found;
}

export function hasScope(p: Principal, scope: string): boolean {
  return p.scopes.includes('*') || p.scopes.includes(scope);
}
