import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The test files that replace a module (`vi.mock`): run each in a module graph of its own. The other files
 * share one graph per worker (below), where a module mocked by one file stays mocked for the files after
 * it: two files mocking src/app/compute/workers differently failed each other's tests in the order the
 * workers happened to take them (2026-12-07). Found by reading the files, so a new one needs no listing;
 * read from beside this file, not the working directory (`vitest --root` from elsewhere), and listed as
 * globs are written (`/`, on any system).
 */
const root = fileURLToPath(new URL('.', import.meta.url));
const mocking = readdirSync(join(root, 'test'), { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => `test/${f.split(sep).join('/')}`)
  .filter((f) => /\bvi\.(do)?[mM]ock\s*[(<]/.test(readFileSync(join(root, f), 'utf8')));

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default (cores − 1) runs the files one at a time on a 2-core CI machine, while many of them
    // spend their time waiting on servers, PostgreSQL and Python they start: two at a time there took the
    // suite's unit and integration half from ~800 s to ~500 s with every test still passing.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts'],
          exclude: mocking,
          // The files of a worker share one module graph (no environment changes in any test): each file
          // importing the server, the engine and three.js again cost ~95 s of the two cores in all, ~23 s
          // shared (2026-12-02, every test passing both ways).
          isolate: false,
        },
      },
      { extends: true, test: { name: 'mocking', include: mocking, isolate: true } },
    ],
  },
});
