import { expect, test } from './fixtures';
import { roomSheetSvg, SHEET_HEIGHT, SHEET_WIDTH, type RoomSheet } from '../src/core/report/roomSheet';
import { materialsText } from '../src/core/report/materialsText';
import { DEFAULT_REFLECTANCES } from '../src/core/types';
import { DEFAULT_COMPLIANCE, summarise } from '../src/core/stats/verdicts';
import type { ClimateSummary } from '../src/core/api/climateOps';

/**
 * A room page as Chromium draws it, with what real projects put on it: a long IFC room name, a mesh
 * file's long name, EN 17037's targets set for a weather file's site, a year of weather, roof windows,
 * the project and who signs. Every word stays on the A4 page and none is printed over another (before,
 * the surroundings and the site's targets ran off the page's right edge, skylights over the footer and
 * off its foot, a long name or project line past the edge).
 */
const rows = 40,
  cols = 60;
const map = {
  rows,
  cols,
  df: Float32Array.from({ length: rows * cols }, (_, i) => (Math.floor(i / cols) < 10 ? 0.5 : 3)),
  mask: new Uint8Array(rows * cols).fill(1),
  origin: { x: 0, y: 4 },
  resolution: 0.1,
};
const window = { sill: 0.9, head: 2.2, frame: 0.2, glass: 0.62, direction: 270 };
const base: RoomSheet = {
  title: 'A0.12 Living room',
  outline: [
    [0, 0],
    [6, 0],
    [6, 4],
    [0, 4],
  ],
  windows: [{ id: 'w1', a: [2, 0], b: [4, 0], ...window }],
  north: 12,
  floorAboveTerrain: 3,
  height: 2.7,
  materials: materialsText(DEFAULT_REFLECTANCES, false),
  surroundings: 'Open sky',
  map,
  summary: summarise(map, DEFAULT_COMPLIANCE),
  palette: 'viridis',
  scaleMax: 10,
  source: 'Lux engine (physics), standard quality, every reflection counted',
  stamp: '2026-11-25',
  targets: DEFAULT_COMPLIANCE,
};
const climate: ClimateSummary = {
  location: { city: 'Uppsala', country: 'SWE', latitude: 59.9, longitude: 17.6, time_zone: 1, elevation: 20 },
  hours: { occupied: 3650, daylight: 4500 },
  da_lux: 300,
  da_mean: 55,
  sda: 60.1,
  sda_blinds: 53.2,
  ase: 4.4,
  udi: { low: 10, useful: 70, high: 20, autonomous: 40 },
  leed_points: 2,
  en17037: { reached: 'minimum', levels: [] },
  verdicts: [],
  notes: [],
};
const skylights = (n: number): NonNullable<RoomSheet['skylights']> =>
  Array.from({ length: n }, (_, i) => ({
    id: `s${i + 1}`,
    polygon: [
      [0.5 + i * 0.5, 2],
      [0.9 + i * 0.5, 2],
      [0.9 + i * 0.5, 3],
      [0.5 + i * 0.5, 3],
    ],
    frame: 0.2,
    glass: 0.7,
  }));
const long = (s: string, n: number): string => s.repeat(Math.ceil(n / s.length)).slice(0, n);

