import { describe, expect, it } from 'vitest';
import { upsample } from '../../src/core/report/edgeFill';
import { isoLevels, isoLines } from '../../src/core/report/isoLines';
import { roomSheetSvg } from '../../src/core/report/roomSheet';
import { materialsText } from '../../src/core/report/materialsText';
import { DEFAULT_REFLECTANCES } from '../../src/core/types';
import { DEFAULT_COMPLIANCE, summarise } from '../../src/core/stats/verdicts';
import { containsPoint } from '../../src/core/geometry/polygon';
import { boxInside, placeIsoLabels } from '../../src/core/report/isoLabels';

/** Iso-DF lines and the smooth map of a report page (issue 34), on fields whose answers are known. */
describe('iso-DF lines', () => {
  // DF rising 1 % per cell eastwards: 0.5 % in the first column's centre, 9.5 % in the last's.
  const rows = 6,
    cols = 10;
  const values = Float32Array.from({ length: rows * cols }, (_, i) => (i % cols) + 0.5);
  const field = { values, rows, cols, origin: { x: 2, y: 5 }, resolution: 0.1 };

  it('runs where the field crosses the level, between cell centres, in the plan frame', () => {
    const [l3] = isoLines(field, [3]);
    expect(l3!.level).toBe(3);
    // 3 % lies between the centres of columns 2 (2.5 %) and 3 (3.5 %): x = 2 + 3.0 × 0.1.
    for (const line of l3!.lines) for (const [x] of line) expect(x).toBeCloseTo(2.3, 9);
    const ys = l3!.lines.flat().map(([, y]) => y);
    expect(Math.max(...ys)).toBeLessThanOrEqual(5);
    expect(Math.min(...ys)).toBeGreaterThanOrEqual(5 - rows * 0.1);
  });

  it('leaves out what a level draws along the grid’s own border', () => {
    // The ring around "≥ 3 %" closes along the border on three sides; only the crossing is a line.
    const [l3] = isoLines(field, [3]);
    expect(l3!.lines).toHaveLength(1);
    const xs = l3!.lines[0]!.map(([x]) => x);
    expect(new Set(xs.map((x) => x.toFixed(6)))).toEqual(new Set(['2.300000']));
  });

  it('picks the usual steps inside a map’s range', () => {
    expect(isoLevels(0.3, 4.2)).toEqual([0.5, 1, 1.5, 2, 3, 4]);
    expect(isoLevels(2, 2)).toEqual([]);
  });
});

describe('the smooth map', () => {
  it('interpolates between cell centres and keeps a constant field constant', () => {
    const df = Float32Array.from([0, 4, 0, 4]);
    const mask = new Uint8Array(4).fill(1);
    const up = upsample(df, mask, 2, 2, 4);
    expect([up.rows, up.cols]).toEqual([8, 8]);
    // Along a row: the two cells' centres at fine columns 1.5 and 5.5; halfway between them, 2.
    expect(up.df[2]!).toBeCloseTo(0.5, 6);
    expect(up.df[3]!).toBeCloseTo(1.5, 6);
    expect(up.df[4]!).toBeCloseTo(2.5, 6);
    const flat = upsample(new Float32Array(4).fill(3), mask, 2, 2, 3);
    expect(flat.df.every((v) => Math.abs(v - 3) < 1e-6)).toBe(true);
  });

  it('reads only known cells, and knows nothing far from them', () => {
    const df = Float32Array.from([5, 100]);
    const up = upsample(df, Uint8Array.from([1, 0]), 1, 2, 2);
    expect(Array.from(up.df.subarray(0, 4))).toEqual([5, 5, 5, 0]);
    expect(Array.from(up.mask.subarray(0, 4))).toEqual([1, 1, 1, 0]);
  });
});

