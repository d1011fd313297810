/**
 * The operator's billing table (issue 36): `npm run usage -- [--month 2026-11] [--csv]` (the current UTC
 * month without --month, named on the first line, or on stderr with --csv), one row per token —
 * its name, requests, errors, windows, triangles, compute seconds, bytes in and out, and its id last (a name
 * issued again after a revocation is another token: another row of the same name) — from the database of
 * LUX_DATABASE_URL (as `npm run tokens`).
 */
import { parseArgs } from 'node:util';
import { databaseUrl, NO_DATABASE, openDatabase } from '../service/hosted/database';
import { migrate } from '../service/hosted/migrations';
import { billing } from '../service/hosted/usage';

const { values: o } = parseArgs({
  options: { month: { type: 'string' }, csv: { type: 'boolean', default: false } },
});
const month = o.month ?? new Date().toISOString().slice(0, 7);
// Which month the table is, said where a reader sees it: without --month it is the current UTC month, which
// near a month's turn (or on a server clock in another zone) is not the one an operator may think.
const which = `${month} (UTC${o.month === undefined ? '; the current month: --month YYYY-MM for another' : ''})`;
const url = databaseUrl(process.env);
if (url === null) {
  console.error(`usage: ${NO_DATABASE}`);
  process.exit(2);
}
const db = await openDatabase(url);
try {
  await migrate(db);
  const rows = await billing(db, month);
  // token_id last: the columns before it are where they were before it was added.
  const head = [
    'token',
    'requests',
    'errors',
    'windows',
    'triangles',
    'compute_s',
    'bytes_in',
    'bytes_out',
    'token_id',
  ];
  const line = (r: (typeof rows)[number]) => [
    r.token,
    r.requests,
    r.errors,
    r.windows ?? 0,
    r.triangles ?? 0,
    ((r.compute_ms ?? 0) / 1000).toFixed(3),
    r.bytes_in ?? 0,
    r.bytes_out ?? 0,
    r.token_id,
  ];
  if (o.csv) {
    // stdout is the CSV alone (its first line the header, as before); the month goes to stderr.
    console.error(`usage: ${which}, ${db.where}`);
    const cell = (v: unknown) =>
      /[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v);
    console.log(head.join(','));
    for (const r of rows) console.log(line(r).map(cell).join(','));
  } else {
    console.log(`usage in ${which}, ${db.where}`);
    console.log(head.join('\t'));
    for (const r of rows) console.log(line(r).join('\t'));
  }
} catch (e) {
  console.error(`usage: ${(e as Error).message}`);
  process.exitCode = 2;
} finally {
  await db.close();
}
