import { defineConfig } from '@playwright/test';

// End-to-end tests drive the built app, served by our own server, in the system Chromium.
const port = Number(process.env.E2E_PORT ?? 18480);

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  // Two at a time: most of an end-to-end test is waiting (page loads, workers, the engine's timers), so on the
  // 2-core CI machine two files at once took the 100 tests from 9.6 to 7.5 min, every test passing (2026-12-07).
  // Each test has its own browser context, and the server they share keeps nothing between calls (no
  // database: the jobs test starts its own server on a free port).
  workers: 2,
  reporter: [['list']],
  use: {
    // A fresh context's service worker precaches the whole app (~20 MB: the WASM runtime, the model, IFC's
    // reader) on every first visit: ~1.5 s of the two cores per test for nothing a test reads. The
    // offline test, which is about it, allows it again.
    serviceWorkers: 'block',
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node dist/server/main.js',
    url: `http://127.0.0.1:${port}/v2/`,
    env: { PORT: String(port), LUX_LOG: 'silent' },
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
