import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './paths';

/**
 * Builds dist/server once for the tests that start the real server or run a built command line (`node
 * scripts/build-server.mjs --server-only`), and only when a source is newer than the bundle. Test files run
 * in parallel processes, so the build is guarded by a lock directory (mkdir is atomic).
 */
/** Written by the build once every entry is bundled (scripts/build-server.mjs). */
const BUILT = join(ROOT, 'dist/server/.built');
const INPUTS = [join(ROOT, 'src'), join(ROOT, 'scripts/build-server.mjs'), join(ROOT, 'package.json')];
const LOCK = join(ROOT, 'dist/.server-build.lock');
const STALE_LOCK_MS = 60_000;

function newestMtime(path: string): number {
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = 0;
  for (const e of readdirSync(path)) {
    if (e === 'node_modules' || e.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, e)));
  }
  return newest;
}

function isFresh(): boolean {
  const built = statSync(BUILT, { throwIfNoEntry: false });
  return built !== undefined && Math.max(...INPUTS.map(newestMtime)) < built.mtimeMs;
}

/** Blocks this thread for `ms` (the lock's wait, in the synchronous helpers that spawn a command line). */
const sleep = (ms: number): void => void Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

function withLock<T>(f: () => T): T {
  mkdirSync(join(ROOT, 'dist'), { recursive: true });
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      const age = Date.now() - (statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) rmSync(LOCK, { recursive: true, force: true });
      sleep(100);
    }
  }
  try {
    return f();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

export function ensureServerBuilt(): void {
  if (isFresh()) return;
  withLock(() => {
    if (!isFresh())
      execFileSync(process.execPath, ['scripts/build-server.mjs', '--server-only'], {
        cwd: ROOT,
        stdio: 'pipe',
      });
  });
}

/**
 * A command line of `src/cli/` as built into dist/server (built first where a source is newer): the
 * node arguments that run it. From source (`npm run ifc`, tsx) each start transforms and loads the whole
 * module graph, and each of its threads again: ~2 s of the two cores a run, for nothing the tests read (the
 * bundle is the same code; test/cli/ifc.test.ts runs the source once).
 */
export function builtCli(name: 'ifc' | 'tokens' | 'usage'): string[] {
  ensureServerBuilt();
  return [join(ROOT, 'dist/server', `${name}.js`)];
}
