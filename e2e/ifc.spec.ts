import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

/**
 * Issue 20 in the browser: drop the Revit duplex, see every room listed and the analysable ones filled in
 * by the background analysis, open a room in the editor, download the table and the report.
 */
test('the duplex from IFC: every room listed, 8 analysed in the background (model, then engine), one opened in the editor, the report downloaded', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  await page.getByTestId('ifc-file').setInputFiles('test/fixtures/ifc/duplex.ifc');
  const status = page.getByTestId('ifc-status');
  await expect(status).toHaveAttribute('data-phase', 'done', { timeout: 120_000 });
  // The model's preview of every room first, then the engine's draft map of each replacing it.
  await expect(status).toHaveText(
    'duplex.ifc: 21 rooms, 8 with windows in their walls; 8 analysed, 8 by the engine.',
  );
  const rooms = page.getByTestId('ifc-room');
  await expect(rooms).toHaveCount(21);
  await expect(page.getByTestId('ifc-room-df')).toHaveCount(8);
  await expect(page.locator('[data-testid="ifc-room-df"][data-method="engine"]')).toHaveCount(8);
  await expect(page.getByTestId('ifc-room-why')).toHaveCount(13);
  await expect(page.getByTestId('ifc-room-why').first()).toHaveText(
    'It has no window in its walls (a room needs at least one IfcWindow).',
  );
  const living = page.locator('[data-testid="ifc-room"][data-number="B102"]');
  await expect(living).toContainText('B102 Living Room');
  await expect(living).toContainText('27.7 m² · 1 window · window/floor 42 %');
  await expect(living.getByTestId('ifc-room-df')).toHaveText(/DF \d+\.\d\d % · ≥ 1 %: 100 %/);

  // Open it: the editor shows the room, its window and the building around it, and settles to the engine.
  await page.getByTestId('ifc-open-B102').click();
  await expect(page.locator('.plan [data-corner]')).toHaveCount(4);
  await expect(page.getByTestId('w1-width')).toHaveValue('4.835');
  await expect(page.getByTestId('surroundings')).toContainText('duplex.ifc');
  await expect(page.getByTestId('stat-area')).toHaveText(/^27\.[5-9]\d m²$/, { timeout: 60_000 }); // 27.66 m² drawn; its 0.1 m cells

  // The table and the report.
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('ifc-csv').click()]);
  const lines = readFileSync((await csv.path())!, 'utf8')
    .trim()
    .split('\n');
  expect(lines).toHaveLength(22);
  expect(lines[0]).toMatch(/^storey,number,name,area_m2,windows/);
  const [report] = await Promise.all([page.waitForEvent('download'), page.getByTestId('ifc-report').click()]);
  expect(report.suggestedFilename()).toBe('duplex-report.html');
  const html = readFileSync((await report.path())!, 'utf8');
  expect(html).toContain('<h1>Daylight report</h1>');
  expect(html.match(/<section class="sheet">/g)).toHaveLength(8);
  expect(html.match(/Lux engine \(physics\), draft quality/g)).toHaveLength(8);
});

test('a file that is not a whole IFC file says so', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('ifc-file').setInputFiles({
    name: 'cut.ifc',
    mimeType: 'application/octet-stream',
    buffer: readFileSync('test/fixtures/ifc/duplex.ifc').subarray(0, 50_000),
  });
  await expect(page.getByTestId('ifc-status')).toHaveText(
    'cut.ifc: The file is cut short: it does not end as an IFC file does (END-ISO-10303-21); copy or export it again',
    { timeout: 30_000 },
  );
});
