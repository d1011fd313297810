import { expect, test } from './fixtures';
import { SHIPPED_MODEL } from '../src/core/model/shipped';

test('a browser asking / gets the app, which predicts the default room with the shipped model', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Lux' })).toBeVisible();
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  // The preview comes from the shipped model; the engine's map then replaces it, the preview kept beside it.
  await expect(page.getByTestId('status')).toHaveAttribute('data-quality', 'standard', { timeout: 60_000 });
  await expect(page.getByTestId('preview-model')).toContainText(SHIPPED_MODEL);
});

test('the browser’s own request for /favicon.ico gets the app’s icon', async ({ request }) => {
  const res = await request.get('/favicon.ico');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('image/png');
});

test('the API docs page renders every endpoint from openapi.json, with its answer’s schema, offline', async ({
  page,
}) => {
  // Nothing outside this server: Swagger UI's files come from the server itself.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (r) => r.abort());
  await page.goto('/v2/docs');
  await expect(page.getByRole('heading', { name: /Lux daylight API/ })).toBeVisible({ timeout: 30_000 });
  for (const path of [
    '/run',
    '/run/detailed',
    '/simulate',
    '/obstruction_all',
    '/encode',
    '/stats',
    '/merge',
  ])
    await expect(page.locator(`.opblock-summary-path[data-path="${path}"]`)).toHaveCount(1);
  // An endpoint opened shows its example request and its documented answer.
  await page.locator('.opblock-summary-path[data-path="/stats"]').click();
  await expect(page.locator('#operations-default-stats')).toContainText('df_matrix');
  await expect(page.locator('#operations-default-stats')).toContainText('area_above');
});

test('an API client asking / gets JSON health', async ({ request }) => {
  const res = await request.get('/', { headers: { accept: 'application/json' } });
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({ service: 'lux', services: { obstruction: 'ready' } });
});
