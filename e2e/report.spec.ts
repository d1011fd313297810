import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { decode } from 'fast-png';
import { encodeShare } from '../src/app/share/codec';
import { defaultScene, type Scene } from '../src/app/scene/scene';
import packageJson from '../package.json' with { type: 'json' };

/**
 * Issue 19 §4 and §7: the report page (PNG export and print) and the map cut exactly along the outline.
 * A room with a slanted wall, its window on the south wall, the site's north turned 30° clockwise.
 */
const scene: Scene = {
  ...defaultScene(),
  outline: [
    [0, 0],
    [6, 0],
    [6, 3],
    [3, 5],
    [0, 5],
  ],
  north: 30,
};

async function settled(page: Page): Promise<void> {
  const status = page.getByTestId('status');
  await expect(status).toHaveAttribute('data-quality', 'standard', { timeout: 60_000 });
  await expect(status).toHaveAttribute('data-engine', 'done');
}

const isMapColour = ([r, g, b]: number[]): boolean =>
  Math.abs(r! - g!) + Math.abs(g! - b!) + Math.abs(r! - b!) > 40; // the palettes are saturated; paper and ink are grey

test('the report page: PNG and print carry the plan, north, scale, legend, statistics, verdicts, inputs and source', async ({
  page,
}) => {
  await page.goto(`/${encodeShare(scene)}`);
  await settled(page);
  const sheet = page.getByTestId('print-sheet');
  await expect(sheet).toBeHidden(); // on screen the editor shows, not the page
  // Made again a moment after the last answer (the draft's page stays until then, marked as being updated).
  await expect(sheet).toHaveAttribute('data-state', 'current');
  const mean = (await page.getByTestId('stat-mean').textContent())!;
  await expect(sheet.locator('[data-stat="mean"]')).toHaveText(mean);
  await expect(sheet.locator('[data-stat="area"]')).toHaveText(
    (await page.getByTestId('stat-area').textContent())!,
  );
  for (const id of ['bfs', 'en-target', 'en-minimum']) {
    const pass = await page.getByTestId(`verdict-${id}`).getAttribute('data-pass');
    await expect(sheet.locator(`[data-verdict="${id}"]`)).toContainText(pass === 'true' ? 'pass' : 'fail');
  }
  await expect(sheet.locator('[data-role="north"]')).toHaveAttribute('transform', /rotate\(30\)/);
  await expect(sheet.locator('[data-role="scale-bar"]')).toHaveAttribute('data-metres', /^(1|2|5)$/);
  await expect(sheet.locator('[data-window="w1"]')).toHaveCount(1);
  const words = (await sheet.locator('svg').textContent())!;
  expect(words).toContain('Lux engine (physics), standard quality, every reflection counted');
  // The window on the south wall faces S 180° on the plan; with north turned 30° clockwise, 150°.
  await expect(sheet.locator('[data-opening="w1"]')).toContainText('SE 150°');
  expect(words).toContain('ceiling 80 %, walls 70 %,floor 30 %, facades 30 %,ground 20 % (the defaults)');
  // The slanted room: 6 m along its longest (south) wall, 5 m across.
  expect(words).toContain('6.00 × 5.00 m, 2.');
  expect(words).toContain('Daylight factor (%)');

  // The project, entered once, is on the page, and travels with a share link (issue 34).
  await expect(sheet.locator('[data-stat="project"]')).toHaveText('Project not stated');
  await page.getByTestId('project-name').fill('Kv. Lärkan');
  await page.getByTestId('project-site').fill('Storgatan 1, Uppsala');
  await page.getByTestId('project-author').fill('E. Arch');
  await page.getByTestId('project-stage').fill('Building permit');
  await page.getByTestId('project-date').fill('2026-11-20');
  await expect(sheet.locator('[data-stat="project"]')).toHaveText('Kv. Lärkan · Storgatan 1, Uppsala');
  await expect(sheet.locator('[data-stat="signature"]')).toHaveText(
    'Prepared by E. Arch · Building permit · design of 2026-11-20',
  );

  // Printing shows the page and nothing of the editor.
  await page.emulateMedia({ media: 'print' });
  await expect(sheet).toBeVisible();
  await expect(page.locator('main')).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  // The PNG is the same page at twice its size: white paper, dark ink at the north arrow, map colours in the room.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-png').click(),
  ]);
  const png = decode(await (await import('node:fs')).promises.readFile((await download.path())!));
  expect([png.width, png.height]).toEqual([2246, 1588]);
  const at = (x: number, y: number): number[] => {
    const i = (Math.round(2 * y) * png.width + Math.round(2 * x)) * png.channels;
    return Array.from(png.data.subarray(i, i + 3));
  };
  expect(at(8, 8)).toEqual([255, 255, 255]);
  const geo = await sheet.evaluate((el) => {
    const svg = el.querySelector('svg')!;
    const poly = svg.querySelector('[data-role="outline"]')!.getAttribute('points')!;
    const pts = poly.split(' ').map((p) => p.split(',').map(Number));
    const cx = pts.reduce((s, p) => s + p[0]!, 0) / pts.length;
    const cy = pts.reduce((s, p) => s + p[1]!, 0) / pts.length;
    // The sheet is not displayed on screen (no layout, no CTM): its arrow's place is in its transform.
    const t = /translate\(([\d.]+) ([\d.]+)\)/.exec(
      svg.querySelector('[data-role="north"]')!.getAttribute('transform')!,
    )!;
    return { cx, cy, nx: Number(t[1]), ny: Number(t[2]) };
  });
  // Around the room's centre (nine points 12 px apart: one may fall on an iso line's white halo or label).
  const around = [-12, 0, 12].flatMap((dx) => [-12, 0, 12].map((dy) => at(geo.cx + dx, geo.cy + dy)));
  expect(around.filter(isMapColour).length).toBeGreaterThanOrEqual(6);
  // The arrow's ink 6 px up its shaft, turned 30° clockwise with north.
  const r = (30 * Math.PI) / 180;
  expect(Math.max(...at(geo.nx + 6 * Math.sin(r), geo.ny - 6 * Math.cos(r)))).toBeLessThan(80);

  // A name and true north typed after the map settled reach the page (it kept the computed scene's before).
  await page.getByTestId('room-name').fill('Office 2.14');
  await page.getByTestId('room-name').press('Enter');
  await page.getByTestId('north').fill('45');
  await page.getByTestId('north').press('Enter');
  await expect(sheet.locator('[data-role="north"]')).toHaveAttribute('transform', /rotate\(45\)/);
  await expect(sheet.locator('svg')).toContainText('Office 2.14');
  await expect(sheet.locator('[data-opening="w1"]')).toContainText('SE 135°');
});

