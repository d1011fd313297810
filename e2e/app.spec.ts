import type { Page } from '@playwright/test';
import { expect, test, withoutWarmUp } from './fixtures';
import { decodeShare, encodeShare } from '../src/app/share/codec';
import { defaultScene, type Scene } from '../src/app/scene/scene';
import { notchedOutline } from '../test/helpers/notchedRoom';

/** The app's main flows on the built app (issue 5): map, editing, share links, mesh import. */

async function ready(page: Page): Promise<void> {
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
}

/** The engine's standard-quality map of the scene on screen is shown: the answer no longer changes. */
async function settled(page: Page): Promise<void> {
  const status = page.getByTestId('status');
  await expect(status).toHaveAttribute('data-quality', 'standard', { timeout: 60_000 });
  await expect(status).toHaveAttribute('data-engine', 'done');
}

/** The first window's width in the room this browser keeps (keptScene.ts), or null. */
async function keptWidth(page: Page): Promise<number | null> {
  const kept = await page.evaluate(() => localStorage.getItem('lux-scene'));
  try {
    return kept ? (decodeShare(kept).scene.windows[0]?.width ?? null) : null;
  } catch {
    return null;
  }
}

/** The plan map's pixels (its data URL): changes when the prediction does. */
const mapData = (page: Page): Promise<string | null> => page.getByTestId('plan-map').getAttribute('href');

test('the map follows the window: moving it changes the map and the statistics; undo brings them back', async ({
  page,
}) => {
  await page.goto('/');
  await settled(page);
  const before = await mapData(page);
  const mean = await page.getByTestId('stat-mean').textContent();
  // The engine's bar keeps its row while idle: the statistics under it do not jump as the engine starts.
  const idleBar = page.locator('.engine-progress.idle');
  await expect(idleBar).toBeHidden();
  expect(await idleBar.evaluate((e) => e.getBoundingClientRect().height)).toBeGreaterThan(0);
  const offset = page.getByTestId('w1-offset');
  await offset.fill('1.2');
  await offset.press('Enter');
  await expect.poll(() => mapData(page)).not.toBe(before);
  await settled(page);
  expect(await page.getByTestId('stat-mean').textContent()).not.toBe(mean);
  await page.getByTestId('undo').click();
  await settled(page);
  // The engine is seeded: the same scene gives the same map, pixel for pixel.
  await expect.poll(() => mapData(page)).toBe(before);
  await expect(page.getByTestId('stat-mean')).toHaveText(mean!);
});

test('hovering the map reads the DF under the cursor', async ({ page }) => {
  await page.goto('/');
  await ready(page);
  const box = (await page.getByTestId('plan-map').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height * 0.9);
  await expect(page.getByTestId('hover-df')).toHaveText(/DF \d+\.\d\d %/);
  // The same value beside the cursor, just above and right of it.
  const value = (await page.getByTestId('hover-df').textContent())!.replace(' · DF ', '');
  const label = page.getByTestId('cursor-df');
  await expect(label).toHaveText(value);
  const at = (await label.boundingBox())!;
  expect(at.x - (box.x + box.width / 2)).toBeGreaterThan(0);
  expect(at.x - (box.x + box.width / 2)).toBeLessThan(30);
  expect(box.y + box.height * 0.9 - (at.y + at.height)).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height * 0.9 - (at.y + at.height)).toBeLessThan(30);
});

