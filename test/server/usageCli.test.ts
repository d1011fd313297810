import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/service/hosted/database';
import { migrate } from '../../src/service/hosted/migrations';
import { newEmbeddedDatabase } from '../helpers/embeddedDatabase';
import { ROOT } from '../helpers/paths';

/**
 * `npm run usage` says which month its table is: without `--month` it is the current UTC month, which it
 * used silently. The CSV's stdout stays the table alone (its header first); the month goes to stderr.
 * Run from the sources (tsx, as `npm run usage` runs it) on an embedded database.
 */
let dir: string;
beforeAll(async () => {
  dir = newEmbeddedDatabase('lux-usage-cli-');
  const db = await openDatabase(dir);
  await migrate(db);
  await db.close();
}, 60_000);

function usage(...args: string[]) {
  const r = spawnSync(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'src/cli/usage.ts'), ...args], {
    encoding: 'utf8',
    env: { ...process.env, LUX_DATABASE_URL: dir },
  });
  expect(r.status, r.stderr).toBe(0);
  return { out: r.stdout.split('\n'), err: r.stderr };
}

describe('npm run usage: the month it reports', () => {
  const now = () => new Date().toISOString().slice(0, 7);

  it('names the current UTC month on its first line when no --month is given', () => {
    const { out } = usage();
    expect(out[0]).toMatch(new RegExp(`^usage in ${now()} \\(UTC; the current month: --month YYYY-MM`));
    expect(out[1]).toMatch(/^token\trequests/);
  }, 60_000);

  it('with --csv: the header first on stdout, the month on stderr', () => {
    const { out, err } = usage('--csv');
    expect(out[0]).toBe('token,requests,errors,windows,triangles,compute_s,bytes_in,bytes_out,token_id');
    expect(err).toContain(`usage: ${now()} (UTC; the current month`);
  }, 60_000);

  it('names the month it was given, without the note', () => {
    const { out, err } = usage('--month', '2020-01', '--csv');
    expect(err).toMatch(/^usage: 2020-01 \(UTC\), /);
    expect(out[0]).toMatch(/^token,/);
    expect(usage('--month', '2020-01').out[0]).toMatch(/^usage in 2020-01 \(UTC\), /);
  }, 60_000);
});
