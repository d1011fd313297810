import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** Issue 19 §1: north dragged on a compass rose or stepped by keys; the selected wall's dimensions. */

async function ready(page: Page): Promise<void> {
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
}

test('north on the compass rose: a drag turns it (one undo step), keys step it; bearings follow', async ({
  page,
}) => {
  await page.goto('/');
  await ready(page);
  // The engine's answers change the panel above the rose: grab it once they are in.
  await expect(page.getByTestId('status')).toHaveAttribute('data-engine', 'done', { timeout: 60_000 });
  await expect(page.getByTestId('w1-faces')).toHaveText('S 180°');
  const rose = page.getByTestId('compass-rose');
  await rose.scrollIntoViewIfNeeded();
  // The rose turns about where it was grabbed (CompassRose): each step of the drag changes the scene, and
  // the answers that follow may change the panel above the rose and move it.
  const b = (await rose.boundingBox())!;
  const cx = b.x + b.width / 2,
    cy = b.y + b.height / 2;
  // Drag the needle round to the plan's right: true north is then 90° clockwise from the plan's up.
  await page.mouse.move(cx, cy - 20);
  await page.mouse.down();
  await page.mouse.move(cx + 14, cy - 14, { steps: 3 });
  // Something above the rose grows mid-drag (as the answers to each step may make it): the drag goes on.
  await rose.evaluate((el) => {
    const pad = document.createElement('div');
    pad.style.height = '37px';
    el.parentElement!.insertBefore(pad, el);
  });
  // And the panel is scrolled mid-drag (the wheel under the pointer): the rose moves with it, as the user
  // sees, and the drag follows it.
  const moved = await rose.evaluate((el) => {
    for (let p = el.parentElement; p; p = p.parentElement) {
      if (p.scrollHeight <= p.clientHeight + 30 || getComputedStyle(p).overflowY === 'visible') continue;
      const before = p.scrollTop;
      p.scrollTop += before >= 30 ? -30 : 30;
      return p.scrollTop - before;
    }
    return 0;
  });
  expect(Math.abs(moved)).toBe(30);
  await page.mouse.move(cx + 20, cy - moved, { steps: 3 });
  await page.mouse.up();
  await expect(page.getByTestId('north')).toHaveValue('90');
  await expect(rose).toHaveAttribute('aria-valuenow', '90');
  // The south wall's window now faces the plan's down, which is east of north turned to the plan's right.
  await expect(page.getByTestId('w1-faces')).toHaveText('E 90°');
  await rose.focus();
  await page.keyboard.press('PageUp');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('north')).toHaveValue('104');
  await expect(page.getByTestId('compass-needle')).toHaveAttribute('transform', /^rotate\(104 /);
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('north')).toHaveValue('90');
  await page.keyboard.press('Control+z'); // the whole drag was one step
  await expect(page.getByTestId('north')).toHaveValue('0');
});

test('the plan states the length of the selected wall, and of a focused corner’s two walls', async ({
  page,
}) => {
  await page.goto('/');
  await ready(page);
  await expect(page.getByTestId('wall-dimension')).toHaveCount(0);
  await page.locator('.plan [data-window="w1"]').focus(); // focus selects the window: its wall is the south one
  const dim = page.getByTestId('wall-dimension');
  await expect(dim).toHaveCount(1);
  await expect(dim).toHaveAttribute('data-edge', '0');
  await expect(dim).toHaveText('6.00 m');
  await page.locator('.plan [data-corner="2"]').focus(); // corner (6, 4): the east and north walls
  await expect(dim).toHaveText(['4.00 m', '6.00 m']);
  await page.keyboard.press('ArrowUp'); // the east wall grows by 5 cm
  await expect(page.locator('[data-testid="wall-dimension"][data-edge="1"]')).toHaveText('4.05 m');
});

test('at 1440 × 900 the plan takes three fifths of the views’ width and their whole height', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await ready(page);
  const plan = (await page.locator('.plan svg').boundingBox())!;
  // The 3D view mounts with the first answer (or after 4 s): 'ready' can come a moment before it. Its
  // placeholder and the view itself are two elements of the same region (Views3D.tsx): the one read may be
  // swapped for the other between two reads, and a detached element has no box (a fresh-clone run, 2026-12-06).
  let box: Awaited<ReturnType<Locator['boundingBox']>> = null;
  await expect
    .poll(async () => (box = await page.getByTestId('view3d').boundingBox()), { timeout: 10_000 })
    .not.toBeNull();
  const view3d = box!;
  expect(plan.width).toBeGreaterThan(600);
  expect(plan.height).toBeGreaterThan(750); // the whole height under the header, not half of it
  expect(view3d.x).toBeGreaterThanOrEqual(plan.x + plan.width - 1); // beside it, not under it
  // The default room is drawn at ~78 px a metre (it was ~57 with the views one above the other).
  const room = (await page.locator('.plan polygon[stroke="#1d2733"]').boundingBox())!;
  expect(room.width / 6).toBeGreaterThan(70);
});

test('at 1440 × 900 every control of the side panel lies inside it, every chart label inside its chart', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await ready(page);
  const outside = await page.evaluate(() => {
    const panel = document.querySelector('aside')!;
    const r = panel.getBoundingClientRect();
    const right = r.left + panel.clientLeft + panel.clientWidth; // the scroll bar is not room for controls
    const out: string[] = [];
    for (const el of panel.querySelectorAll('input, select, button, textarea')) {
      const b = el.getBoundingClientRect();
      if (b.width > 0 && (b.left < r.left - 0.5 || b.right > right + 0.5))
        out.push(`${el.outerHTML.slice(0, 60)} ends at ${Math.round(b.right)} (panel ${Math.round(right)})`);
    }
    for (const svg of panel.querySelectorAll<SVGSVGElement>('svg.chart')) {
      const vb = svg.viewBox.baseVal;
      for (const t of svg.querySelectorAll('text')) {
        const bb = t.getBBox();
        if (bb.x < vb.x || bb.x + bb.width > vb.x + vb.width) out.push(`chart label '${t.textContent}' cut`);
      }
    }
    return out;
  });
  expect(outside).toEqual([]);
  // The frame reads in % as the glass beside it does; 25 % is a ratio of 0.25 wherever the room goes.
  const frame = page.getByTestId('w1-frame');
  await expect(frame).toHaveValue('20');
  await frame.fill('25');
  await frame.press('Enter');
  // The export carries the request of the answer on screen; until the edited room's answer replaces the
  // last one (a moment, longer on a loaded machine) that is the room before the edit: ask until it is not.
  const { readFileSync } = await import('node:fs');
  const exportedRatio = async () => {
    const [d] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-json').click()]);
    const saved = JSON.parse(readFileSync((await d.path())!, 'utf8')) as {
      request: { parameters: { windows: Record<string, { window_frame_ratio: number }> } };
    };
    return Object.values(saved.request.parameters.windows)[0]!.window_frame_ratio;
  };
  await expect.poll(exportedRatio, { timeout: 30_000 }).toBe(0.25);
});