const pages: [string, RoomSheet][] = [
  [
    'a real project: mesh, site targets, a year, roof windows',
    {
      ...base,
      title: 'A0.12 Vardagsrum med kök och matplats, öppen planlösning mot balkong · Plan 3 – Bostäder',
      surroundings: 'Kvarteret_Larkan_omgivning_2026-11-20.glb (245,120 triangles)',
      targets: {
        ...DEFAULT_COMPLIANCE,
        enBasis: 'Stockholm Arlanda: median diffuse illuminance 14,300 lx (EN 17037 Annex A)',
      },
      climate,
      skylights: skylights(1),
      windows: [1, 2, 3, 4, 5, 6].map((k) => ({
        id: `w${k}`,
        a: [k - 0.9, 0],
        b: [k - 0.2, 0],
        ...window,
      })),
      project: {
        name: 'Kv. Lärkan 4, nybyggnad av flerbostadshus med 48 lägenheter och förskola',
        site: 'Storgatan 1–5, 753 20 Uppsala',
        author: 'Anna Andersson, Arkitektbyrån Norr AB',
        stage: 'Bygglov (building permit)',
        date: '2026-11-20',
      },
    },
  ],
  ['a loft with ten roof windows', { ...base, skylights: skylights(10) }],
  // The notice that the map is of the room before its last change, under the longest title.
  ['a page being updated', { ...base, title: long('Room with a very long name ', 120), updating: true }],
  [
    'every field at its longest',
    {
      ...base,
      title: long('Room with a very long name ', 120),
      north: 359,
      surroundings: `${long('surroundings_', 200)} (1,234,567 triangles)`,
      targets: {
        ...DEFAULT_COMPLIANCE,
        enBasis: `${long('Weather station ', 60)}: median diffuse illuminance 14,300 lx (EN 17037 Annex A)`,
      },
      climate,
      skylights: skylights(2),
      project: {
        name: long('Project ', 120),
        site: long('Site ', 120),
        author: long('Author ', 120),
        stage: long('Stage ', 120),
        date: long('Date ', 120),
      },
    },
  ],
];

for (const [name, sheet] of pages)
  test(`a room page keeps every word on the A4 page, none over another: ${name}`, async ({ page }) => {
    await page.setViewportSize({ width: 1200, height: 900 });
    await page.setContent(`<!doctype html><html><body style="margin:0">${roomSheetSvg(sheet)}</body></html>`);
    const boxes = await page.locator('svg').evaluate((svg) => {
      const o = svg.getBoundingClientRect();
      return [...svg.querySelectorAll('text')]
        .flatMap((t) => {
          // Labels on the plan (iso lines, windows) are placed by the plan's own rules.
          const onPlan = t.dataset.role === 'iso-label' || t.getAttribute('fill') === '#1c7ed6';
          // The openings' table: each cell its own box (none over its neighbour), a row counted once.
          const cells = t.querySelectorAll('tspan');
          return (cells.length ? [...cells] : [t]).map((c, i) => {
            const b = c.getBoundingClientRect();
            const opening = i === 0 && t.dataset.opening !== undefined;
            return {
              text: c.textContent!,
              x: b.x - o.x,
              y: b.y - o.y,
              w: b.width,
              h: b.height,
              onPlan,
              opening,
            };
          });
        })
        .filter((b) => b.text.trim());
    });
    for (const b of boxes) {
      expect(b.x >= 0 && b.x + b.w <= SHEET_WIDTH, `within the page's width: ${b.text}`).toBe(true);
      expect(b.y >= 0 && b.y + b.h <= SHEET_HEIGHT, `within the page's height: ${b.text}`).toBe(true);
    }
    const words = boxes.filter((b) => !b.onPlan);
    for (const [i, a] of words.entries())
      for (const b of words.slice(i + 1)) {
        // A line's box holds its ascent and descent: 3 px of them may touch the next line's.
        const apart = a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h - 3 <= b.y || b.y + b.h - 3 <= a.y;
        expect(apart, `"${a.text}" over "${b.text}"`).toBe(true);
      }
    // What a signer needs is still there: the date, and every window and skylight listed or counted.
    const text = boxes.map((b) => b.text).join('\n');
    expect(text).toContain('computed 2026-11-25');
    const listed = boxes.filter((b) => b.opening).length;
    const more = [...text.matchAll(/(\d+) more (skylight|window)/g)].reduce((n, m) => n + Number(m[1]), 0);
    expect(listed + more).toBe(sheet.windows.length + (sheet.skylights?.length ?? 0));
    // Six windows and a roof window beside a year: every one listed (before 2026-12-07, three).
    if (name.startsWith('a real project')) expect(more).toBe(0);
  });
