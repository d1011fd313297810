import { defineConfig } from '@playwright/test';

// End-to-end tests drive the built app, served by our own server, in the system Chromium.
const port = Number(process.env.E2E_PORT ?? 18480);

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
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
