import { defineConfig } from '@playwright/test';

// End-to-end tests drive the built app, served by our own server, in the system Chromium.
const port = Number(process.env.E2E_PORT ?? 18480);

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  workers: 1,
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
