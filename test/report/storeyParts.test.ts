import { describe, expect, it } from 'vitest';
import type { IfcRoom } from '../../src/core/ifc/building';
import type { RoomResult } from '../../src/core/report/roomResult';
import { buildingReportHtml } from '../../src/core/report/buildingReport';
import { storeyPlanParts } from '../../src/core/report/storeyParts';
import { storeyPlanSvg, type StoreyPlan } from '../../src/core/report/storeyPlan';
import { textWidth } from '../../src/core/report/textFit';
import { DEFAULT_COMPLIANCE, summarise } from '../../src/core/stats/verdicts';

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
