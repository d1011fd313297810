import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The keyboard's place is never lost: a control that goes away with what it did (a window removed, a run
 * cancelled, a room opened from the building) hands the focus on, rather than dropping it to the top of the
 * page, where a keyboard or screen-reader user starts again from the header.
 */

const ready = (page: Page): Promise<void> =>
  expect(page.getByTestId('status')).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });

/** What has the focus: its test id, else its corner or window in the plan, else its tag and text. */
const focused = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    const corner = el.getAttribute('data-corner');
    return (
      el.getAttribute('data-testid') ??
      (corner !== null ? `corner-${corner}` : null) ??
      el.getAttribute('data-window') ??
      `${el.tagName.toLowerCase()}:${el.textContent ?? ''}`
    );
  });

test('a window removed by keyboard, in the plan or its panel, leaves the focus beside it and says so', async ({
  page,
}) => {
  await page.goto('/');
  await ready(page);
  // Delete on the window in the plan: the focus goes to the corner its wall starts at.
  await page.locator('.plan [data-window="w1"]').focus();
  await page.keyboard.press('Delete');
  await expect(page.locator('.plan [data-window]')).toHaveCount(0);
  await expect.poll(() => focused(page)).toBe('corner-0');
  await expect(page.getByTestId('plan-notice')).toHaveText('Window w1 removed; Ctrl+Z brings it back.');
  await page.keyboard.press('Control+z');
  await expect(page.locator('.plan [data-window]')).toHaveCount(1);
  // Its panel's Remove button: the focus goes to the Windows heading, the panel it was in.
  await page.getByRole('button', { name: 'Remove w1' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.plan [data-window]')).toHaveCount(0);
  await expect.poll(() => focused(page)).toBe('h2:Windows');
  // Undo with nothing before it (the undo above emptied the history): Undo keeps the focus as it runs out
  // (a disabled button drops it), says it has nothing left, and does nothing more.
  await page.getByTestId('undo').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.plan [data-window]')).toHaveCount(1);
  expect(await focused(page)).toBe('undo');
  await expect(page.getByTestId('undo')).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Enter');
  await expect(page.locator('.plan [data-window]')).toHaveCount(1);
});

test('the engine cancelled and run again by keyboard keeps the focus on its button', async ({ page }) => {
  await page.goto('/');
  await ready(page);
  await page.getByTestId('height').fill('2.9');
  await page.getByTestId('height').press('Enter');
  await expect(page.getByTestId('verify-cancel')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('verify-cancel').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('status')).toHaveAttribute('data-engine', 'cancelled');
  await expect.poll(() => focused(page)).toBe('verify');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('status')).toHaveAttribute('data-engine', 'running');
  await expect.poll(() => focused(page)).toBe('verify-cancel');
  // A run that ends by itself takes its Cancel away: the focus goes to the panel's heading.
  await expect(page.getByTestId('status')).toHaveAttribute('data-engine', 'done', { timeout: 60_000 });
  await expect.poll(() => focused(page)).toBe('h2:Model vs engine');
});

test('proposals asked for by keyboard: the focus stays on the question, then goes to the answer and back', async ({
  page,
}) => {
  await page.goto('/');
  await ready(page);
  await expect(page.getByTestId('status')).toHaveAttribute('data-engine', 'done', { timeout: 60_000 });
  await page.getByTestId('propose-en-target').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('proposals')).toHaveAttribute('data-phase', 'searching');
  expect(await focused(page)).toBe('propose-en-target');
  await expect(page.getByTestId('proposals')).toHaveAttribute('data-phase', 'done', { timeout: 60_000 });
  await expect(page.getByTestId('proposal').first()).toBeVisible();
  expect(await focused(page)).toBe('propose-en-target');
  // What was found is said where it was asked (a live region there from the start).
  await expect(page.getByTestId('proposals-status')).toHaveAttribute('role', 'status');
  await expect(page.getByTestId('proposals-status')).toContainText('the least glazing first');
  // Applied: the question goes with the failure it asked about; the focus goes to the answer's heading.
  await page.getByTestId('proposal-apply').first().focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('verdict-en-target')).toHaveAttribute('data-pass', 'true', {
    timeout: 60_000,
  });
  await expect.poll(() => focused(page)).toBe('h2:Daylight');
});

test('a room opened from the building by keyboard, and the building again: the focus on the view switch', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.goto('/');
  await ready(page);
  await page.getByTestId('ifc-file').setInputFiles('test/fixtures/ifc/duplex.ifc');
  const plan = page.getByTestId('building-plan');
  await expect(plan.locator('path[data-room="A102"][role="button"]')).toBeVisible({ timeout: 120_000 });
  await plan.locator('path[data-room="A102"]').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.plan [data-corner]')).toHaveCount(4);
  await expect.poll(() => focused(page)).toBe('view-room');
  await page.keyboard.press('Tab'); // the other view
  expect(await focused(page)).toBe('view-building');
  await page.keyboard.press('Enter');
  await expect(plan).toBeVisible();
  await page.getByTestId('ifc-open-A103').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.plan [data-corner]')).toHaveCount(4);
  await expect.poll(() => focused(page)).toBe('view-room');
});
