import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildingFromIfc, type IfcRoom } from '../../src/core/ifc/building';
import type { RoomResult } from '../../src/core/report/roomResult';
import { buildingReportHtml } from '../../src/core/report/buildingReport';
import { storeyPlanParts } from '../../src/core/report/storeyParts';
import { storeyPlanSvg, type StoreyPlan } from '../../src/core/report/storeyPlan';
import { textWidth } from '../../src/core/report/textFit';
import { DEFAULT_COMPLIANCE, summarise } from '../../src/core/stats/verdicts';
import { readIfc } from '../../src/ifc/webIfcSource';

/** A `w × d` m room at (x0, y0) with a window along its south wall, lit uniformly at `df` %. */
function office(number: string, x0: number, y0: number, w: number, d: number, df: number): RoomResult {
  const room: IfcRoom = {
    ifcId: 1,
    number,
    name: 'Office',
    storey: 'Level 2',
    zones: [],
    area: w * d,
    floor_height_above_terrain: 0,
    height_roof_over_floor: 2.6,
    room_polygon: [
      [x0, y0],
      [x0 + w, y0],
      [x0 + w, y0 + d],
      [x0, y0 + d],
    ],
    windows: [
      { inner: [[x0 + 0.5, y0] as const, [x0 + w - 0.5, y0] as const] } as IfcRoom['windows'][number],
    ],
    skylights: [],
    ceiling_planes: null,
    problem: null,
    notes: [],
  };
  const map = {
    rows: 10,
    cols: 10,
    df: new Float32Array(100).fill(df),
    mask: new Uint8Array(100).fill(1),
    origin: { x: x0, y: y0 + d },
    resolution: 0.1,
  };
  return { room, sheet: null, summary: summarise(map, DEFAULT_COMPLIANCE), error: null };
}

/** A 120 m wing: two rows of forty 3 × 5 m offices (B2.100…, B2.200…) across a 2 m corridor. */
const wing: RoomResult[] = [0, 7].flatMap((y0, row) =>
  Array.from({ length: 40 }, (_, i) =>
    office(`B2.${(row + 1) * 100 + i}`, i * 3, y0, 3, 5, 0.8 + (i % 5) * 0.4),
  ),
);
const plan = (results: RoomResult[], north = 0): StoreyPlan => ({
  storey: 'Level 2',
  results,
  north,
  by: 'bfs',
  width: 1000,
  height: 600,
});

type Box = { x0: number; y0: number; x1: number; y1: number };
const overlap = (a: Box, b: Box): boolean => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
const inside = (a: Box, b: Box): boolean => a.x0 >= b.x0 && a.x1 <= b.x1 && a.y0 >= b.y0 && a.y1 <= b.y1;

/** Each room's box on the drawing (px), by number. */
function roomBoxes(svg: string): Map<string, Box> {
  const out = new Map<string, Box>();
  for (const m of svg.matchAll(/<path d="([^"]+)"[^>]*data-room="([^"]+)"/g)) {
    const n = [...m[1]!.matchAll(/-?[\d.]+/g)].map((v) => +v[0]);
    const xs = n.filter((_, i) => i % 2 === 0),
      ys = n.filter((_, i) => i % 2 === 1);
    out.set(m[2]!, { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) });
  }
  return out;
}

/** Every room label's text and the box it inks (px): its estimated width, caps up, descenders down. */
function labelBoxes(svg: string): { text: string; box: Box }[] {
  return [
    ...svg.matchAll(
      /<text x="([\d.]+)" y="([\d.]+)" font-size="([\d.]+)" text-anchor="middle"([^>]*)>([^<]*)</g,
    ),
  ].map((m) => {
    const [x, y, s] = [+m[1]!, +m[2]!, +m[3]!];
    const w = textWidth(m[5]!, s, m[4]!.includes('font-weight'));
    return { text: m[5]!, box: { x0: x - w / 2, x1: x + w / 2, y0: y - 0.75 * s, y1: y + 0.25 * s } };
  });
}

