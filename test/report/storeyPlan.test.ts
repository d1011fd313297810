import { describe, expect, it } from 'vitest';
import type { IfcRoom } from '../../src/core/ifc/building';
import type { RoomResult } from '../../src/core/report/buildingReport';
import { DRAWING_SCALES, drawingScale, scaleBarMetres, scaleText } from '../../src/core/report/planMarks';
import { labelPoint, roomStanding, storeyFrame, storeyPlanSvg } from '../../src/core/report/storeyPlan';
import { DEFAULT_COMPLIANCE, summarise } from '../../src/core/stats/verdicts';

/** A room of `w × d` m at (x0, 0), its map uniform at `df` % (null: not computed). */
function result(
  number: string,
  x0: number,
  w: number,
  d: number,
  df: number | null,
  problem: string | null = null,
): RoomResult {
  const room: IfcRoom = {
    ifcId: 1,
    number,
    name: 'Room',
    storey: 'Level 1',
    zones: [],
    area: w * d,
    floor_height_above_terrain: 0,
    height_roof_over_floor: 2.6,
    room_polygon: [
      [x0, 0],
      [x0 + w, 0],
      [x0 + w, d],
      [x0, d],
    ],
    windows: [],
    skylights: [],
    ceiling_planes: null,
    problem,
    notes: [],
  };
  if (df === null) return { room, sheet: null, summary: null, error: null };
  const n = 10 * 10;
  const map = {
    rows: 10,
    cols: 10,
    df: new Float32Array(n).fill(df),
    mask: new Uint8Array(n).fill(1),
    origin: { x: x0, y: d },
    resolution: 0.1,
  };
  return { room, sheet: null, summary: summarise(map, DEFAULT_COMPLIANCE), error: null };
}

describe('roomStanding', () => {
  it('reads the chosen rule’s verdict, and says when there is none yet or none can be', () => {
    // DF 1.5 % everywhere: BFS (≥ 1 % on half) passes, EN 17037 target (≥ 2 % on half) fails.
    const r = result('A1', 0, 4, 4, 1.5);
    expect(roomStanding(r, 'bfs')).toBe('pass');
    expect(roomStanding(r, 'en-target')).toBe('fail');
    expect(roomStanding(r, 'en-minimum')).toBe('pass');
    expect(roomStanding(result('A2', 0, 4, 4, null), 'bfs')).toBe('pending');
    expect(roomStanding(result('A3', 0, 4, 4, null, 'No window in its walls'), 'bfs')).toBe('none');
    expect(roomStanding({ ...result('A4', 0, 4, 4, null), error: 'engine failed' }, 'bfs')).toBe('error');
  });
});

describe('labelPoint', () => {
  it('puts an L-shaped room’s label inside the room, where its centroid is not', () => {
    // An L: 6 × 1 along the bottom and 1 × 6 up the left. Its vertex mean (≈ (2.2, 2.2)) lies outside.
    const L: [number, number][] = [
      [0, 0],
      [6, 0],
      [6, 1],
      [1, 1],
      [1, 6],
      [0, 6],
    ];
    const [x, y] = labelPoint(L);
    const inside = (x > 0 && x < 6 && y > 0 && y < 1) || (x > 0 && x < 1 && y > 0 && y < 6);
    expect(inside).toBe(true);
  });
});

