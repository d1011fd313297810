import { expect, test } from '@playwright/test';

test('a browser asking / gets the app, which predicts the default room with the shipped model', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Lux' })).toBeVisible();
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  await expect(page.getByTestId('status')).toContainText('lux-df-3');
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
