import { expect, test } from '@playwright/test';

test('a browser asking / gets the web app, which reads the live health', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Lux' })).toBeVisible();
  // Every component is ready once the shipped model has loaded.
  await expect(page.locator('#health')).toHaveText('running');
});

test('the API docs page renders every endpoint from openapi.json', async ({ page }) => {
  await page.goto('/v2/docs');
  await expect(page.getByRole('heading', { name: 'Lux API' })).toBeVisible();
  for (const path of [
    '/v2/run',
    '/v2/simulate',
    '/v2/obstruction_all',
    '/v2/encode',
    '/v2/stats',
    '/v2/merge',
  ]) {
    await expect(page.locator('h2 code', { hasText: new RegExp(`^${path}$`) })).toHaveCount(1);
  }
});

test('an API client asking / gets JSON health', async ({ request }) => {
  const res = await request.get('/', { headers: { accept: 'application/json' } });
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({ service: 'lux', services: { obstruction: 'ready' } });
});