/** The north arrow's reach (its "N" swings 33 px about its centre at any north) and the scale bar's box. */
function marks(svg: string): Box[] {
  const [, cx, cy] = /data-role="north" transform="translate\(([\d.]+) ([\d.]+)\)/.exec(svg)!;
  const bar = /data-role="scale-bar"[^>]*><rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)"/.exec(svg)!;
  const [x, y, w] = [+bar[1]!, +bar[2]!, +bar[3]!];
  return [
    { x0: +cx! - 33, x1: +cx! + 33, y0: +cy! - 33, y1: +cy! + 33 },
    { x0: x, x1: x + 2 * w + 12, y0: y, y1: y + 20 },
  ];
}

describe('storey plans of a large building', () => {
  it('labels every office of a 120 m wing inside its own room, in parts where one page is too small', () => {
    const parts = storeyPlanParts(plan(wing));
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.length).toBeLessThanOrEqual(4);
    const labelled = new Set<string>();
    for (const p of parts) {
      expect(p.unlabelled).toEqual([]);
      const rooms = roomBoxes(p.svg);
      const labels = labelBoxes(p.svg);
      for (const [number, box] of rooms) {
        // Its number, and its mark with its mean under it, each within the room's walls.
        const own = labels.filter(
          (l) =>
            l.text === number || (labels.indexOf(l) > 0 && labels[labels.indexOf(l) - 1]!.text === number),
        );
        expect(own.length, number).toBe(2);
        for (const l of own) expect(inside(l.box, box), `${number}: ${l.text}`).toBe(true);
        labelled.add(number);
      }
      for (const [i, a] of labels.entries())
        for (const b of labels.slice(i + 1))
          expect(overlap(a.box, b.box), `${a.text} / ${b.text}`).toBe(false);
    }
    expect(labelled.size).toBe(80);
  });

  it('labels every office of a 240 m wing running north–south, in parts stacked as rows', () => {
    // Two rows of eighty 5 × 3 m offices across a 2 m corridor, 12 m wide and 240 m from south to north.
    const long = [0, 7].flatMap((x0, row) =>
      Array.from({ length: 80 }, (_, i) =>
        office(`N${row + 1}.${100 + i}`, x0, i * 3, 5, 3, 0.8 + (i % 5) * 0.4),
      ),
    );
    const parts = storeyPlanParts(plan(long));
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.flatMap((p) => p.unlabelled)).toEqual([]);
    const labelled = new Set(parts.flatMap((p) => labelBoxes(p.svg).map((l) => l.text)));
    for (const r of long) expect(labelled.has(r.room.number), r.room.number).toBe(true);
  });

  it('keeps the north arrow and the scale bar clear of the rooms and whole on the drawing, whatever north', () => {
    for (const north of [0, 90, 180, 270]) {
      const svg = storeyPlanSvg(plan(wing, north));
      const page = { x0: 0, y0: 0, x1: 1000, y1: 600 };
      for (const m of marks(svg)) {
        expect(inside(m, page), `north ${north}`).toBe(true);
        for (const [number, room] of roomBoxes(svg))
          expect(overlap(m, room), `${number}, north ${north}`).toBe(false);
      }
    }
  });

  it('names the rooms it could not label under their plan in the building report', () => {
    // A 1 × 0.4 m shaft beside the wing holds no label at any scale a page allows.
    const shaft = office('S1', 121, 0, 1, 0.4, 1);
    const parts = storeyPlanParts(plan([...wing, shaft]));
    expect(parts.flatMap((p) => p.unlabelled)).toEqual(['S1']);
    const html = buildingReportHtml({
      file: 'wing.ifc',
      building: {
        schema: 'IFC4',
        storeys: ['Level 2'],
        rooms: [],
        unplaced: [],
        opaqueDoors: 0,
        north: 0,
        northFromFile: false,
        terrainZ: 0,
        origin: [0, 0],
      } as never,
      triangles: 0,
      results: [...wing, shaft],
      method: 'engine',
      validation: 'v',
      stamp: '2026-01-01',
    });
    expect(html).toContain(`Level 2 (part 1 of ${parts.length}): rooms by BFS 2024:8`);
    // A mean of 1.2 % marked ✗ against a rule of DF ≥ 1 % reads as a contradiction unless the page says what the figure is.
    expect(html).toContain('The figure in each room is its mean DF');
    expect(html).toMatch(/Too small to label at this scale \(see the table\): S1\./);
  });
});

