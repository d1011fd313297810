import { describe, expect, it } from 'vitest';
import { post, testApp } from './inProcess';

/**
 * /merge's aliases for the original's per-window model frames (docs/api-decisions.md §Merge): the merger
 * service's `simulation` shape and the original gateway's `simulations` shape. Each frame is placed in the
 * room by its window's v2 frame, as /run places the model's maps, and the windows are summed.
 */
const app = testApp();
const room_polygon = [
  [0, 0],
  [5, 0],
  [5, 4],
  [0, 4],
];
// One window on the south wall (outward normal −y: −π/2), one on the east wall (0).
const windows = {
  s: { x1: 1, y1: 0, z1: 0.9, x2: 2.5, y2: 0, z2: 2.4, direction_angle: -Math.PI / 2 },
  e: { x1: 5, y1: 1, z1: 0.9, x2: 5, y2: 2.5, z2: 2.4, direction_angle: 0 },
};
const frame = (n: number, value: (r: number, c: number) => number) =>
  Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => value(r, c)));

const roomCells = (df: number[][], mask: boolean[][]) => df.flat().filter((_, i) => mask.flat()[i]);

describe('/merge with per-window model frames', () => {
  it('sums constant frames to the number of windows on every room cell, 128 and 384 alike', async () => {
    for (const n of [128, 384]) {
      const res = await post(app, '/v2/merge', {
        room_polygon,
        windows,
        simulation: {
          s: { df_values: frame(n, () => 1.5), mask: null },
          e: { df_values: frame(n, () => 1), mask: null },
        },
      });
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.result).toEqual(body.merged_result.df_matrix);
      // 5 × 4 m at 0.1 m cells, north up
      expect([body.result.length, body.result[0].length]).toEqual([40, 50]);
      const cells = roomCells(body.result, body.mask);
      expect(cells.length).toBe(2000);
      for (const v of cells) expect(v).toBeCloseTo(2.5, 5);
    }
  });

  it('places a frame by its window: light falling off with depth falls off away from that window', async () => {
    // A frame brighter near its facade: in the v2 frame the facade stands near column 112 (the window
    // stripe at the right, encoding/layout.ts) and the room lies at smaller columns.
    const falling = frame(128, (_, c) => Math.max(0, 10 - Math.abs(112 - c) / 4));
    const res = await post(app, '/v2/merge', {
      room_polygon,
      windows: { s: windows.s },
      simulation: { s: { df_values: falling, mask: null } },
    });
    const { result } = await res.json();
    const rowMean = (r: number[]) => r.reduce((a, b) => a + b, 0) / r.length;
    // Row 0 is the north edge (y = 4 m), the last row the south wall with the window.
    expect(rowMean(result[result.length - 1])).toBeGreaterThan(8);
    expect(rowMean(result[0])).toBeLessThan(1);
  });

  it('reads the original gateway’s shape (parameters, simulations, direction_angle) the same way', async () => {
    const sim = { s: frame(128, (r) => r / 64), e: frame(128, (_, c) => c / 64) };
    const merger = await (
      await post(app, '/v2/merge', {
        room_polygon,
        windows,
        simulation: { s: { df_values: sim.s, mask: [] }, e: { df_values: sim.e, mask: [] } },
      })
    ).json();
    const { direction_angle: _s, ...s } = windows.s;
    const { direction_angle: _e, ...e } = windows.e;
    const gateway = await (
      await post(app, '/v2/merge', {
        parameters: { room_polygon, windows: { s, e } },
        simulations: sim,
        mask: {},
        direction_angle: { s: -Math.PI / 2, e: 0 },
      })
    ).json();
    expect(gateway.df_matrix).toEqual(merger.result);
    expect(gateway.room_mask).toEqual(merger.mask);
  });

  it('says what is wrong with a frame set', async () => {
    const one = { df_values: frame(128, () => 1), mask: null };
    const cases: [unknown, RegExp][] = [
      [{ room_polygon, windows, simulation: { s: one } }, /missing simulation data: e/],
      [{ room_polygon, windows: { s: windows.s }, simulation: { s: one, x: one } }, /window not defined: x/],
      [
        { room_polygon, windows, simulation: { s: one, e: { df_values: frame(100, () => 1) } } },
        /128 × 128 or 384/,
      ],
      [{ room_polygon, windows, simulation: { s: one, e: { df_values: [[1, 'x']] } } }, /square frame/],
    ];
    for (const [body, message] of cases) {
      const res = await post(app, '/v2/merge', body);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatch(message);
    }
  });
});
