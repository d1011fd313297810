import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default (cores − 1) runs the files one at a time on a 2-core CI machine, while many of them
    // spend their time waiting on servers, PostgreSQL and Python they start: two at a time there took the
    // suite's unit and integration half from ~800 s to ~500 s with every test still passing.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The files of a worker share one module graph (no environment changes in any test): each file
    // importing the server, the engine and three.js again cost ~95 s of the two cores in all, ~23 s shared
    // (2026-12-02, every test passing both ways). So a module one file mocks stays mocked for the files that
    // run after it in that worker: test/app/surroundingsRefresh.test.ts mocks src/app/compute/workers, and
    // no other file may call that module (test/app/heldMesh.test.ts hands its own hand-over in instead).
    isolate: false,
  },
});
