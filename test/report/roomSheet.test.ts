import { describe, expect, it } from 'vitest';
import { decode } from 'fast-png';
import { extendPastEdge } from '../../src/core/report/edgeFill';
import { materialsText, planDimensions } from '../../src/core/report/materialsText';
import { DEFAULT_REFLECTANCES } from '../../src/core/types';
import { roomSheetSvg, type RoomSheet } from '../../src/core/report/roomSheet';
import { DEFAULT_COMPLIANCE, summarise } from '../../src/core/stats/verdicts';
import { LUX_VERSION } from '../../src/core/report/luxVersion';
import packageJson from '../../package.json' with { type: 'json' };

describe('extendPastEdge', () => {
  // A 5 × 5 grid whose room is the 3 × 3 centre block, DF = column index + 1.
  const rows = 5,
    cols = 5;
  const mask = new Uint8Array(25);
  const df = new Float32Array(25);
  for (let r = 1; r <= 3; r++)
    for (let c = 1; c <= 3; c++) {
      mask[r * cols + c] = 1;
      df[r * cols + c] = c + 1;
    }

  it('keeps every room cell and fills the rings around it with their neighbours’ mean', () => {
    const one = extendPastEdge(df, mask, rows, cols, 1);
    for (let i = 0; i < 25; i++) if (mask[i]) expect(one.df[i]).toBe(df[i]);
    expect(Array.from(one.mask)).toEqual(new Array(25).fill(1)); // one ring reaches the whole 5 × 5 grid
    expect(one.df[2 * cols + 0]).toBeCloseTo(2, 6); // left of (2, 1): its neighbours are all in column 1
    expect(one.df[0]).toBeCloseTo(2, 6); // the corner touches one room cell, (1, 1)
    expect(one.df[0 * cols + 2]).toBeCloseTo((2 + 3 + 4) / 3, 6); // above (1, 2): three room cells
  });

  it('leaves the answer’s own arrays untouched and stops after its rings', () => {
    const big = new Uint8Array(49);
    big[24] = 1;
    const f = new Float32Array(49);
    f[24] = 5;
    const out = extendPastEdge(f, big, 7, 7, 2);
    expect(out.mask.reduce((a, b) => a + b, 0)).toBe(25); // 5 × 5 around the centre, not the 7 × 7 grid
    expect(big.reduce((a, b) => a + b, 0)).toBe(1);
    expect(f[0]).toBe(0);
  });
});

describe('materials and dimensions in words', () => {
  it('states every reflectance in %, the defaults said so; a default run uses them whatever the scene holds', () => {
    const dark = { ...DEFAULT_REFLECTANCES, vertical_reflectance: 0.45 };
    expect(materialsText(dark, true)).toBe('ceiling 80 %, walls 45 %, floor 30 %, facades 30 %, ground 20 %');
    expect(materialsText(dark, false)).toMatch(/walls 70 %.*\(the defaults\)$/);
  });

  it('measures a room along its longest wall and across it, rotated or not', () => {
    const r = Math.PI / 6;
    const turn = ([x, y]: [number, number]): [number, number] => [
      x * Math.cos(r) - y * Math.sin(r),
      x * Math.sin(r) + y * Math.cos(r),
    ];
    const l: [number, number][] = [
      [0, 0],
      [7, 0],
      [7, 3],
      [3, 3],
      [3, 6],
      [0, 6],
    ];
    for (const outline of [l, l.map(turn)]) {
      const [a, b] = planDimensions(outline);
      expect(a).toBeCloseTo(7, 9);
      expect(b).toBeCloseTo(6, 9);
    }
  });
});

