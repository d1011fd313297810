import { expect, test } from '@playwright/test';

test('a browser asking / gets the app, which predicts the default room with the shipped model', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Lux' })).toBeVisible();
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  // The preview comes from the shipped model; the engine's map then replaces it, the preview kept beside it.
  await expect(page.getByTestId('status')).toHaveAttribute('data-quality', 'standard', { timeout: 60_000 });
  await expect(page.getByTestId('preview-model')).toContainText('lux-df-3');
});

test('the browser’s own request for /favicon.ico gets the app’s icon', async ({ request }) => {
  const res = await request.get('/favicon.ico');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('image/png');
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