describe('iso labels in a narrow room', () => {
  // Duplex A201's shape: a 2 × 2 m hall lit from above, its 1 m wide arm running 3 m down from it, the DF
  // falling along the arm. Each level's line crosses the arm and, where the map is carried past the room's
  // edge, runs down the arm's open side just outside it: labels centred there stood half over the wall.
  const rows = 50,
    cols = 20;
  const inside = (x: number, y: number): boolean => y > 3 || x < 1;
  const centre = (i: number): [number, number] => [
    ((i % cols) + 0.5) * 0.1,
    5 - (Math.floor(i / cols) + 0.5) * 0.1,
  ];
  const mask = Uint8Array.from({ length: rows * cols }, (_, i) => (inside(...centre(i)) ? 1 : 0));
  const df = Float32Array.from({ length: rows * cols }, (_, i) =>
    mask[i] ? 0.3 + 8 * (centre(i)[1] / 5) ** 3 : 0,
  );
  const map = { rows, cols, df, mask, origin: { x: 0, y: 5 }, resolution: 0.1 };
  const outline: [number, number][] = [
    [0, 0],
    [1, 0],
    [1, 3],
    [2, 3],
    [2, 5],
    [0, 5],
  ];
  const svg = roomSheetSvg({
    title: 'A201 Hallway',
    outline,
    windows: [],
    north: 0,
    floorAboveTerrain: 3,
    height: 2.6,
    materials: materialsText(DEFAULT_REFLECTANCES, false),
    surroundings: 'Open sky',
    map,
    summary: summarise(map, DEFAULT_COMPLIANCE),
    palette: 'viridis',
    scaleMax: 10,
    source: 'Lux engine (physics), draft quality',
    targets: DEFAULT_COMPLIANCE,
  });

  it('keeps every label’s box inside the room and clear of the others, one a level along the arm', () => {
    const room = /data-role="outline" points="([^"]+)"/
      .exec(svg)![1]!
      .split(' ')
      .map((p) => p.split(',').map(Number) as [number, number]);
    const labels = [...svg.matchAll(/data-role="iso-label" x="([\d.]+)" y="([\d.]+)"[^>]*>([\d.]+) %</g)].map(
      (m) => {
        const w = 6.4 * `${m[3]} %`.length + 6;
        const x = Number(m[1]),
          y = Number(m[2]) - 4;
        return { level: Number(m[3]), x0: x - w / 2, x1: x + w / 2, y0: y - 8, y1: y + 8 };
      },
    );
    // The levels the arm crosses (0.5 … 3 %) each keep a label: the arm is ~100 px wide, room for one.
    expect(labels.map((l) => l.level)).toEqual(expect.arrayContaining([0.5, 1, 1.5, 2, 3]));
    for (const l of labels) {
      const corners: [number, number][] = [
        [l.x0, l.y0],
        [l.x1, l.y0],
        [l.x1, l.y1],
        [l.x0, l.y1],
      ];
      for (const c of corners) expect(containsPoint(room, c), `${l.level} % at ${c}`).toBe(true);
      // No corner of the room (the arm's inner corner) inside the box either.
      for (const [x, y] of room)
        expect(x > l.x0 && x < l.x1 && y > l.y0 && y < l.y1, `${l.level} %`).toBe(false);
    }
    for (const [i, a] of labels.entries())
      for (const b of labels.slice(i + 1))
        expect(a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1, `${a.level} / ${b.level}`).toBe(
          false,
        );
  });
});

describe('iso labels clear of the plan’s own marks', () => {
  it('moves a label off a skylight’s name standing on the middle of its line', () => {
    // One level across a 4 m square room at y = 2 m, drawn 100 px a metre.
    const line = {
      level: 2,
      lines: [Array.from({ length: 41 }, (_, i) => [i * 0.1, 2] as [number, number])],
    };
    const outline: [number, number][] = [
      [0, 0],
      [4, 0],
      [4, 4],
      [0, 4],
    ];
    const X = (x: number): number => x * 100,
      Y = (y: number): number => 400 - y * 100;
    expect(placeIsoLabels([line], X, Y, outline)[0]!.at).toEqual([200, 200]);
    const name = { x: 200, y: 200, w: 30, h: 16 };
    const [moved] = placeIsoLabels([line], X, Y, outline, [name]);
    expect(Math.abs(moved!.at[0] - 200)).toBeGreaterThanOrEqual(30);
    expect(moved!.at[1]).toBe(200);
  });
});

describe('a label’s box inside its room (boxInside)', () => {
  // A room with a slot cut down into it from its top wall to y = 5, 0.2 wide (page px, y down).
  const slotted: [number, number][] = [
    [0, 0],
    [10, 0],
    [10, 10],
    [5.1, 10],
    [5.1, 5],
    [4.9, 5],
    [4.9, 10],
    [0, 10],
  ];

  it('is refused where a wall runs across it, its four corners inside the room all the same', () => {
    expect(boxInside(slotted, { x: 2.5, y: 7, w: 3, h: 2 })).toBe(true);
    // The slot's two walls cross the box's top and bottom sides.
    expect(boxInside(slotted, { x: 5, y: 7, w: 4, h: 2 })).toBe(false);
    // The slot's end, both its corners, inside the box.
    expect(boxInside(slotted, { x: 5, y: 5.5, w: 4, h: 2 })).toBe(false);
    // Beyond the slot's end: clear.
    expect(boxInside(slotted, { x: 5, y: 3, w: 4, h: 2 })).toBe(true);
  });
});