/** A box about points (m or px). */
const around = (pts: readonly (readonly number[])[]): Box => ({
  x0: Math.min(...pts.map((p) => p[0]!)),
  y0: Math.min(...pts.map((p) => p[1]!)),
  x1: Math.max(...pts.map((p) => p[0]!)),
  y1: Math.max(...pts.map((p) => p[1]!)),
});

/** A part plan's key plan as drawn (px): its caption, the storey's rooms, the part's shaded extent. */
function keyPlanOf(svg: string) {
  const g = /<g data-role="key-plan" data-part="(\d+)" data-parts="(\d+)">(.*?)<\/g>/.exec(svg);
  if (!g) return null;
  const r = /data-role="key-part" x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"/.exec(g[3]!)!;
  const [x, y, w, h] = r.slice(1).map(Number) as [number, number, number, number];
  const d = /data-role="key-rooms" d="([^"]+)"/.exec(g[3]!)![1]!;
  const n = [...d.matchAll(/-?[\d.]+/g)].map((v) => +v[0]);
  const rooms = around(n.flatMap((v, i) => (i % 2 ? [] : [[v, n[i + 1]!]])));
  const t = /data-role="key-caption" x="([\d.]+)" y="([\d.]+)" font-size="([\d.]+)"[^>]*>([^<]*)</.exec(
    g[3]!,
  )!;
  const [tx, ty, size] = [+t[1]!, +t[2]!, +t[3]!];
  const caption = {
    x0: tx - textWidth(t[4]!, size, true),
    x1: tx,
    y0: ty - 0.75 * size,
    y1: ty + 0.25 * size,
  };
  return {
    part: +g[1]!,
    parts: +g[2]!,
    caption: t[4]!,
    rooms,
    extent: { x0: x, y0: y, x1: x + w, y1: y + h },
    box: around([
      [rooms.x0, rooms.y0],
      [rooms.x1, rooms.y1],
      [caption.x0, caption.y0],
      [caption.x1, caption.y1],
    ]),
  };
}

/**
 * Each part plan of a 1000 × 600 page has one key plan, "Part i of n", inside the page and clear of every
 * room, room label, the scale bar, the north arrow and the key's row; on it the storey's rooms, and shaded
 * the extent of the rooms the part draws, where they lie in the storey. Gives the extents (px).
 */
function expectKeyPlans(parts: { svg: string }[], results: readonly RoomResult[]): Box[] {
  const page = { x0: 0, y0: 0, x1: 1000, y1: 600 };
  const keyRow = { x0: 0, y0: 579, x1: 1000, y1: 600 };
  const outline = new Map(results.map((r) => [r.room.number, r.room.room_polygon] as const));
  const storey = around(results.flatMap((r) => r.room.room_polygon));
  return parts.map((p, i) => {
    const k = keyPlanOf(p.svg)!;
    expect(k, `part ${i + 1}`).not.toBeNull();
    expect([k.part, k.parts, k.caption]).toEqual([i + 1, parts.length, `Part ${i + 1} of ${parts.length}`]);
    expect(inside(k.box, page)).toBe(true);
    for (const m of [...marks(p.svg), keyRow]) expect(overlap(k.box, m), `part ${i + 1}`).toBe(false);
    for (const [number, room] of roomBoxes(p.svg)) expect(overlap(k.box, room), number).toBe(false);
    for (const l of labelBoxes(p.svg)) expect(overlap(k.box, l.box), l.text).toBe(false);
    // The storey at one scale both ways, and the part's rooms' extent where it lies in it.
    const s = (k.rooms.x1 - k.rooms.x0) / (storey.x1 - storey.x0);
    expect((k.rooms.y1 - k.rooms.y0) / (storey.y1 - storey.y0)).toBeCloseTo(s, 2);
    const own = around([...roomBoxes(p.svg).keys()].flatMap((n) => outline.get(n)!));
    expect(k.extent.x0).toBeCloseTo(k.rooms.x0 + (own.x0 - storey.x0) * s, 1);
    expect(k.extent.x1).toBeCloseTo(k.rooms.x0 + (own.x1 - storey.x0) * s, 1);
    expect(k.extent.y0).toBeCloseTo(k.rooms.y0 + (storey.y1 - own.y1) * s, 1);
    expect(k.extent.y1).toBeCloseTo(k.rooms.y0 + (storey.y1 - own.y0) * s, 1);
    return k.extent;
  });
}