describe('storeyFrame and scaleBarMetres', () => {
  it('frames every room with the margin, and picks round bar lengths', () => {
    const f = storeyFrame([result('A', 0, 4, 3, 1).room, result('B', 4, 5, 3, 1).room], 1);
    expect(f).toEqual({ minX: -1, minY: -1, maxX: 10, maxY: 4 });
    expect(scaleBarMetres(3.7)).toBe(2);
    expect(scaleBarMetres(5)).toBe(5);
    expect(scaleBarMetres(0.8)).toBe(0.5);
    expect(scaleBarMetres(140)).toBe(100);
  });

  it('draws a plan at the largest scale rule’s scale that fits, its px per metre exact on paper', () => {
    // 90 px a metre fits; at 0.224 mm a px that is 1:49.6, so 1:50: 1000 / (50 × 0.224) = 89.29 px.
    expect(drawingScale(90, 0.224)).toEqual({ n: 50, pxPerM: 1000 / (50 * 0.224) });
    // Exactly 1:100 fits at 1:100 (not the next one down), a hair less than it does not.
    expect(drawingScale(1000 / (100 * 0.26), 0.26).n).toBe(100);
    expect(drawingScale(1000 / (100 * 0.26) - 0.01, 0.26).n).toBe(125);
    // Every step down the series loses at most a third: 1:50 → 1:75, never 1:50 → 1:100.
    for (const [i, n] of DRAWING_SCALES.slice(1).entries())
      expect(n / DRAWING_SCALES[i]!).toBeLessThanOrEqual(1.5);
    // Past 1:10 000 (a 3 km site on 260 mm), the next multiple of 10 000.
    expect(drawingScale(1000 / (23000 * 0.26), 0.26).n).toBe(30000);
    // Whatever the plan, one metre at the scale chosen is 1000 / n mm of paper and no more px than fit.
    for (const fit of [0.05, 0.7, 3, 12.5, 51, 88, 160, 400]) {
      const s = drawingScale(fit, 0.26);
      expect(s.pxPerM).toBeLessThanOrEqual(fit);
      expect(s.pxPerM * 0.26).toBeCloseTo(1000 / s.n, 9);
      expect(scaleText(s.n)).toMatch(/^1:[\d,]+ on A4$/);
    }
    expect(scaleText(1250)).toBe('1:1,250 on A4');
    // A storey's plan takes the largest whole 1:n instead: 1:138.2 fits, 1:139 is drawn (not 1:150).
    expect(drawingScale(1000 / (138.2 * 0.26), 0.26, true)).toEqual({ n: 139, pxPerM: 1000 / (139 * 0.26) });
    expect(drawingScale(1000 / (139 * 0.26), 0.26, true).n).toBe(139);
  });
});

describe('storeyPlanSvg', () => {
  it('fills each room by its standing and keys the fills', () => {
    const svg = storeyPlanSvg({
      storey: 'Level 1',
      results: [
        result('A1', 0, 4, 4, 1.5),
        result('A2', 4, 4, 4, 0.3),
        result('A3', 8, 2, 4, null, 'No window in its walls'),
        result('A4', 10, 3, 4, null),
      ],
      north: 30,
      by: 'bfs',
      width: 1000,
      height: 600,
    });
    const standing = [...svg.matchAll(/data-room="([^"]+)" data-standing="([a-z]+)"/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(standing).toEqual([
      ['A1', 'pass'],
      ['A2', 'fail'],
      ['A3', 'none'],
      ['A4', 'pending'],
    ]);
    expect(svg).toContain('✓ 1.5 %');
    expect(svg).toContain('✗ 0.3 %');
    expect(svg).toContain('rotate(30)');
    expect(svg).toContain('BFS 2024:8:');
    // One scale for every room: 13 m of rooms and 2 m of margin across 1000 px would be 66.67 px a metre,
    // 1:57.7 at the printed 0.26 mm a px; the plan is drawn at the whole 1:58, 66.31 px a metre, y down.
    expect(svg).toContain('M 66.31 331.56 L 331.56 331.56 L 331.56 66.31');
    expect(svg).toMatch(/data-role="scale-bar" data-metres="2" data-ratio="58"/);
    expect(svg).toContain('>1:58 on A4</text>');
    expect(svg).toContain('width="260mm" height="156mm"');
  });

  it('draws a room’s skylights dashed in its outline, as its page does', () => {
    // A hallway lit only from above showed no glazing on its storey's plan beside its pass.
    const hall = result('A201', 0, 4, 4, 1.5);
    const skylight = {
      id: 's1',
      polygon: [
        [1, 1],
        [2, 1],
        [2, 2],
        [1, 2],
      ],
    };
    hall.room.skylights = [skylight as unknown as IfcRoom['skylights'][number]];
    const svg = storeyPlanSvg({
      storey: 'Level 2',
      results: [hall],
      north: 0,
      by: 'bfs',
      width: 1000,
      height: 600,
    });
    // 4 m and 2 m of margin over 528 px of plan would be 88 px a metre (1:43.7): at 1:44, 87.41 px a metre.
    expect(
      [...svg.matchAll(/<polygon data-skylight="A201" points="([^"]+)"[^>]*stroke-dasharray/g)].map(
        (m) => m[1],
      ),
    ).toEqual(['174.83,349.65 262.24,349.65 262.24,262.24 174.83,262.24']);
  });
});
