import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * The uncaught errors of the running test's pages, its own context's and those it makes itself
 * (withoutWarmUp): each worker is a process of its own, running its tests one at a time.
 */
const thrown: string[] = [];

function watchErrors(context: BrowserContext): void {
  const watch = (p: Page): void => {
    p.on('pageerror', (e) => thrown.push(`${p.url()}: ${e.stack ?? String(e)}`));
  };
  context.pages().forEach(watch);
  context.on('page', watch);
}

/**
 * Playwright's test, failing on any uncaught error in a page of the test's context (the app throwing where
 * nothing caught it passes many a visible check: the last map simply stays), with the app's model warm-up
 * off in every page of the test's context (localStorage `lux-warm-up`, src/app/compute/modelLoad.ts), as
 * the config blocks the service worker: the warm-up makes
 * a person's first edits fast and costs each fresh page ~10 s of CPU time on two cores, which nothing a test
 * reads depends on. `test.use({ warmUp: true })` keeps it where a test is about the page as a person meets it.
 */
export const test = base.extend<{ warmUp: boolean }>({
  warmUp: [false, { option: true }],
  context: async ({ context, warmUp }, use) => {
    thrown.length = 0;
    if (!warmUp) await withoutWarmUp(context);
    else watchErrors(context);
    await use(context);
    expect(thrown, 'uncaught errors in the app').toEqual([]);
  },
});

/**
 * The warm-up off in a context a test makes itself (another device), as in the test's own; its pages'
 * uncaught errors fail the test as the test's own do.
 */
export async function withoutWarmUp(context: BrowserContext): Promise<BrowserContext> {
  watchErrors(context);
  await context.addInitScript(() => {
    try {
      localStorage.setItem('lux-warm-up', 'off');
    } catch {
      // about:blank and other opaque origins have no storage; the app's pages do
    }
  });
  return context;
}