test('a share link reopened in a new page shows the same room and statistics', async ({ page, context }) => {
  await page.goto('/');
  await ready(page);
  const height = page.getByTestId('height');
  await height.fill('3.2');
  await height.press('Enter');
  const width = page.getByTestId('w1-width');
  await width.fill('3');
  await width.press('Enter');
  await settled(page);
  await expect(page.getByTestId('w1-width')).toHaveValue('3');
  await page.getByTestId('copy-link').click();
  await expect(page.getByTestId('share-message')).toContainText('Link copied');
  const url = page.url();
  expect(url).toMatch(/#s=1\./);
  const stats = await page.getByTestId('stats').textContent();
  const other = await context.newPage();
  await other.goto(url);
  await settled(other);
  await expect(other.getByTestId('height')).toHaveValue('3.2');
  await expect(other.getByTestId('w1-width')).toHaveValue('3');
  await expect(other.getByTestId('stats')).toHaveText(stats!);
});

test('a share link carries the project a report states, to a device that has never seen it', async ({
  page,
  browser,
}) => {
  await page.goto('/');
  await ready(page);
  await page.getByTestId('project-name').fill('Kv. Lärkan');
  await page.getByTestId('project-author').fill('E. Arch');
  await page.getByTestId('copy-link').click();
  await expect(page.getByTestId('share-message')).toContainText('Link copied');
  // A fresh context: nothing in its storage; the link alone brings the project.
  const elsewhere = await withoutWarmUp(await browser.newContext({ serviceWorkers: 'block' }));
  const other = await elsewhere.newPage();
  await other.goto(page.url());
  await ready(other);
  await expect(other.getByTestId('project-name')).toHaveValue('Kv. Lärkan');
  await expect(other.getByTestId('project-author')).toHaveValue('E. Arch');
  await expect(other.getByTestId('project-site')).toHaveValue('');
  // Kept on that device from then on (localStorage), as if typed there.
  await other.reload();
  await ready(other);
  await expect(other.getByTestId('project-name')).toHaveValue('Kv. Lärkan');
  await elsewhere.close();
});

test('a reload keeps the room; a copied link in the address stands for its room only until the next edit', async ({
  page,
}) => {
  await page.goto('/');
  await ready(page);
  await page.getByTestId('room-name').fill('Office 2.14');
  await page.getByTestId('room-name').press('Enter');
  await page.getByTestId('north').fill('30');
  await page.getByTestId('north').press('Enter');
  await page.getByTestId('w1-width').fill('3');
  await page.getByTestId('w1-width').press('Enter');
  // Kept after the last edit's pause; a reload (or a tab closed and opened again) gives it back.
  await expect.poll(() => keptWidth(page)).toBe(3);
  await page.reload();
  await ready(page);
  await expect(page.getByTestId('room-name')).toHaveValue('Office 2.14');
  await expect(page.getByTestId('north')).toHaveValue('30');
  await expect(page.getByTestId('w1-width')).toHaveValue('3');
  // A link copied, then another edit: the reload gives the room as it is, not the link's.
  await page.getByTestId('copy-link').click();
  await expect(page.getByTestId('share-message')).toContainText('Link copied');
  expect(page.url()).toContain('#s=');
  await page.getByTestId('w1-width').fill('1.5');
  await page.getByTestId('w1-width').press('Enter');
  await expect.poll(() => page.url()).not.toContain('#s=');
  await expect.poll(() => keptWidth(page)).toBe(1.5);
  await page.reload();
  await ready(page);
  await expect(page.getByTestId('w1-width')).toHaveValue('1.5');
  await expect(page.getByTestId('room-name')).toHaveValue('Office 2.14');
  // A width beyond the 6 m wall is cut to it, and the panel says so.
  await expect(page.getByTestId('w1-fills-wall')).toHaveCount(0);
  await page.getByTestId('w1-width').fill('9');
  await page.getByTestId('w1-width').press('Enter');
  await expect(page.getByTestId('w1-width')).toHaveValue('6');
  await expect(page.getByTestId('w1-fills-wall')).toContainText('spans its whole wall (6.00 m)');
});

test('a damaged share link says why and shows the default room', async ({ page }) => {
  await page.goto('/#s=1.AAAA');
  await expect(page.getByTestId('notice')).toContainText('damaged');
  await ready(page);
});

test('an OBJ obstruction darkens the room; a bad file is refused and leaves the scene as it was', async ({
  page,
}) => {
  await page.goto('/');
  await ready(page);
  const mean = Number((await page.getByTestId('stat-mean').textContent())!.replace(' %', ''));
  // A 30 m wide, 15 m high block 6 m in front of the window wall (the room's south side, y < 0).
  const obj = ['v -12 -6 0', 'v 18 -6 0', 'v 18 -6 15', 'v -12 -6 15', 'f 1 2 3', 'f 1 3 4'].join('\n');
  await page
    .getByTestId('mesh-file')
    .setInputFiles({ name: 'block.obj', mimeType: 'text/plain', buffer: Buffer.from(obj) });
  await expect(page.getByTestId('surroundings')).toHaveText('Mesh block.obj: 2 triangles.');
  await expect
    .poll(async () => Number((await page.getByTestId('stat-mean').textContent())!.replace(' %', '')), {
      timeout: 30_000,
    })
    .toBeLessThan(mean * 0.8);
  // The block's top is 15 − 1.55 m above the window's mid-height at ~6 m: about 66° straight out.
  await expect
    .poll(async () => Number(await page.getByTestId('max-horizon').textContent()))
    .toBeGreaterThan(60);
  await expect(page.getByTestId('fisheye')).toBeVisible();
  await settled(page);
  const darker = await page.getByTestId('stats').textContent();
  await page.getByTestId('mesh-file').setInputFiles({
    name: 'broken.stl',
    mimeType: 'model/stl',
    buffer: Buffer.from('solid x\nfacet nonsense\n'),
  });
  await expect(page.getByTestId('import-error')).toBeVisible();
  await expect(page.getByTestId('surroundings')).toHaveText('Mesh block.obj: 2 triangles.');
  await expect(page.getByTestId('stats')).toHaveText(darker!);
});

test('exports: PNG, CSV of the room cells, JSON in the /run shape, the encoded ZIP', async ({ page }) => {
  await page.goto('/');
  await settled(page);
  const grab = async (id: string): Promise<{ name: string; bytes: Buffer }> => {
    const [d] = await Promise.all([page.waitForEvent('download'), page.getByTestId(id).click()]);
    const path = await d.path();
    const { readFileSync } = await import('node:fs');
    return { name: d.suggestedFilename(), bytes: readFileSync(path!) };
  };
  const png = await grab('export-png');
  // The file says which answer it carries.
  expect(png.name).toBe('lux-df-engine-standard.png');
  expect(png.bytes.subarray(1, 4).toString()).toBe('PNG');
  const csv = (await grab('export-csv')).bytes.toString().trim().split('\n');
  expect(csv[0]).toBe('x_m,y_m,df_percent');
  // The default 6 × 4 m room: 60 × 40 cells of 0.1 m.
  expect(csv.length - 1).toBe(2400);
  const mean = csv.slice(1).reduce((s, l) => s + Number(l.split(',')[2]), 0) / 2400;
  const shown = Number((await page.getByTestId('stat-mean').textContent())!.replace(' %', ''));
  expect(mean).toBeCloseTo(shown, 2);
  const json = JSON.parse((await grab('export-json')).bytes.toString());
  expect(json.request).toMatchObject({
    model_type: 'df_default',
    parameters: { height_roof_over_floor: 2.7 },
  });
  expect(json.response).toMatchObject({
    status: 'success',
    units: '%',
    shape: [40, 60],
    method: 'simulation',
  });
  const zip = await grab('export-zip');
  expect(zip.name).toBe('encoded.zip');
  expect(zip.bytes.subarray(0, 2).toString()).toBe('PK');
});

test('typed horizon and zenith angles apply to every window and show in the profile', async ({ page }) => {
  await page.goto('/');
  await ready(page);
  const mean = Number((await page.getByTestId('stat-mean').textContent())!.replace(' %', ''));
  await page.getByText('Type horizon and zenith angles').click();
  // Wrong ones first: the message says which value and why, in a sentence.
  await page.getByTestId('horizon-text').fill([...new Array(62).fill(30), 'x', 30].join(' '));
  await page.getByTestId('zenith-text').fill(new Array(63).fill(0).join(', '));
  await page.getByRole('button', { name: 'Use these angles' }).click();
  await expect(page.getByTestId('import-error')).toHaveText(
    'These angles cannot be used: the horizon value 63 (“x”) is not an angle of 0–90°; the zenith needs 64 values (across the window’s view, from its right to its left looking out), 63 were given.',
  );
  await page.getByTestId('horizon-text').fill(new Array(64).fill(30).join(' '));
  await page.getByTestId('zenith-text').fill(new Array(64).fill(0).join(', '));
  await page.getByRole('button', { name: 'Use these angles' }).click();
  await expect(page.getByTestId('surroundings')).toHaveText(
    'Typed horizon and zenith angles, for every window.',
  );
  await expect(page.getByTestId('max-horizon')).toHaveText('30.0');
  await expect
    .poll(async () => Number((await page.getByTestId('stat-mean').textContent())!.replace(' %', '')))
    .toBeLessThan(mean * 0.9);
});

test.describe('with its service worker', () => {
  test.use({ serviceWorkers: 'allow' });
  test('offline: after one visit the app reloads and predicts with the network off', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await ready(page);
    // The service worker has precached the app, the model and the runtime once it is active and in control.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    await context.setOffline(true);
    try {
      await page.reload();
      await ready(page);
      const before = await mapData(page);
      const width = page.getByTestId('w1-width');
      await width.fill('1.5');
      await width.press('Enter');
      await expect.poll(() => mapData(page)).not.toBe(before);
      await ready(page);
    } finally {
      await context.setOffline(false);
    }
  });
});

