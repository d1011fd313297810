/**
 * Token administration for hosted mode (issue 36): `npm run tokens -- <command>` on the database of
 * LUX_DATABASE_URL (a postgres:// URL, or the embedded database's folder, `.lux/lux.db` by default — made
 * by `create` if it does not exist, which the other commands refuse to do — and reached through a running
 * server's socket if one holds it).
 *
 *   create --name office-app --scopes run,stats [--rpm 60] [--windows-per-day N] [--compute-s-per-month N]
 *          [--concurrent N]      prints the new token once, on its own line
 *   list                         names, scopes, limits, creation dates, ids (the usage table's); never a token
 *   revoke --name office-app     refused on every replica within 2 s
 *   rotate --name office-app     a new secret, same scopes and limits; the old one stops working
 */
import { parseArgs } from 'node:util';
import { DEFAULT_DATABASE, databaseUrl, NO_DATABASE, openDatabase } from '../service/hosted/database';
import { migrate } from '../service/hosted/migrations';
import {
  createToken,
  listTokens,
  revokeToken,
  rotateToken,
  type TokenLimits,
} from '../service/hosted/tokens';

const { values: o, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    name: { type: 'string' },
    scopes: { type: 'string' },
    rpm: { type: 'string' },
    'windows-per-day': { type: 'string' },
    'compute-s-per-month': { type: 'string' },
    concurrent: { type: 'string' },
  },
});

const count = (key: keyof typeof o): number | null => {
  const v = o[key];
  if (v === undefined) return null;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`--${key} must be a whole number ≥ 0, got '${String(v)}'`);
  return n;
};
const needName = (): string => {
  if (!o.name) throw new Error('--name is required');
  return o.name;
};

const command = positionals[0];
// Only `create` makes the embedded database (and with it hosted mode); the other commands read one.
const url = databaseUrl(process.env) ?? (command === 'create' ? DEFAULT_DATABASE : null);
if (url === null) {
  console.error(`tokens: ${NO_DATABASE}`);
  process.exit(2);
}
const db = await openDatabase(url);
try {
  await migrate(db);
  if (command === 'create') {
    const limits: TokenLimits = {
      rpm: count('rpm'),
      windowsPerDay: count('windows-per-day'),
      computeSPerMonth: count('compute-s-per-month'),
      concurrent: count('concurrent'),
    };
    const scopes = (o.scopes ?? '*')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const token = await createToken(db, needName(), scopes, limits);
    console.error(`token '${o.name}' (${scopes.join(',')}) in ${db.where}; it is shown once:`);
    console.log(token);
  } else if (command === 'list') {
    const rows = await listTokens(db);
    if (!rows.length) console.log('no tokens');
    for (const t of rows) {
      const l = t.limits;
      const limits = [
        l.rpm !== null ? `${l.rpm}/min` : '',
        l.windowsPerDay !== null ? `${l.windowsPerDay} windows/day` : '',
        l.computeSPerMonth !== null ? `${l.computeSPerMonth} compute s/month` : '',
        l.concurrent !== null ? `${l.concurrent} at once` : '',
      ].filter(Boolean);
      console.log(
        `${t.name}\t${t.scopes.join(',')}\t${limits.join(', ') || 'no limits'}\tcreated ${t.createdAt.toISOString()}\t${t.id}`,
      );
    }
  } else if (command === 'revoke') {
    if (!(await revokeToken(db, needName()))) throw new Error(`no live token named '${o.name}'`);
    console.log(`revoked '${o.name}'`);
  } else if (command === 'rotate') {
    const token = await rotateToken(db, needName());
    if (!token) throw new Error(`no live token named '${o.name}'`);
    console.error(`token '${o.name}' rotated; the new one is shown once:`);
    console.log(token);
  } else {
    throw new Error(`unknown command '${command ?? ''}': create, list, revoke or rotate`);
  }
} catch (e) {
  console.error(`tokens: ${(e as Error).message}`);
  process.exitCode = 2;
} finally {
  await db.close();
}