describe('the key plan of a part plan', () => {
  it('shows on each part of the 120 m wing where the part lies in the storey, clear of the plan', () => {
    const parts = storeyPlanParts(plan(wing, 90));
    expect(parts.length).toBeGreaterThan(1);
    const extents = expectKeyPlans(parts, wing);
    // The wing is cut along its length: the parts' extents follow each other from west to east.
    for (const [i, e] of extents.slice(1).entries()) expect(e.x0).toBeGreaterThanOrEqual(extents[i]!.x1 - 1);
  });

  it('stands at the same place and size on every part, whatever each part’s scale', () => {
    // 420 m of 3 m offices and a lodge 40 m past their end, in parts drawn at two scales (the lodge's part
    // holds it alone). The key plan's box began after the part's own scale bar, so it moved by up to 6 px
    // from page to page (before 2026-12-07), as a drawing set's key plan never does.
    const street = [
      ...[0, 7].flatMap((y0, row) =>
        Array.from({ length: 140 }, (_, i) => office(`B${row + 1}.${i}`, i * 3, y0, 3, 5, 1.5)),
      ),
      office('Lodge', 460, 0, 6, 5, 1.5),
    ];
    const parts = storeyPlanParts(plan(street));
    expect(parts.length).toBeGreaterThan(2);
    expectKeyPlans(parts, street);
    const bars = parts.map((p) => /data-role="scale-bar"[^>]*><rect [^>]*width="([\d.]+)"/.exec(p.svg)![1]);
    expect(new Set(bars).size, 'the parts’ scales').toBeGreaterThan(1);
    const drawn = parts.map((p) => {
      const k = keyPlanOf(p.svg)!;
      return {
        rooms: k.rooms,
        caption: /data-role="key-caption" x="([\d.]+)" y="([\d.]+)"/.exec(p.svg)!.slice(1),
      };
    });
    for (const d of drawn.slice(1)) expect(d).toEqual(drawn[0]);
  });

  describe('on LargeBuilding.ifc’s rooms (Revit 2021)', async () => {
    const b = buildingFromIfc(
      await readIfc(new Uint8Array(readFileSync('test/fixtures/ifc/LargeBuilding.ifc'))),
    );
    const level1 = b.rooms
      .filter((r) => r.storey === 'Level 1')
      .map((room): RoomResult => ({ room, sheet: null, summary: null, error: null }));
    const on = (results: RoomResult[]): StoreyPlan => ({ ...plan(results, b.north), storey: 'Level 1' });

    it('leaves its storey, one page, as it was: no key plan', () => {
      expect(level1).toHaveLength(8);
      const parts = storeyPlanParts(on(level1));
      expect(parts).toHaveLength(1);
      expect(parts[0]!.svg).toBe(storeyPlanSvg(on(level1)));
      expect(parts[0]!.svg).not.toContain('key-plan');
    });

    it('gives each part of a street of twelve of them, 480 m long, its key plan', () => {
      // The building's own rooms, windows and odd outlines, repeated every 40 m as a street's terrace.
      const street = Array.from({ length: 12 }, (_, k) =>
        level1.map(({ room }): RoomResult => {
          const shift = ([x, y]: readonly [number, number]): [number, number] => [x + 40 * k, y];
          return {
            room: {
              ...room,
              number: `${String.fromCharCode(65 + k)}${room.number}`,
              room_polygon: room.room_polygon.map(shift),
              windows: room.windows.map((w) => ({ ...w, inner: [shift(w.inner[0]), shift(w.inner[1])] })),
            },
            sheet: null,
            summary: null,
            error: null,
          };
        }),
      ).flat();
      const parts = storeyPlanParts(on(street));
      expect(parts).toHaveLength(3);
      expect(parts.flatMap((p) => p.unlabelled)).toEqual([]);
      const extents = expectKeyPlans(parts, street);
      for (const [i, e] of extents.slice(1).entries()) expect(e.x0).toBeGreaterThan(extents[i]!.x1);
    });
  });
});