test('a Lux server can predict instead of the browser, with the same map', async ({ page }) => {
  await page.goto('/');
  await settled(page);
  const local = await page.getByTestId('stats').textContent();
  // Enter in the address field uses the server, as the button does (the fields are a form).
  await page.getByTestId('server-url').press('Enter');
  await expect(page.getByTestId('where')).toContainText('Predicting on http://127.0.0.1');
  await expect(page.getByTestId('status')).toContainText('on the server', { timeout: 30_000 });
  // The server settles the same way (/v2/simulate, draft then standard): the same engine, seed and
  // quality as the browser's worker, so the statistics print the same.
  await settled(page);
  await expect(page.getByTestId('status')).toContainText('on the server');
  await expect(page.getByTestId('stats')).toHaveText(local!);
  await page.getByTestId('use-browser').click();
  await expect(page.getByTestId('status')).toContainText('in this browser');
});

test('keyboard: a selected window moves with the arrow keys and is deleted with Delete; Ctrl+Z undoes', async ({
  page,
}) => {
  await page.goto('/');
  await ready(page);
  await page.getByTestId('w1-width').focus();
  await page.getByTestId('w1-width').press('Tab');
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Shift+ArrowRight');
  await expect(page.getByTestId('w1-offset')).toHaveValue('3.5');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('w1-offset')).toHaveValue('3.45');
  await page.keyboard.press('Delete');
  await expect(page.getByTestId('window-w1')).toHaveCount(0);
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'blocked');
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('window-w1')).toHaveCount(1);
  await ready(page);
});

