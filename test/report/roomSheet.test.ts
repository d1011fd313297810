import { describe, expect, it } from 'vitest';
import { decode } from 'fast-png';
import { extendPastEdge } from '../../src/core/report/edgeFill';
import { materialsText, planDimensions } from '../../src/core/report/materialsText';
import { DEFAULT_REFLECTANCES } from '../../src/core/types';
import { roomSheetSvg, SHEET_MM_PER_PX, type RoomSheet } from '../../src/core/report/roomSheet';
import { DEFAULT_COMPLIANCE, summarise } from '../../src/core/stats/verdicts';
import { LUX_VERSION } from '../../src/core/report/luxVersion';
import { textWidth } from '../../src/core/report/textFit';
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

/** A year of weather in a room. */
const year = {
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
} as NonNullable<RoomSheet['climate']>;

/** An opening's line of the page's table: its id and its inputs, cell by cell. */
const openingCells = (svg: string, id: string): string[] | undefined => {
  const row = new RegExp(`<text [^>]*data-opening="${id}">(.*?)</text>`).exec(svg)?.[1];
  return row ? [...row.matchAll(/<tspan [^>]*>([^<]*)<\/tspan>/g)].map((m) => m[1]!) : undefined;
};

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
    // One line of the openings' table: id, bearing, width × height, sill, glass, frame.
    expect(openingCells(svg, 'w1')).toEqual(['w1', 'E 90°', '2.00 × 1.30 m', '0.90 m', '62 %', '20 %']);
    expect(svg).toMatch(/<text [^>]*><tspan [^>]*>Opening<\/tspan><tspan [^>]*>Faces<\/tspan>/);
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
    expect(openingCells(lit, 's1')).toEqual(['s1', 'roof', '1.20 m²', '–', '50 %', '15 %']);
  });

  it('adds a year of a weather file when one was computed for the room', () => {
    expect(svg).not.toContain('data-stat="sda"');

    const withYear = roomSheetSvg({ ...sheet, climate: year });
    expect(withYear).toContain('A year in Chicago');
    expect(withYear).toContain('data-stat="sda">32.1 % (blinds open 96.5 %)');
    // ASE rounded up, as its verdict: 16.85 reads 16.9, never under.
    expect(withYear).toContain('data-stat="ase">16.9 % · LEED v4.1 0 pt');
    expect(withYear).toContain('data-stat="en17037-illuminance">minimum');
    // UDI's useful band as the app's climate panel gives it: the bands in whole percents adding up to 100
    // (84.5, 9.7, 5.8 → 84, 10, 6; rounded alone it read 85 beside the panel's 84).
    const udi = roomSheetSvg({
      ...sheet,
      climate: { ...year, udi: { ...year.udi, useful: 84.5, low: 9.7 } },
    });
    expect(udi).toContain('77 % · 84 % useful');
    // The weather file named under the year, when the page is given it (the app's loaded file).
    expect(withYear).not.toContain('data-stat="weather-file"');
    const named = roomSheetSvg({
      ...sheet,
      climate: year,
      weather: { name: 'chicago-ohare-tmy3.epw', source: 'TMY3', wmo: '725300' },
    });
    // Under the legend, as wide as the plan: on one line.
    expect(named).toMatch(
      /<text x="182" y="[\d.]+" font-size="13" data-stat="weather-file">chicago-ohare-tmy3\.epw \(TMY3, WMO 725300\)</,
    );
  });

  it('lists as many windows as the page holds and counts the rest, above the page’s foot', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ ...sheet.windows[0]!, id: `w${i + 1}` }));
    const page = roomSheetSvg({ ...sheet, windows: many });
    const listed = [...page.matchAll(/data-opening="(w\d+)"/g)].map((m) => m[1]);
    expect(listed).toEqual(many.slice(0, listed.length).map((w) => w.id));
    expect(listed.length).toBeGreaterThanOrEqual(7);
    expect(page).toContain(`… and ${12 - listed.length} more windows (the plan shows every one)`);
    const ys = [...page.matchAll(/<text (?:x="7\d\d" )?y="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(Math.max(...ys)).toBeLessThanOrEqual(794 - 10);
  });

  it('states every window’s inputs for a room of six windows with a year and a signed project, on one page', () => {
    // Before 2026-12-07 the year stood in the right column: such a page listed three windows and said
    // "… and 3 more windows (the plan shows every one)".
    const windows = Array.from({ length: 6 }, (_, i) => ({
      ...sheet.windows[0]!,
      id: `w${i + 1}`,
      a: [i, 0] as const,
      b: [i + 0.8, 0] as const,
      sill: 0.5 + i / 10,
      head: 1.8 + i / 10,
    }));
    const page = roomSheetSvg({
      ...sheet,
      windows,
      skylights: [
        {
          id: 's1',
          polygon: [
            [2, 2],
            [3, 2],
            [3, 3],
            [2, 3],
          ],
          frame: 0.2,
          glass: 0.7,
        },
      ],
      climate: year,
      weather: { name: 'chicago-ohare-tmy3.epw', source: 'TMY3', wmo: '725300' },
      project: {
        name: 'Kv. Lärkan 4, nybyggnad av flerbostadshus med 48 lägenheter och förskola, etapp 2 av 3',
        site: 'Storgatan 1–5, 753 20 Uppsala',
        author: 'Anna Andersson, Arkitektbyrån Norr AB, ansvarig för dagsljusberäkningen i bygglovsskedet',
        stage: 'Bygglov (building permit)',
        date: '2026-11-20',
      },
    });
    expect(page).not.toContain('more window');
    for (const [i, w] of windows.entries())
      expect(openingCells(page, w.id)).toEqual([
        w.id,
        'E 90°',
        '0.80 × 1.30 m',
        `${(0.5 + i / 10).toFixed(2)} m`,
        '62 %',
        '20 %',
      ]);
    expect(openingCells(page, 's1')).toEqual(['s1', 'roof', '1.00 m²', '–', '70 %', '20 %']);
    // The right column ends above the page's foot (794 − 10 px).
    const right = [...page.matchAll(/<text (?:x="(?:7[3-9]\d|[89]\d\d|1\d{3})" )?y="([\d.]+)"/g)].map((m) =>
      Number(m[1]),
    );
    expect(Math.max(...right)).toBeLessThanOrEqual(784);
    // The left column from the legend down: the legend's labels, the year, the footer's five lines, each
    // line under the last (13 px at least), the last on the footer's baseline.
    const legend = Number(
      /<text x="[\d.]+" y="([\d.]+)" font-size="12" text-anchor="middle">10\+/.exec(page)![1],
    );
    const left = [
      ...new Set([...page.matchAll(/<text x="(?:32|182)" y="([\d.]+)"/g)].map((m) => Number(m[1]))),
    ]
      .filter((y) => y > legend)
      .sort((a, b) => a - b);
    expect(left).toHaveLength(1 + 5 + 5); // the year's heading and five rows, the footer's five lines
    expect(left[0]! - legend).toBeGreaterThanOrEqual(28);
    for (const [i, y] of left.slice(1).entries()) expect(y - left[i]!, `${y}`).toBeGreaterThanOrEqual(13);
    expect(left.at(-1)).toBe(776);
    // The plan gave the year its height: the map's box ends above the legend.
    const box = /<rect x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="([\d.]+)" fill="#f6f7f9"/.exec(page)!;
    expect(Number(box[1]) + Number(box[2])).toBeLessThan(legend - 32);
  });

  it('keeps a long id’s end in the openings’ table, where ids sharing a head differ', () => {
    const named = ['Window-10', 'Window-11'].map((id, i) => ({
      ...sheet.windows[0]!,
      id,
      a: [i, 0] as const,
      b: [i + 0.5, 0] as const,
    }));
    const page = roomSheetSvg({ ...sheet, windows: named });
    const ids = named.map((w) => openingCells(page, w.id)![0]!);
    expect(ids.map((id) => id.slice(-3))).toEqual(['-10', '-11']);
    for (const id of ids) {
      expect(id.startsWith('…')).toBe(true);
      expect(textWidth(id, 12, true)).toBeLessThanOrEqual(56 + 16 - 6);
    }
    // Its column widened by what it may take: the bearings moved right, clear of the ids.
    expect(page).toMatch(/data-opening="Window-10"><tspan x="730"[^>]*>[^<]*<\/tspan><tspan x="802">/);
  });

  it('keys the plan’s blue marks in the legend: windows, and skylights where there are some', () => {
    expect(svg).toMatch(
      /<g data-role="window-key"><line [^>]*stroke="#1c7ed6" stroke-width="6"\/><text [^>]*>window</,
    );
    expect(svg).not.toContain('skylight-key');
    const lit = roomSheetSvg({
      ...sheet,
      skylights: [
        {
          id: 's1',
          polygon: [
            [1, 1],
            [2, 1],
            [2, 2],
          ],
          frame: 0.2,
          glass: 0.7,
        },
      ],
    });
    expect(lit).toMatch(
      /<g data-role="skylight-key"><line [^>]*stroke-dasharray="7 4"\/><text [^>]*>skylight</,
    );
    expect(roomSheetSvg({ ...sheet, windows: [] })).not.toContain('window-key');
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

  it('names trees standing as crowns on a line of the inputs, and nothing of them where there are none', () => {
    const lit = roomSheetSvg({ ...sheet, trees: '11 crowns letting 20 % through' });
    // On one line of the inputs' column.
    expect(lit).toMatch(
      />Trees<\/text><text [^>]*data-stat="trees">11 crowns letting 20 % through<\/text><text [^>]*>True north</,
    );
    expect(svg).not.toContain('>Trees<');
  });

  it('picks a round scale bar', () => {
    expect(svg).toMatch(/data-role="scale-bar" data-metres="(1|2|5)"/);
  });

  it('draws the plan at a scale rule’s scale and states it, true on the page printed at its size in mm', () => {
    expect(svg).toContain('width="251.55mm" height="177.86mm" viewBox="0 0 1123 794"');
    // 7.2 × 5.2 m with the margins in the plan's 660 × 490 px: up to 91.7 px a metre, 1:48.7 at 0.224 mm a
    // px; the largest scale rule's scale that fits is 1:50.
    expect(svg).toMatch(/data-role="scale-bar" data-metres="1" data-ratio="50"/);
    expect(svg).toContain('data-role="scale">1:50 on A4</text>');
    // The room's 6 m drawn 120 mm long on paper: 6000 mm / 50.
    const xs = /<clipPath [^>]*><polygon points="([^"]+)"/
      .exec(svg)![1]!
      .split(' ')
      .map((p) => Number(p.split(',')[0]));
    expect((Math.max(...xs) - Math.min(...xs)) * SHEET_MM_PER_PX).toBeCloseTo(120, 1);
    // The bar's 1 m (two halves) is 20 mm.
    const bar = /data-ratio="50"><rect [^>]*width="([\d.]+)"/.exec(svg)![1]!;
    expect(2 * Number(bar) * SHEET_MM_PER_PX).toBeCloseTo(20, 1);
    // A room too deep for 1:50 goes to 1:75, not 1:100.
    const deep = roomSheetSvg({
      ...sheet,
      outline: [
        [0, 0],
        [6, 0],
        [6, 5],
        [0, 5],
      ],
    });
    expect(deep).toContain('data-role="scale">1:75 on A4</text>');
  });
});