describe('roomSheetSvg', () => {
  const rows = 40,
    cols = 60;
  const mask = new Uint8Array(rows * cols).fill(1);
  const df = Float32Array.from({ length: rows * cols }, (_, i) => (Math.floor(i / cols) < 10 ? 0.5 : 3));
  const map = { rows, cols, df, mask, origin: { x: 0, y: 4 }, resolution: 0.1 };
  const sheet: RoomSheet = {
    title: 'Flat 2 <living> & kitchen',
    outline: [
      [0, 0],
      [6, 0],
      [6, 4],
      [0, 4],
    ],
    windows: [
      { id: 'w1', a: [2, 0], b: [4, 0], sill: 0.9, head: 2.2, frame: 0.2, glass: 0.62, direction: 270 },
    ],
    north: 90,
    floorAboveTerrain: 3,
    height: 2.7,
    materials: materialsText(DEFAULT_REFLECTANCES, false),
    surroundings: 'Open sky',
    map,
    summary: summarise(map, DEFAULT_COMPLIANCE),
    palette: 'viridis',
    scaleMax: 10,
    source: 'Lux engine (physics), standard quality',
    stamp: '2026-11-25',
    targets: DEFAULT_COMPLIANCE,
  };
  const svg = roomSheetSvg(sheet);

  it('states the statistics, verdicts and inputs in words and numbers', () => {
    expect(svg).toContain('data-stat="mean">2.38 %'); // 10 rows of 0.5, 30 of 3
    expect(svg).toContain('data-stat="area">24.00 m²');
    expect(svg).toContain('DF ≥ 1 %</text>');
    expect(svg).toContain('75.0 % · 18.00 of 24.00 m²');
    // The room's size, the reflectances in % beside the glass's, and the method.
    expect(svg).toContain('data-stat="dimensions">6.00 × 4.00 m, 2.70 m high');
    expect(svg).toContain('data-stat="materials">ceiling 80 %, walls 70 %,</text>');
    expect(svg).toContain('>floor 30 %, facades 30 %,</text>');
    expect(svg).toContain('>ground 20 % (the defaults)</text>');
    expect(svg).toContain('data-stat="method">CIE overcast sky, 10 cm grid');
    expect(svg).toMatch(/data-verdict="bfs">✓ BFS 2024:8: pass/);
    expect(svg).toMatch(/data-verdict="en-minimum">✗ EN 17037 minimum target DF: fail/);
    // The window faces the plan's down (270° in the API's frame). True north is turned 90° clockwise, to the
    // plan's right; clockwise on from there, the plan's down is 90° from north: E.
    expect(svg).toContain('w1 · faces E 90°');
    expect(svg).toContain('glass 62 % · frame 20 %');
    expect(svg).toContain('Lux engine (physics), standard quality');
    // Where DF is defined (physics.md): the engine's and the Radiance references' work plane.
    expect(svg).toContain('work plane (0.8 m above the floor)');
    expect(svg).toContain('2026-11-25');
    // Why EN 17037's targets are these: the defaults, entered for the site, or set from a weather file.
    expect(svg).toMatch(
      /data-stat="en-basis">EN 17037 default targets \(not set for the site\): 300 and<\/text><text [^>]+>100 lx at a median diffuse illuminance of 15 klx</,
    );
    expect(
      roomSheetSvg({
        ...sheet,
        targets: { ...DEFAULT_COMPLIANCE, enBasis: 'Chicago: median diffuse illuminance 15,900 lx' },
      }),
    ).toMatch(
      /data-stat="en-basis">EN 17037 targets for Chicago: median diffuse illuminance<\/text><text [^>]+>15,900 lx</,
    );
  });

  it('names the software and its version that produced the figures, in the footer', () => {
    expect(LUX_VERSION).toBe(packageJson.version);
    expect(svg).toContain(
      `data-stat="computed">Lux ${packageJson.version} · daylight factor under the CIE overcast sky · computed 2026-11-25<`,
    );
  });

  it('says across its head when its map is of the room before its last change', () => {
    expect(svg).not.toContain('data-role="updating"');
    const updating = roomSheetSvg({ ...sheet, updating: true });
    expect(updating).toContain(
      '<g data-role="updating"><rect x="32" y="76" width="1079" height="18" fill="#c92a2a"/><text x="40" y="89" font-size="12" font-weight="600" fill="#fff">Being updated: this map is of the room before its last change.',
    );
  });

  it('draws a skylight over the room, dashed, and states its size in the inputs', () => {
    expect(svg).not.toContain('data-skylight');
    const lit = roomSheetSvg({
      ...sheet,
      skylights: [
        {
          id: 's1',
          polygon: [
            [2.5, 1.5],
            [3.7, 1.5],
            [3.7, 2.5],
            [2.5, 2.5],
          ],
          frame: 0.15,
          glass: 0.5,
        },
      ],
    });
    expect(lit).toMatch(/<polygon data-skylight="s1" points="[\d., ]+" fill="none"[^>]*stroke-dasharray/);
    // Its glass stated as a window's is: the engine lit the room through 50 %, not the default 70 %.
    expect(lit).toMatch(
      /data-stat="skylight">1.20 m² in the roof, glass 50 % ·<\/text><text [^>]+>frame 15 %<\/text>/,
    );
  });

  it('adds a year of a weather file when one was computed for the room', () => {
    expect(svg).not.toContain('data-stat="sda"');
    const climate = {
      location: {
        city: 'Chicago',
        country: 'USA',
        latitude: 41.98,
        longitude: -87.92,
        time_zone: -6,
        elevation: 201,
      },
      hours: { occupied: 3650, daylight: 4707 },
      da_lux: 300,
      da_mean: 77.4,
      sda: 96.5,
      sda_blinds: 32.14,
      ase: 16.85,
      udi: { low: 7, useful: 87.2, high: 5.8, autonomous: 51 },
      leed_points: 0,
      en17037: { reached: 'minimum', levels: [] },
      verdicts: [],
      notes: [],
    } as RoomSheet['climate'];
    const year = roomSheetSvg({ ...sheet, climate: climate! });
    expect(year).toContain('A year in Chicago');
    expect(year).toContain('data-stat="sda">32.1 % (blinds open 96.5 %)');
    // ASE rounded up, as its verdict: 16.85 reads 16.9, never under.
    expect(year).toContain('data-stat="ase">16.9 % · LEED v4.1 0 pt');
    expect(year).toContain('data-stat="en17037-illuminance">minimum');
    // The weather file named under the year, when the page is given it (the app's loaded file).
    expect(year).not.toContain('data-stat="weather-file"');
    const named = roomSheetSvg({
      ...sheet,
      climate: climate!,
      weather: { name: 'chicago-ohare-tmy3.epw', source: 'TMY3', wmo: '725300' },
    });
    // Wrapped onto a second line of the column.
    expect(named).toMatch(
      /data-stat="weather-file">chicago-ohare-tmy3\.epw \(TMY3,<\/text><text [^>]+>WMO 725300\)</,
    );
  });

  it('lists as many windows as the page holds and counts the rest, above the footer', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ ...sheet.windows[0]!, id: `w${i + 1}` }));
    const page = roomSheetSvg({ ...sheet, windows: many });
    const listed = [...page.matchAll(/>(w\d+) · faces/g)].map((m) => m[1]);
    expect(listed.length).toBeGreaterThan(2);
    expect(page).toContain(`… and ${12 - listed.length} more windows (the plan shows every one)`);
    const ys = [...page.matchAll(/<text x="7\d\d" y="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(Math.max(...ys)).toBeLessThan(794 - 30);
  });

  it('states true north within 0–359°, as the windows’ bearings are (359.6° is 0°, not 360°)', () => {
    expect(roomSheetSvg({ ...sheet, north: 359.6 })).toContain('>0° clockwise from the plan');
    expect(roomSheetSvg({ ...sheet, north: -30 })).toContain('>330° clockwise from the plan');
  });

  it('escapes what it is given: a title cannot break the page', () => {
    expect(svg).toContain('Flat 2 &lt;living&gt; &amp; kitchen');
    expect(svg).not.toContain('<living>');
  });

  it('turns the north arrow and cuts the map along the outline', () => {
    expect(svg).toMatch(/data-role="north" transform="translate\([\d.]+ [\d.]+\) rotate\(90\)"/);
    // The clip path's id is the sheet's own (a building report holds many sheets in one document).
    const id = /<clipPath id="(room-outline-[0-9a-z]+)"><polygon points="[\d., ]+"\/><\/clipPath>/.exec(
      svg,
    )![1]!;
    expect(svg).toContain(`<image data-role="map" clip-path="url(#${id})"`);
    expect(roomSheetSvg({ ...sheet, title: 'Another room' })).not.toContain(id);
  });

  it('embeds the map as a smooth PNG of the grid (four pixels a cell), carried past the room’s cells', () => {
    const b64 = /href="data:image\/png;base64,([^"]+)"/.exec(svg)![1]!;
    const png = decode(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)));
    expect([png.width, png.height, png.channels]).toEqual([4 * cols, 4 * rows, 4]);
    // Row 0 (DF 0.5) is darker than the last row (DF 3) on viridis: its green channel is lower.
    expect(png.data[1]!).toBeLessThan(png.data[(4 * rows - 1) * 4 * cols * 4 + 1]!);
    // Between the rows of 0.5 and of 3 (cell rows 9 and 10) the colour passes through the values between.
    const green = (r: number): number => png.data[r * 4 * cols * 4 + 1]!;
    expect(green(38)).toBeGreaterThan(green(30));
    expect(green(38)).toBeLessThan(green(46));
  });

  it('draws the iso-DF lines the map crosses, each labelled, cut by the outline', () => {
    // The map holds 0.5 and 3 %: the levels between (1, 1.5 and 2 %) cross it, along the step.
    const levels = [...svg.matchAll(/data-role="iso" data-level="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(levels).toEqual([1, 1.5, 2]);
    expect([...svg.matchAll(/data-role="iso-label"[^>]*>([\d.]+) %</g)].map((m) => m[1])).toEqual([
      '1',
      '1.5',
      '2',
    ]);
    // The three lines run within 0.1 m of one another: their labels stand apart along them, none over
    // another (before, each sat at its line's middle, the three on one spot).
    const at = [...svg.matchAll(/data-role="iso-label" x="([\d.]+)" y="([\d.]+)"[^>]*>([\d.]+) %</g)].map(
      (m) => ({ x: Number(m[1]), y: Number(m[2]), w: 6.4 * `${m[3]} %`.length + 6 }),
    );
    for (const [i, a] of at.entries())
      for (const b of at.slice(i + 1))
        expect(Math.abs(a.x - b.x) >= (a.w + b.w) / 2 || Math.abs(a.y - b.y) >= 16).toBe(true);
    expect(new Set(at.map((a) => a.x)).size).toBe(3);
    // Each runs across the room at the step between cell rows 9 and 10 (y = 3.0 m … 2.9 m from the top).
    const d = /data-role="iso" data-level="1.5" d="([^"]+)"/.exec(svg)![1]!;
    const ys = [...d.matchAll(/[ML][\d.]+ ([\d.]+)/g)].map((m) => Number(m[1]));
    expect(Math.max(...ys) - Math.min(...ys)).toBeLessThan(1);
    expect(svg).toMatch(/<g clip-path="url\(#room-outline-[0-9a-z]+\)"><path data-role="iso"/);
  });

  it('picks a round scale bar', () => {
    expect(svg).toMatch(/data-role="scale-bar" data-metres="(1|2|5)"/);
  });
});