test('a 10⁶-triangle STL loads without freezing the page; the 3D view shows it on request', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.goto('/');
  await ready(page);
  // A seeded city of 10⁶ triangles as binary STL (50 MB).
  const n = 1_000_000;
  const stl = Buffer.alloc(84 + 50 * n);
  stl.writeUInt32LE(n, 80);
  let seed = 11;
  const rnd = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let t = 0; t < n; t++) {
    const cx = (rnd() - 0.5) * 600,
      cy = -20 - rnd() * 300,
      h = 3 + rnd() * 30;
    const o = 84 + 50 * t + 12;
    [cx, cy, 0, cx + 2, cy, 0, cx, cy, h].forEach((v, k) => stl.writeFloatLE(v, o + 4 * k));
  }
  await page.evaluate(() => {
    const w = window as unknown as { changedAt: number; tasks: number[][] };
    w.changedAt = Infinity;
    w.tasks = [];
    document.addEventListener('change', () => (w.changedAt = performance.now()), true);
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) w.tasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask' });
  });
  await page.getByTestId('mesh-file').setInputFiles({ name: 'city.stl', mimeType: 'model/stl', buffer: stl });
  await expect(page.getByTestId('surroundings')).toHaveText('Mesh city.stl: 1,000,000 triangles.', {
    timeout: 180_000,
  });
  await ready(page);
  // After the file reached the page (Playwright's own delivery of 50 MB is before the change event).
  const longest = await page.evaluate(() => {
    const w = window as unknown as { changedAt: number; tasks: number[][] };
    return Math.max(0, ...w.tasks.filter(([t]) => t! >= w.changedAt).map(([, d]) => d!));
  });
  // No freeze: before the display budget this was a 39 s task. The 50 ms target itself is measured by
  // `npm run bench` (app section); a test machine shared with other jobs stretches a task past 50 ms (a
  // slow CI machine read 260 ms), so the bound here is the freeze's, a second.
  expect(longest).toBeLessThanOrEqual(1000);
  await expect(page.getByTestId('show-mesh')).not.toBeChecked();
  // The view draws the 250 000 triangles nearest the room; the angles used all of them.
  await expect(page.getByTestId('view3d')).toContainText('250,000 triangles');
});

