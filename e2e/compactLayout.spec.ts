import { expect, test } from './fixtures';

/** A laptop's window: the plan above the 3D view, short and wide (~716 × 341 px). */
test.use({ viewport: { width: 1024, height: 768 } });

const overlap = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('at 1024 × 768 the plan’s north arrow and scale bar stand clear of the room’s corners', async ({
  page,
}) => {
  await page.goto('/');
  const corners = page.locator('.plan [data-corner]');
  await expect(corners).toHaveCount(4);
  // Measured once the plan has its size (the marks follow the box's measure).
  await expect
    .poll(async () => {
      const north = (await page.getByTestId('north-arrow').boundingBox())!;
      const bar = (await page.getByTestId('scale-bar').boundingBox())!;
      const hit: number[] = [];
      for (const [i, c] of (await corners.all()).entries()) {
        const box = (await c.boundingBox())!;
        if (overlap(north, box) || overlap(bar, box)) hit.push(i);
      }
      return hit;
    })
    .toEqual([]);
});

test('a file input shows its button alone, not “No file chosen” beside a file open', async ({ page }) => {
  await page.goto('/');
  const weather = page.getByTestId('weather-file');
  await weather.setInputFiles('test/fixtures/weather/chicago-ohare-tmy3.epw');
  // The panel names the file open…
  await expect(page.getByTestId('weather-location')).toContainText('(chicago-ohare-tmy3.epw)');
  // …and the inputs are their “Choose File” button: the text beside it made them ~170–250 px wide.
  for (const id of ['weather-file', 'ifc-file']) {
    const box = (await page.getByTestId(id).boundingBox())!;
    expect(box.width, id).toBeLessThan(120);
    expect(box.height, id).toBeGreaterThanOrEqual(20);
  }
});

test('a tool other than Select says under the plan what it asks for; Escape ends it', async ({ page }) => {
  await page.goto('/');
  const hint = page.getByTestId('tool-hint');
  await expect(page.locator('.plan [data-corner]')).toHaveCount(4);
  await expect(hint).toHaveCount(0);
  await page.getByTestId('tool-draw').click();
  await expect(hint).toContainText('click its corners one by one');
  await expect(hint).toContainText('replaces this room and its windows');
  const svg = (await page.locator('.plan svg').boundingBox())!;
  const corners: [number, number][] = [
    [0.2, 0.2],
    [0.6, 0.2],
    [0.6, 0.5],
  ];
  for (const [x, y] of corners) await page.mouse.click(svg.x + x * svg.width, svg.y + y * svg.height);
  await expect(hint).toContainText('3 corners: click the first corner, or press Enter, to close it');
  await page.keyboard.press('Escape');
  await expect(hint).toHaveCount(0);
  // The room is the one before: drawing stopped, nothing replaced.
  await expect(page.locator('.plan [data-corner]')).toHaveCount(4);
  await page.getByTestId('tool-window').click();
  await expect(hint).toHaveText('Adding windows: click a wall to put one there; Escape goes back to Select.');
});
