import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './paths';

/**
 * A new embedded database folder for a test: `<a fresh folder>/lux.db`, holding what PGlite's initdb makes
 * of an empty folder, copied from a template made once per PGlite version on this machine (under the
 * system's temporary folder). Opening it is opening a fresh database (no schema: the test or the server
 * still migrates it), without initdb's ~4 s of a core in every test file that makes one (~0.2 s to copy).
 * A test about a folder that holds nothing yet (a first `npm run tokens -- create`) makes its own.
 */
export function newEmbeddedDatabase(prefix: string): string {
  const path = join(mkdtempSync(join(tmpdir(), prefix)), 'lux.db');
  cpSync(template(), path, { recursive: true });
  return path;
}

const PGLITE_VERSION = (
  JSON.parse(readFileSync(join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as {
    version: string;
  }
).version;
// Opened and closed as database.ts opens it (`PGlite.create(folder)`): a clean shutdown, so a copy opens.
const MAKE = `const { PGlite } = await import('@electric-sql/pglite');
const db = await PGlite.create(process.argv[1]);
await db.query('SELECT 1');
await db.close();`;
// Named for what makes it: another PGlite, or another way of making it, is another template.
const TEMPLATE = join(
  tmpdir(),
  `lux-pglite-${createHash('sha256').update(`${PGLITE_VERSION}\n${MAKE}`).digest('hex').slice(0, 12)}`,
);
const LOCK = `${TEMPLATE}.lock`;
const STALE_LOCK_MS = 60_000;

/** Blocks this thread for `ms` (the lock's wait: the helper is synchronous, as the tests' set-up is). */
const sleep = (ms: number): void => void Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * The template's folder, made here if no process has made it: under a lock (mkdir is atomic), so that test
 * files starting together pay initdb once, and in a folder of its own renamed into place, so that a
 * template that exists is whole.
 */
function template(): string {
  while (!existsSync(TEMPLATE)) {
    try {
      mkdirSync(LOCK);
    } catch (e) {
      // Only a lock another process holds is waited out; any other failure (no permission) is the test's.
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const age = Date.now() - (statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) rmSync(LOCK, { recursive: true, force: true });
      sleep(100);
      continue;
    }
    const making = `${TEMPLATE}.${process.pid}`;
    try {
      if (existsSync(TEMPLATE)) break;
      execFileSync(process.execPath, ['--input-type=module', '-e', MAKE, making], {
        cwd: ROOT,
        stdio: 'pipe',
      });
      try {
        renameSync(making, TEMPLATE);
      } catch (e) {
        // Made meanwhile by a process that took a lock it judged stale (initdb past STALE_LOCK_MS on a
        // loaded machine): theirs is as good.
        if (!existsSync(TEMPLATE)) throw e;
      }
    } finally {
      rmSync(making, { recursive: true, force: true });
      rmSync(LOCK, { recursive: true, force: true });
    }
  }
  return TEMPLATE;
}