test('installable: a manifest with name, start URL, standalone display and raster icons; Install offers the browser dialog', async ({
  page,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel=manifest]').getAttribute('href');
  const manifest = (await (await page.request.get(new URL(href!, page.url()).href)).json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; type: string }[];
  };
  expect(manifest.name).toContain('Lux');
  expect(manifest.start_url).toBe('/');
  expect(manifest.display).toBe('standalone');
  for (const size of ['192x192', '512x512']) {
    const icon = manifest.icons.find((i) => i.sizes === size);
    expect(icon?.type).toBe('image/png');
    const res = await page.request.get(new URL(icon!.src, page.url()).href);
    expect(res.headers()['content-type']).toBe('image/png');
    const png = await res.body();
    // The PNG header's width and height are the size the manifest claims.
    expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(size);
  }

  // No button until the browser offers installation; then it opens the browser's dialog once.
  await ready(page);
  await expect(page.getByTestId('install')).toHaveCount(0);
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => {
        (window as unknown as { prompted: number }).prompted =
          ((window as unknown as { prompted?: number }).prompted ?? 0) + 1;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(offer);
  });
  await page.getByTestId('install').click();
  await expect(page.getByTestId('install')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { prompted?: number }).prompted)).toBe(1);
});

test('darker glass darkens the room by its diffuse transmittance, and a share link keeps it', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await settled(page);
  const mean = Number((await page.getByTestId('stat-mean').textContent())!.replace(' %', ''));
  const glass = page.getByTestId('w1-glass');
  await expect(glass).toHaveValue('70');
  await glass.fill('45');
  await glass.press('Enter');
  await settled(page);
  // The engine's pane at τ 0.45 passes ~0.61 of the 0.70 pane's daylight (docs/model.md §Glass).
  const darkText = (await page.getByTestId('stat-mean').textContent())!;
  const dark = Number(darkText.replace(' %', ''));
  expect(dark / mean).toBeGreaterThan(0.56);
  expect(dark / mean).toBeLessThan(0.66);
  await page.getByTestId('copy-link').click();
  await expect(page.getByTestId('share-message')).toContainText('Link copied');
  const other = await context.newPage();
  await other.goto(page.url());
  await settled(other);
  await expect(other.getByTestId('w1-glass')).toHaveValue('45');
  await expect(other.getByTestId('stat-mean')).toHaveText(darkText);
});

test('directions read as compass bearings and follow the site’s north; the answer stays; a link keeps it', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await settled(page);
  // The default window is on the plan's bottom wall: it faces −y, south while the plan's up is north.
  await expect(page.getByTestId('w1-faces')).toHaveText('S 180°');
  await expect(page.getByTestId('facing')).toHaveText('S 180°');
  await expect(page.getByTestId('scale-bar')).toHaveAttribute('data-metres', '1');
  const map = await mapData(page);
  const north = page.getByTestId('north');
  await north.fill('90');
  await north.press('Enter');
  // True north turned 90° clockwise from the plan's up: the plan's bottom wall now faces east.
  await expect(page.getByTestId('w1-faces')).toHaveText('E 90°');
  await expect(page.getByTestId('facing')).toHaveText('E 90°');
  await expect(page.getByTestId('north-arrow')).toHaveAttribute('data-north', '90');
  // North changes what is shown, not what is computed: the settled engine map is kept.
  await expect(page.getByTestId('status')).toHaveAttribute('data-quality', 'standard');
  expect(await mapData(page)).toBe(map);
  await page.getByTestId('copy-link').click();
  await expect(page.getByTestId('share-message')).toContainText('Link copied');
  const other = await context.newPage();
  await other.goto(page.url());
  await expect(other.getByTestId('w1-faces')).toHaveText('E 90°');
});

test('areas in m² beside %, and exports named for what a person gets', async ({ page }) => {
  await page.goto('/');
  await settled(page);
  // The default room is 6 × 4 m.
  await expect(page.getByTestId('stat-area')).toHaveText('24.00 m²');
  // Both rounded down (core/stats/shareText.ts): the share to 0.1 %, its area to 0.01 m².
  const share = Number((await page.getByTestId('stat-above-1').textContent())!.replace(' %', ''));
  const m2 = (await page.getByTestId('stat-above-1-m2').textContent())!;
  expect(m2).toMatch(/^ · \d+\.\d\d of 24\.00 m²$/);
  const fromM2 = (Number(m2.match(/[\d.]+/)![0]) / 24) * 100;
  expect(fromM2).toBeGreaterThan(share - 0.05);
  expect(fromM2).toBeLessThan(share + 0.1);
  // The verdict beside the statistics reads the same share.
  await expect(page.getByTestId('verdict-bfs')).toContainText(
    `DF ≥ 1 % on ${share.toFixed(1)} % of the floor`,
  );
  await expect(page.getByTestId('export-png')).toHaveText('Map image (PNG)');
  await expect(page.getByTestId('export-zip')).toHaveText(
    'The model’s input images (ZIP, as /encode gives them)',
  );
  // Plain words: each standard explained where its verdict is.
  await expect(page.getByTestId('glossary').locator('dt')).toHaveText([
    'BFS 2024:8',
    'EN 17037',
    'Daylight factor (DF)',
  ]);
  await expect(page.getByText('Std', { exact: true })).toHaveCount(0);
  await expect(page.getByTestId('model-type').locator('option:checked')).toHaveText('Default materials');
});

