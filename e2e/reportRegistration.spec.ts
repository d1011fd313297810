import { expect, test } from './fixtures';
import { decode } from 'fast-png';
import { roomSheetSvg, SHEET_WIDTH, type RoomSheet } from '../src/core/report/roomSheet';
import { DEFAULT_COMPLIANCE } from '../src/core/stats/verdicts';
import { workPlaneGrid } from '../src/core/engine/workplane';
import type { Vec2 } from '../src/core/geometry/vec';
import { containsPoint } from '../src/core/geometry/polygon';

/**
 * Issue 34 §1: every room page of a building's report draws its map inside its own outline and over all
 * of it, in the rendered document, where many sheets share one page (as the building report holds them).
 * Rooms of the kinds IFC files give: axis-aligned, rotated 30°, and L-shaped and rotated. The maps are
 * uniform (DF 5 %) on the engine's own grid and mask, so any pixel inside must be map-coloured and any
 * pixel just outside must not.
 */
const rotate = (poly: Vec2[], deg: number, [cx, cy]: Vec2): Vec2[] => {
  const r = (deg * Math.PI) / 180;
  return poly.map(([x, y]) => [
    cx + (x - cx) * Math.cos(r) - (y - cy) * Math.sin(r),
    cy + (x - cx) * Math.sin(r) + (y - cy) * Math.cos(r),
  ]);
};
const rooms: [string, Vec2[]][] = [
  [
    'A101 Office',
    [
      [0, 0],
      [5, 0],
      [5, 4],
      [0, 4],
    ],
  ],
  [
    'A102 Rotated',
    rotate(
      [
        [10, 2],
        [16, 2],
        [16, 5.5],
        [10, 5.5],
      ],
      30,
      [13, 4],
    ),
  ],
  [
    'A103 L-shaped',
    rotate(
      [
        [20, 0],
        [27, 0],
        [27, 3],
        [23, 3],
        [23, 6],
        [20, 6],
      ],
      -20,
      [23, 3],
    ),
  ],
];

function sheetOf(title: string, outline: Vec2[]): string {
  const g = workPlaneGrid(outline);
  const df = new Float32Array(g.rows * g.cols);
  for (let i = 0; i < df.length; i++) if (g.mask[i]) df[i] = 5;
  const sheet: RoomSheet = {
    title,
    outline,
    windows: [],
    north: 0,
    floorAboveTerrain: 0,
    height: 2.7,
    materials: 'Reflectances: the defaults',
    surroundings: 'None',
    map: {
      rows: g.rows,
      cols: g.cols,
      df,
      mask: g.mask,
      origin: { x: g.originX, y: g.originY },
      resolution: 0.1,
    },
    summary: {
      stats: {
        mean: 5,
        median: 5,
        min: 5,
        max: 5,
        std: 0,
        count: df.length,
        area_above: { '1': 100, '2': 100, '3': 100 },
      },
      floor: 20,
      verdicts: [],
    },
    palette: 'viridis',
    scaleMax: 10,
    source: 'test',
    targets: DEFAULT_COMPLIANCE,
  };
  return roomSheetSvg(sheet);
}

const isMapColour = ([r, g, b]: number[]): boolean =>
  Math.abs(r! - g!) + Math.abs(g! - b!) + Math.abs(r! - b!) > 40; // viridis is saturated; paper is grey

test('every room page of a report draws its map exactly inside its own outline, many pages to a document', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1200, height: 900 });
  const sheets = rooms.map(([t, o]) => `<section class="sheet">${sheetOf(t, o)}</section>`).join('\n');
  await page.setContent(`<!doctype html><html><body style="margin:0">${sheets}</body></html>`);
  const svgs = page.locator('section.sheet > svg');
  await expect(svgs).toHaveCount(rooms.length);
  for (let k = 0; k < rooms.length; k++) {
    const svg = svgs.nth(k);
    // The map's clip path resolves, in the document, to this sheet's own outline.
    const own = await svg.evaluate((s) => {
      const image = s.querySelector('image[data-role="map"]')!;
      const ref = /url\(#([^)]+)\)/.exec(image.getAttribute('clip-path')!)![1]!;
      const clip = document.getElementById(ref)!;
      return {
        same: clip.closest('svg') === s,
        clip: clip.querySelector('polygon')!.getAttribute('points'),
        outline: s.querySelector('polygon[data-role="outline"]')!.getAttribute('points'),
      };
    });
    expect(own.same, rooms[k]![0]).toBe(true);
    expect(own.clip).toBe(own.outline);
    // Rendered: beside every wall, map colour 6 px inside and paper 6 px outside.
    const png = decode(await svg.screenshot());
    // The page is drawn at its printed size in mm (251.6 mm: ~951 CSS px), its viewBox 1123 px across.
    const f = png.width / SHEET_WIDTH;
    const pixel = (x: number, y: number): number[] => {
      const i = (Math.round(y * f) * png.width + Math.round(x * f)) * png.channels;
      return [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!];
    };
    const pts = own.outline!.split(' ').map((p): Vec2 => {
      const [x, y] = p.split(',').map(Number);
      return [x!, y!];
    });
    for (let e = 0; e < pts.length; e++) {
      const [ax, ay] = pts[e]!,
        [bx, by] = pts[(e + 1) % pts.length]!;
      const len = Math.hypot(bx - ax, by - ay);
      for (const t of [0.25, 0.5, 0.75]) {
        const mx = ax + (bx - ax) * t,
          my = ay + (by - ay) * t;
        let nx = -(by - ay) / len,
          ny = (bx - ax) / len;
        if (!containsPoint(pts, [mx + nx * 3, my + ny * 3])) [nx, ny] = [-nx, -ny];
        const at = `${rooms[k]![0]}, wall ${e} at ${t}`;
        expect(isMapColour(pixel(mx + nx * 6, my + ny * 6)), `${at}: inside`).toBe(true);
        expect(isMapColour(pixel(mx - nx * 6, my - ny * 6)), `${at}: outside`).toBe(false);
      }
    }
  }
});
