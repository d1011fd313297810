import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { boxObj } from '../test/helpers/boxMesh';

/** Issue 19 §7: the camera orbits the room and never enters the surroundings. */

async function ready(page: Page): Promise<void> {
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
}

/**
 * The room's 3D view drawn: it mounts once the first map is on screen (src/app/ui/Views3D.tsx), and its
 * controls mark the canvas when they place the camera; then one frame.
 */
async function drawn(page: Page): Promise<void> {
  await page.locator('[data-testid="view3d"] canvas[data-camera-distance]').waitFor();
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
}

const distance = async (page: Page): Promise<number> =>
  Number(await page.locator('[data-testid="view3d"] canvas').getAttribute('data-camera-distance'));

test('a block where the camera stands pushes it in front of the block; the wheel cannot take it inside', async ({
  page,
}) => {
  await page.goto('/');
  await ready(page);
  // The default 6 × 4 m room: the camera looks at (3, 2, 1) from 17 m away, towards the south-west and up.
  await expect.poll(() => distance(page)).toBeCloseTo(17, 1);
  // A block around that spot: seen from the room's centre, its faces start 11.33 m out.
  await page.getByTestId('mesh-file').setInputFiles({
    name: 'block.obj',
    mimeType: 'text/plain',
    buffer: Buffer.from(boxObj([-12, -16, 0], [-2, -6, 20])),
  });
  await expect(page.getByTestId('show-mesh')).toBeChecked();
  await expect.poll(() => distance(page)).toBeCloseTo(10.83, 1);
  const view = page.getByTestId('view3d');
  const b = (await view.boundingBox())!;
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
  for (let i = 0; i < 5; i++) await page.mouse.wheel(0, 400); // zoom out, towards the block
  await page.waitForTimeout(300);
  expect(await distance(page)).toBeLessThanOrEqual(10.84);
  for (let i = 0; i < 5; i++) await page.mouse.wheel(0, -400); // zoom in still works
  await expect.poll(() => distance(page)).toBeLessThan(8);
});

test('an outline typed anew at another size is framed anew: a 20 × 14 m room is seen whole', async ({
  page,
}) => {
  await page.goto('/');
  await ready(page);
  await expect.poll(() => distance(page)).toBeCloseTo(17, 1);
  await page.getByTestId('typed-outline').fill('20 x 14');
  await page.getByTestId('typed-outline').press('Enter');
  // Four corners as before, but 24.4 m across: the camera steps back to 1.4 times that.
  await expect.poll(() => distance(page)).toBeCloseTo(1.4 * Math.hypot(20, 14), 1);
});

test('imported surroundings are drawn at once when shown, without moving the camera, and go when hidden', async ({
  page,
}) => {
  await page.goto('/');
  await ready(page);
  await drawn(page);
  const view = page.getByTestId('view3d');
  const shot = async (): Promise<Buffer> => view.screenshot();
  const before = await shot();
  // A block east of the room, in the camera's view.
  await page.getByTestId('mesh-file').setInputFiles({
    name: 'east.obj',
    mimeType: 'text/plain',
    buffer: Buffer.from(boxObj([8, -2, 0], [12, 6, 10])),
  });
  await expect(page.getByTestId('show-mesh')).toBeChecked();
  const { decode } = await import('fast-png');
  const changed = (a: Buffer, b: Buffer): number => {
    const x = decode(a),
      y = decode(b);
    let n = 0;
    for (let i = 0; i < x.data.length; i += x.channels) if (Math.abs(x.data[i]! - y.data[i]!) > 24) n++;
    return n / (x.width * x.height);
  };
  // The block covers a good part of the view (the map under it may change too, as the angles do).
  await expect.poll(async () => changed(before, await shot())).toBeGreaterThan(0.03);
  const shown = await shot();
  await page.getByTestId('show-mesh').uncheck();
  await expect.poll(async () => changed(shown, await shot())).toBeGreaterThan(0.03);
});

test('the 3D view waits for the first map, and for at most 4 s when the model is slow; its code loads with it', async ({
  page,
}) => {
  // The model's network held back: the first answer cannot come until it is let through.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/models/*.onnx', async (route) => {
    await held;
    await route.continue();
  });
  const threeRequested: number[] = [];
  page.on('request', (r) => {
    if (/\/assets\/View3D-[^/]*\.js$/.test(r.url())) threeRequested.push(Date.now());
  });
  const start = Date.now();
  await page.goto('/');
  const view = page.getByTestId('view3d');
  await expect(view).toHaveAttribute('aria-busy', 'true');
  await page.waitForTimeout(2000);
  // Two seconds in, no answer: the view holds its place, its code not even asked for.
  await expect(page.getByTestId('status')).not.toHaveAttribute('data-status', 'ready');
  expect(threeRequested).toEqual([]);
  expect(await view.locator('canvas').count()).toBe(0);
  // Past VIEW3D_WAIT_MS the room is drawn anyway, the model still loading.
  await expect(view.locator('canvas')).toHaveCount(1, { timeout: 10_000 });
  expect(threeRequested[0]! - start).toBeGreaterThanOrEqual(4000);
  await expect(page.getByTestId('status')).not.toHaveAttribute('data-status', 'ready');
  release();
  await ready(page);
});

test('the first outcome mounts the 3D view, a failed model too, without waiting out the 4 s', async ({
  page,
}) => {
  // The model cannot load: the first outcome is the error, and the view must come with it, not after 4 s.
  await page.route('**/models/*.onnx', (route) => route.abort());
  // Timed in the page, from the view's placeholder to the error on screen and to the view's canvas.
  await page.addInitScript(() => {
    const t: Record<string, number> = {};
    (window as unknown as { __view3d: Record<string, number> }).__view3d = t;
    new MutationObserver(() => {
      const now = performance.now();
      if (t.placeholder === undefined && document.querySelector('[data-testid=view3d]')) t.placeholder = now;
      const status = document.querySelector('[data-testid=status]')?.getAttribute('data-status');
      if (t.error === undefined && status === 'error') t.error = now;
      if (t.canvas === undefined && document.querySelector('[data-testid=view3d] canvas')) t.canvas = now;
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  await page.goto('/');
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'error', { timeout: 30_000 });
  await expect(page.getByTestId('view3d').locator('canvas')).toHaveCount(1, { timeout: 10_000 });
  const t = await page.evaluate(() => (window as unknown as { __view3d: Record<string, number> }).__view3d);
  expect(t.error).toBeGreaterThanOrEqual(t.placeholder!);
  expect(t.canvas).toBeGreaterThanOrEqual(t.error!);
  // Well before the fallback: the error mounted it.
  expect(t.canvas! - t.placeholder!).toBeLessThan(4000);
});