test('at phone width (390 × 844) the page is one column: nothing covers the panel, nothing scrolls sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await ready(page);
  const overflow = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  for (const id of ['stats', 'export-png', 'w1-width']) {
    const el = page.getByTestId(id);
    await el.scrollIntoViewIfNeeded();
    await expect(el).toBeInViewport();
    // What is at the element's centre is the element (or inside it): no plan or 3D view on top.
    const box = (await el.boundingBox())!;
    const hit = await page.evaluate(
      ([x, y, testId]) => {
        const at = document.elementFromPoint(x as number, y as number);
        return !!at && !!at.closest(`[data-testid="${testId as string}"]`);
      },
      [box.x + box.width / 2, box.y + box.height / 2, id],
    );
    expect(hit, id).toBe(true);
  }
  // The answer first (issue 34): the map, then the statistics and verdicts, then the 3D view and controls.
  // The 3D view's region is a placeholder until the first answer, then Suspense's fallback while its chunk
  // loads, then the view (Views3D.tsx): the same class in the same place, but a new element each time, so a
  // box read during a swap is null. Read once the view itself is there (its canvas), and each until it has a box.
  await expect(page.locator('.view3d canvas')).toBeAttached({ timeout: 30_000 });
  const top = async (sel: string) => {
    let y: number | undefined;
    await expect
      .poll(async () => (y = (await page.locator(sel).first().boundingBox())?.y) !== undefined)
      .toBe(true);
    return y!;
  };
  const [plan, stats, view3d, room] = await Promise.all([
    top('.plan'),
    top('[data-testid="stats"]'),
    top('.view3d'),
    top('[data-testid="height"]'),
  ]);
  expect(plan).toBeLessThan(stats);
  expect(stats).toBeLessThan(view3d);
  expect(view3d).toBeLessThan(room);
  // Every control a finger can hit is at least 24 px tall; the legend's text at least 12 px.
  const small = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, select, input, summary')]
      .filter((el) => el.offsetParent !== null && el.getBoundingClientRect().height < 24)
      .map((el) => el.dataset['testid'] ?? el.outerHTML.slice(0, 60)),
  );
  expect(small).toEqual([]);
  const legendPx = await page.evaluate(() =>
    Math.min(
      ...[...document.querySelectorAll('.legend .ticks, .legend figcaption')].map((e) =>
        parseFloat(getComputedStyle(e).fontSize),
      ),
    ),
  );
  expect(legendPx).toBeGreaterThanOrEqual(12);
});

test('a window drawn into a notch its walls close is named as walled up, by the model and the engine', async ({
  page,
}) => {
  // A 0.6 m notch between 0.35 m walls: w2, in its west wall, looks into the east wall's solid.
  const scene: Scene = {
    ...defaultScene(),
    outline: notchedOutline(0.6),
    windows: [
      { id: 'w1', edge: 0, offset: 3, width: 2, sill: 0.9, head: 2.2, frame: 0.2, thickness: 0.35 },
      { id: 'w2', edge: 5, offset: 1.6, width: 1.2, sill: 0.9, head: 2.4, frame: 0.2, thickness: 0.35 },
    ],
  };
  await page.goto(`/${encodeShare(scene)}`);
  const status = page.getByTestId('status');
  const warning = page.getByTestId('answer-warnings');
  await expect(status).toHaveAttribute('data-answer', 'model', { timeout: 60_000 });
  await expect(warning).toContainText("window 'w2' opens into a gap between the room's own walls");
  await expect(status).toHaveAttribute('data-engine', 'done', { timeout: 60_000 });
  await expect(status).toHaveAttribute('data-answer', 'engine');
  await expect(warning).toHaveText([/window 'w2' opens into a gap .* closes: no daylight reaches it/]);
});
