import { describe, expect, it } from 'vitest';
import { litFromAboveOnly, requestLitFromAbove } from '../../src/core/stats/litFromAbove';
import { DEFAULT_COMPLIANCE, summarise } from '../../src/core/stats/verdicts';

const square = (x: number, y: number): [number, number][] => [
  [x, y],
  [x + 1, y],
  [x + 1, y + 1],
  [x, y + 1],
];

describe('a room lit from above only (EN 17037: the target over 95 % of the plane)', () => {
  it('is one with rooflights in a flat roof and no window in a wall or a slope', () => {
    const flat = { wallWindows: 0, skylights: [{ polygon: square(2, 2) }], ceiling: 3 };
    expect(litFromAboveOnly(flat)).toBe(true);
    expect(litFromAboveOnly({ ...flat, wallWindows: 1 })).toBe(false);
    expect(litFromAboveOnly({ ...flat, skylights: [] })).toBe(false);
    // A 30° pitch over the opening: a roof window, inclined; a 5° one (a low-pitched roof) is horizontal.
    const pitch = (deg: number): [number, number, number][] => [[Math.tan((deg * Math.PI) / 180), 0, 1]];
    expect(litFromAboveOnly({ ...flat, ceilingPlanes: pitch(30) })).toBe(false);
    expect(litFromAboveOnly({ ...flat, ceilingPlanes: pitch(5) })).toBe(true);
    // The opening takes the surface lowest over its centre: a slope that rises above the flat top there
    // leaves it in the flat top.
    expect(litFromAboveOnly({ ...flat, ceilingPlanes: [[1, 0, 1]] })).toBe(true);
    // One rooflight in a slope among flat ones: not horizontal openings only.
    expect(
      litFromAboveOnly({
        wallWindows: 0,
        skylights: [{ polygon: square(0.5, 2) }, { polygon: square(6, 2) }],
        ceilingPlanes: [[-1, 0, 9]],
        ceiling: 3,
      }),
    ).toBe(false);
  });

  it('reads a request’s windows and skylights (the API’s records or lists) and heights', () => {
    const body = (windows: unknown) => ({
      parameters: {
        windows,
        skylights: { s1: { polygon: square(2, 2) } },
        floor_height_above_terrain: 4,
        height_roof_over_floor: 3,
      },
    });
    expect(requestLitFromAbove(body({}))).toBe(true);
    expect(requestLitFromAbove(body([]))).toBe(true);
    expect(requestLitFromAbove(body({ w1: {} }))).toBe(false);
    expect(requestLitFromAbove(null)).toBe(false);
    // The core's lists (a parsed request) read the same.
    const parsed = {
      parameters: { ...body([]).parameters, skylights: [{ id: 's1', polygon: square(2, 2) }] },
    };
    expect(requestLitFromAbove(parsed)).toBe(true);
  });

  it('asks the target DF over 95 % of the floor of such a room, 50 % of any other', () => {
    // 60 % of the floor at DF 3, the rest at 1.
    const df = Float32Array.from({ length: 10 }, (_, i) => (i < 6 ? 3 : 1));
    const room = {
      rows: 1,
      cols: 10,
      df,
      mask: new Uint8Array(10).fill(1),
      origin: { x: 0, y: 0 },
      resolution: 0.1,
    };
    const target = (topLit: boolean) =>
      summarise(room, DEFAULT_COMPLIANCE, { topLit }).verdicts.find((v) => v.id === 'en-target')!;
    expect(target(false)).toMatchObject({ pass: true, detail: 'DF ≥ 2 % on 60.0 % (needs 50 %)' });
    expect(target(true)).toMatchObject({
      pass: false,
      detail: 'DF ≥ 2 % on 60.0 % (needs 95 %: lit from above only)',
    });
  });
});
