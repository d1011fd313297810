import { deflateSync, strToU8 } from 'fflate';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { defaultScene } from '../src/app/scene/scene';

/** Share links, undo and the 3D view's mesh as the open app meets them (share/codec.ts, main.tsx). */

const ready = (page: Page): Promise<void> =>
  expect(page.getByTestId('status')).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });

/** A share link's fragment for any payload, as a hand-made (or hostile) link would carry it. */
const fragment = (payload: unknown): string =>
  `#s=1.${Buffer.from(deflateSync(strToU8(JSON.stringify(payload))))
    .toString('base64')
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')}`;

test('a link whose window names a wall the room does not have is refused with a reason, and the app stays up', async ({
  page,
}) => {
  const s = defaultScene();
  await page.goto('/' + fragment({ scene: { ...s, windows: [{ ...s.windows[0]!, edge: 9 }] } }));
  await ready(page);
  await expect(page.getByTestId('notice')).toHaveText(
    "The link's scene is not valid: scene.windows.0.edge: window w1 is on wall 10 of a room with 4 walls. The default room is shown instead.",
  );
  await expect(page.getByTestId('w1-width')).toHaveValue('2');
});

test('a link pasted into the address bar of the open app opens its room; undo gives back the room it replaced', async ({
  page,
}) => {
  await page.goto('/');
  await ready(page);
  await page.getByTestId('w1-width').fill('3');
  await page.getByTestId('w1-width').press('Enter');
  const s = defaultScene();
  await page.goto(
    '/' + fragment({ scene: { ...s, name: 'Kök 2 · Plan 1', windows: [{ ...s.windows[0]!, width: 1.5 }] } }),
  );
  await expect(page.getByTestId('room-name')).toHaveValue('Kök 2 · Plan 1');
  await expect(page.getByTestId('w1-width')).toHaveValue('1.5');
  await page.getByTestId('undo').click();
  await expect(page.getByTestId('room-name')).toHaveValue('');
  await expect(page.getByTestId('w1-width')).toHaveValue('3');
  await page.getByTestId('redo').click();
  await expect(page.getByTestId('w1-width')).toHaveValue('1.5');
  // A damaged one says why, over the room on screen, which stays.
  await page.goto('/#s=1.AAAA');
  await expect(page.getByTestId('notice')).toContainText('damaged');
  await expect(page.getByTestId('notice')).toContainText('The room on screen is kept.');
  await expect(page.getByTestId('room-name')).toHaveValue('Kök 2 · Plan 1');
});

test('an import undone takes its mesh out of the 3D view; redone, brings it back', async ({ page }) => {
  await page.goto('/');
  await ready(page);
  const obj = ['v -12 -6 0', 'v 18 -6 0', 'v 18 -6 15', 'v -12 -6 15', 'f 1 2 3', 'f 1 3 4'].join('\n');
  await page
    .getByTestId('mesh-file')
    .setInputFiles({ name: 'block.obj', mimeType: 'text/plain', buffer: Buffer.from(obj) });
  await expect(page.getByTestId('surroundings')).toHaveText('Mesh block.obj: 2 triangles.');
  const view3d = page.getByTestId('view3d');
  await expect(view3d.getByTestId('show-mesh')).toHaveCount(1, { timeout: 30_000 });
  await page.getByTestId('undo').click();
  await expect(page.getByTestId('surroundings')).toHaveText('Open sky: no obstructions.');
  await expect(view3d.getByTestId('show-mesh')).toHaveCount(0);
  await page.getByTestId('redo').click();
  await expect(page.getByTestId('surroundings')).toHaveText('Mesh block.obj: 2 triangles.');
  await expect(view3d.getByTestId('show-mesh')).toHaveCount(1);
});

test('a link that cannot be opened leaves the room kept from the last visit on screen, and kept', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await ready(page);
  await page.getByTestId('w1-width').fill('3');
  await page.getByTestId('w1-width').press('Enter');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('lux-scene'))).toMatch(/^#s=1\./);
  const kept = await page.evaluate(() => localStorage.getItem('lux-scene'));
  // A damaged link opened in a new tab of the same browser.
  const other = await context.newPage();
  await other.goto('/#s=1.AAAA');
  await expect(other.getByTestId('notice')).toHaveText(
    'The link is damaged: its data cannot be unpacked (was it cut short when copied?). The room kept from your last visit is shown instead.',
  );
  await expect(other.getByTestId('w1-width')).toHaveValue('3');
  expect(await other.evaluate(() => localStorage.getItem('lux-scene'))).toBe(kept);
});
