import { readdirSync } from 'node:fs';
import { build } from 'esbuild';
import type { Page } from '@playwright/test';

/** Bundles a worker or probe module for the browser, in memory, so a test can serve it with page.route. */
export async function bundle(entry: string): Promise<string> {
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}

/**
 * The URL path of a worker in the built app (dist/app/assets/<name>-<hash>.js): what the app itself runs,
 * where a test's own bundle, served through a route, cannot start a worker of its own (a nested worker's
 * script is fetched past the page's routes).
 */
export function builtWorker(name: string): string {
  const file = readdirSync('dist/app/assets').find((f) => f.startsWith(`${name}-`) && f.endsWith('.js'));
  if (!file) throw new Error(`no built ${name} in dist/app/assets: build the app first`);
  return `/assets/${file}`;
}

/**
 * Serves a bundled worker at `/__probe/<workerName>.js` and a probe page script that wraps it with
 * comlink and sets `window[global]`; loads the probe into a page of the running app and waits for it.
 */
export async function loadWorkerProbe(
  page: Page,
  o: { worker: string; workerName: string; probe: string; global: string },
) {
  const [workerJs, probeJs] = await Promise.all([bundle(o.worker), bundle(o.probe)]);
  const serve = (path: string, body: string) =>
    page.route(`**/__probe/${path}`, (r) => r.fulfill({ body, contentType: 'text/javascript' }));
  await serve(`${o.workerName}.js`, workerJs);
  await serve(`${o.global}.probe.js`, probeJs);
  await page.goto('/v2/docs');
  await page.addScriptTag({ url: `/__probe/${o.global}.probe.js`, type: 'module' });
  await page.waitForFunction((g) => g in window, o.global);
}
