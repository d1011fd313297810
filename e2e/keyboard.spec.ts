import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { seriousViolations } from './axe';

/** Issue 19 §6: the plan with the keyboard alone, and an accessibility check of the whole page. */

async function ready(page: Page): Promise<void> {
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
}

const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return {
      window: el?.getAttribute('data-window') ?? null,
      corner: el?.getAttribute('data-corner') ?? null,
      testid: el?.getAttribute('data-testid') ?? null,
      label: el?.getAttribute('aria-label') ?? null,
      stroke: el ? getComputedStyle(el).stroke : null,
    };
  });

test('the plan by keyboard: Tab reaches windows and corners, arrows move them, Delete removes, Enter edits', async ({
  page,
}) => {
  await page.goto('/');
  await ready(page);
  // From the last tool, Tab goes on into the plan: the map, then the window, then the corners in order.
  await page.getByTestId('tool-window').focus();
  for (let i = 0; i < 6 && (await focused(page)).window === null; i++) await page.keyboard.press('Tab');
  expect((await focused(page)).window).toBe('w1');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('w1-offset')).toHaveValue('3.05');
  await page.keyboard.press('Enter');
  expect((await focused(page)).testid).toBe('w1-width');

  await page.locator('.plan [data-window="w1"]').focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  let f = await focused(page);
  expect(f.corner).toBe('2');
  expect(f.stroke).toBe('rgb(232, 89, 12)'); // the focus shows
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Shift+ArrowRight');
  f = await focused(page);
  expect(f.corner).toBe('2'); // focus stays on the corner it moved
  expect(f.label).toContain('Corner 3 at x 6.50 m, y 4.05 m');
  await expect(page.getByTestId('w1-offset')).toHaveValue('3.05'); // the window did not move with it

  // Delete: the room becomes a triangle; its window, on a wall that stays, stays.
  await page.keyboard.press('Delete');
  await expect(page.locator('.plan [data-corner]')).toHaveCount(3);
  await expect(page.locator('.plan [data-window="w1"]')).toHaveCount(1);
  await page.locator('.plan [data-corner="1"]').focus();
  await page.keyboard.press('Delete');
  await expect(page.getByTestId('plan-notice')).toHaveText('A room keeps at least three corners.');
  await expect(page.locator('.plan [data-corner]')).toHaveCount(3);
  await page.keyboard.press('Control+z');
  await expect(page.locator('.plan [data-corner]')).toHaveCount(4);
});

test('the room made by keyboard: a corner added on a wall and moved, a window added on a wall, focus kept', async ({
  page,
}) => {
  await page.goto('/');
  await ready(page);
  // Insert on corner 1 adds corner 2 in the middle of wall 1, focused: the arrows move it at once.
  await page.locator('.plan [data-corner="0"]').focus();
  await page.keyboard.press('Insert');
  await expect(page.locator('.plan [data-corner]')).toHaveCount(5);
  await expect.poll(async () => (await focused(page)).corner).toBe('1');
  await page.keyboard.press('Shift+ArrowDown');
  expect((await focused(page)).label).toContain('Corner 2 at');
  expect((await focused(page)).label).toContain('y -0.50 m');
  // W on a corner adds a window in the middle of the wall after it, focused, Enter edits it.
  await page.locator('.plan [data-corner="2"]').focus();
  await page.keyboard.press('w');
  await expect(page.locator('.plan [data-window]')).toHaveCount(2);
  await expect.poll(async () => (await focused(page)).window).toBe('w2');
  await page.keyboard.press('Enter');
  expect((await focused(page)).testid).toBe('w2-width');
  // Delete leaves the focus on the corner before, never on the page.
  await page.locator('.plan [data-corner="1"]').focus();
  await page.keyboard.press('Delete');
  await expect(page.locator('.plan [data-corner]')).toHaveCount(4);
  await expect.poll(async () => (await focused(page)).corner).toBe('0');
});

test('a room from scratch by keyboard: its outline typed, a mistake said, the room drawn and computed', async ({
  page,
}) => {
  await page.goto('/');
  await ready(page);
  const field = page.getByTestId('typed-outline');
  await field.fill('0 0; 5 0; 5 x');
  await field.press('Enter');
  await expect(page.getByTestId('typed-outline-error')).toHaveText(
    'Corner 3 ("5 x") is not two numbers, x and y in metres.',
  );
  await field.fill('0 0; 7 0; 7 3; 4 3; 4 5; 0 5');
  await field.press('Enter');
  await expect(page.getByTestId('typed-outline-error')).toHaveCount(0);
  await expect(page.locator('.plan [data-corner]')).toHaveCount(6);
  // An L of 7 × 3 and 4 × 2 m: the answer's floor area is the outline's.
  await expect(page.getByTestId('stat-area')).toHaveText('29.00 m²', { timeout: 60_000 });
});

test('the map probed by keyboard: Tab to the map, arrows move a probe, its value and place are said', async ({
  page,
}) => {
  await page.goto('/');
  // The map settled to the engine's: none replaces it between a key and the pointer's reading.
  await expect(page.getByTestId('status')).toHaveAttribute('data-quality', 'standard', { timeout: 60_000 });
  await expect(page.getByTestId('status')).toHaveAttribute('data-engine', 'done');
  // The map takes focus just before the window (selected as it is focused, so its ←/→ would move it).
  await page.locator('.plan [data-window="w1"]').focus();
  await page.keyboard.press('Shift+Tab');
  expect((await focused(page)).testid).toBe('plan-map');
  const said = page.getByTestId('plan-probe');
  await expect(said).toBeEmpty(); // in the page, empty, before the first key
  const cell = page.getByTestId('plan-probe-cell');
  await expect(cell).toHaveAttribute('data-col', '30'); // drawn where it starts: the 6 × 4 m room's middle
  // Every other press ends in a no-break space, so that words said again are said (useMapProbe.ts).
  await page.keyboard.press('ArrowRight');
  await expect(said).toHaveText(/^DF \d+\.\d\d % at x 3\.15 m, y 1\.95 m/);
  await page.keyboard.press('Shift+ArrowDown'); // 1 m towards the window's wall
  await expect(said).toHaveText(/^DF \d+\.\d\d % at x 3\.15 m, y 0\.95 m/);
  await expect(page.getByTestId('w1-offset')).toHaveValue('3'); // no window moved with it
  // The value said is the map's at that cell, as the pointer reads it there.
  const value = (await said.textContent())!.match(/^DF (\S+) %/)![1]!;
  await expect(page.getByTestId('probe-df')).toHaveText(`${value} %`);
  const square = (await page.getByTestId('probe-square').boundingBox())!;
  await page.mouse.move(square.x + square.width / 2, square.y + square.height / 2);
  await expect(page.getByTestId('hover-df')).toHaveText(` · DF ${value} %`);
  // End: the row's last cell in the room; a key against the edge says it went no further.
  await page.keyboard.press('End');
  await expect(said).toHaveText(/at x 5\.95 m, y 0\.95 m/);
  await page.keyboard.press('ArrowRight');
  await expect(said).toHaveText(/at x 5\.95 m, y 0\.95 m \(no further that way\)/);
  // Tab goes on to the window; the probe is drawn only while the map has focus.
  await page.keyboard.press('Tab');
  expect((await focused(page)).window).toBe('w1');
  await expect(cell).toHaveCount(0);
});

test('no serious or critical accessibility violations (axe-core) on the app with its map', async ({
  page,
}) => {
  await page.goto('/');
  await ready(page);
  const bad = await seriousViolations(page);
  expect(bad, JSON.stringify(bad, null, 1)).toEqual([]);
});