test.describe('on the other side of the date line', () => {
  // Kiritimati is UTC+14: at noon UTC on the 24th it is already the 25th there.
  test.use({ timezoneId: 'Pacific/Kiritimati' });

  test('the report page is dated by the architect’s own calendar, not by UTC’s', async ({ page }) => {
    await page.clock.setFixedTime(new Date('2026-11-24T12:00:00Z'));
    await page.goto(`/${encodeShare(scene)}`);
    await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
    await expect(page.getByTestId('print-sheet').locator('[data-stat="computed"]')).toHaveText(
      `Lux ${packageJson.version} · daylight factor under the CIE overcast sky · computed 2026-11-25`,
    );
  });
});

test('the map is cut along the outline: no staircase along a slanted wall, in plan and report', async ({
  page,
}) => {
  await page.goto(`/${encodeShare(scene)}`);
  await settled(page);
  const plan = page.getByTestId('plan-map');
  await expect(plan).toHaveAttribute('clip-path', 'url(#plan-map-outline)');
  // Points 2.5 px inside and outside (the outline is drawn 3 px wide; a cell is 6 px) the slanted wall (6, 3)–(3, 5), in page coordinates.
  const samples = await page.evaluate(() => {
    const svg = document.querySelector<SVGImageElement>('[data-testid="plan-map"]')!.ownerSVGElement!;
    const poly = [...svg.querySelectorAll<SVGPolygonElement>('polygon')].find(
      (p) => p.getAttribute('stroke') === '#1d2733',
    )!;
    const pts = poly
      .getAttribute('points')!
      .split(' ')
      .map((p) => p.split(',').map(Number));
    const [a, b] = [pts[2]!, pts[3]!];
    const len = Math.hypot(b[0]! - a[0]!, b[1]! - a[1]!);
    // The room is counter-clockwise in the world; SVG y runs down, so on screen its inside is to the left of a → b.
    const nx = -(b[1]! - a[1]!) / len,
      ny = (b[0]! - a[0]!) / len;
    const ctm = svg.getScreenCTM()!;
    const out: { inside: [number, number]; outside: [number, number] }[] = [];
    for (let t = 0.15; t <= 0.86; t += 0.035) {
      const x = a[0]! + t * (b[0]! - a[0]!),
        y = a[1]! + t * (b[1]! - a[1]!);
      const pt = (d: number): [number, number] => {
        const p = new DOMPoint(x - nx * d, y - ny * d).matrixTransform(ctm);
        return [p.x, p.y];
      };
      out.push({ inside: pt(2.5), outside: pt(-2.5) });
    }
    return out;
  });
  const shot = decode(await page.screenshot());
  const dpr = shot.width / page.viewportSize()!.width;
  const pixel = ([x, y]: [number, number]): number[] => {
    const i = (Math.round(y * dpr) * shot.width + Math.round(x * dpr)) * shot.channels;
    return Array.from(shot.data.subarray(i, i + 3));
  };
  const insideColoured = samples.filter((s) => isMapColour(pixel(s.inside))).length;
  const outsideColoured = samples.filter((s) => isMapColour(pixel(s.outside))).length;
  expect(insideColoured).toBe(samples.length);
  expect(outsideColoured).toBe(0);
});
