import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { officeRow } from '../test/ifc/stepFile';

/**
 * What the plans say aloud: the pointer's readout under a plan follows every move of the mouse, so it is no
 * live region (a screen reader read each coordinate); what the keyboard did to the room is one, and it is
 * shown while the pointer rests on the plan too (it was hidden by the readout then).
 */

const ready = (page: Page): Promise<void> =>
  expect(page.getByTestId('status')).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });

test("the plan's pointer readout is not read aloud; a corner removed by keyboard is, with the pointer on the plan", async ({
  page,
}) => {
  await page.goto('/');
  await ready(page);
  const box = (await page.locator('.plan svg').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.getByTestId('hover-df')).toBeVisible();
  // No live region holds the readout, nor is inside one.
  const readoutLive = await page
    .getByTestId('hover-df')
    .evaluate((el) => el.closest('[aria-live], [role="status"], [role="alert"]') !== null);
  expect(readoutLive).toBe(false);
  await page.locator('.plan [data-corner="3"]').focus();
  await page.keyboard.press('Delete');
  await expect(page.locator('.plan [data-corner]')).toHaveCount(3);
  const notice = page.getByTestId('plan-notice');
  await expect(notice).toHaveText('Corner 4 removed.');
  await expect(notice).toBeVisible();
  await expect(notice).toHaveAttribute('role', 'status');
});

test("the building plan's key and the room under the pointer are not read aloud as the pointer moves", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await ready(page);
  await page.getByTestId('ifc-file').setInputFiles('test/fixtures/ifc/duplex.ifc');
  const plan = page.getByTestId('building-plan');
  await expect(plan.locator('path[data-room]')).toHaveCount(10, { timeout: 120_000 });
  await plan.locator('path[data-room="A102"]').hover();
  const key = page.locator('.building-key');
  await expect(key).toContainText('A102 Living Room');
  expect(await key.evaluate((el) => el.closest('[aria-live], [role="status"]') !== null)).toBe(false);
});

test("the building's status, read aloud, says each stage of the analysis once: no percent, no room count", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.goto('/');
  await ready(page);
  // Every text the Building panel's live regions take, as a screen reader would be given it.
  await page.evaluate(() => {
    const said: string[] = [];
    (window as unknown as { said: string[] }).said = said;
    // The panel is made anew when the building view opens (App.tsx): the page is watched, not one panel.
    const read = (): void => {
      const panel = document.querySelector('[data-testid="ifc-file"]')?.closest('section');
      for (const el of panel?.querySelectorAll('[role="status"], [aria-live]') ?? []) {
        const copy = el.cloneNode(true) as HTMLElement;
        copy.querySelectorAll('[aria-hidden="true"]').forEach((h) => h.remove());
        const text = copy.textContent?.trim() ?? '';
        if (text && said[said.length - 1] !== text) said.push(text);
      }
    };
    new MutationObserver(read).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  // Six rooms of one facade: enough that a sentence a room would show (the duplex's ten took 27 s).
  await page.getByTestId('ifc-file').setInputFiles({
    name: 'row.ifc',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(officeRow(6)),
  });
  await expect(page.getByTestId('ifc-status')).toHaveAttribute('data-phase', 'done', { timeout: 180_000 });
  const said = await page.evaluate(() => (window as unknown as { said: string[] }).said);
  expect(
    said.filter((t) => /\d+ %/.test(t)),
    said.join('\n'),
  ).toEqual([]);
  // Reading, measuring, the model's pass, the engine's two, done: not one sentence a room.
  expect(said.length, said.join('\n')).toBeLessThanOrEqual(7);
  expect(said[said.length - 1]).toBe(
    'row.ifc: 6 rooms, 6 with windows or skylights; 6 analysed, 6 by the engine at standard quality.',
  );
});

test('the panels’ live regions are in the page, empty, before they speak: a mesh being read, a link copied', async ({
  page,
}) => {
  await page.goto('/');
  const share = page.getByTestId('share-said'),
    surroundings = page.getByTestId('surroundings-said');
  for (const region of [share, surroundings, page.getByTestId('weather-said')]) {
    await expect(region).toHaveAttribute('role', 'status');
    await expect(region).toBeEmpty();
  }
  // What the surroundings' region holds as the file is read: the region watched is the one there before.
  await surroundings.evaluate((el) => {
    const said: string[] = [];
    (window as unknown as { said: string[] }).said = said;
    new MutationObserver(() => el.textContent && said.push(el.textContent)).observe(el, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  await page.getByTestId('mesh-file').setInputFiles({
    name: 'broken.obj',
    mimeType: 'text/plain',
    buffer: Buffer.from('v 1 2\nf 1 2 9\n'),
  });
  await expect(page.getByTestId('import-error')).toBeVisible();
  await expect(surroundings).toBeEmpty();
  expect(await page.evaluate(() => (window as unknown as { said: string[] }).said)).toEqual([
    'Reading broken.obj…',
  ]);
  await page.getByTestId('copy-link').click();
  await expect(share).toContainText('Link copied');
});
