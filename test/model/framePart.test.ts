import { describe, expect, it } from 'vitest';
import { v2Frame } from '../../src/core/engine/v2Frame';
import { parseRunRequest } from '../../src/core/validation/requests';
import { loadModel } from '../../src/service/model/runtime';
import { predictWindows, roomGrid } from '../../src/core/model/predict';
import { windowAngles } from '../../src/core/api/windowAngles';
import { SHIPPED_CARD } from '../../src/core/model/shipped';
import { FrameSampler } from '../../src/core/model/placement';
import type { EngineRoom } from '../../src/core/engine/model';
import { angleRoom } from '../engine/scenes';

/**
 * A U-shaped room lit near the tip of one arm (stress room reflectance-ends #10034, k 10000's draw): the
 * frame's 12.8 m box cuts it into the window's arm (0.83 m wide along the window's wall) and the other arm,
 * 2.2–3.0 m away, the larger piece in the box. The original's encoder keeps the largest piece; Lux's
 * networks see the window's own (roomMask.ts FramePart).
 */
const U_ROOM = {
  model_type: 'df_custom' as const,
  parameters: {
    height_roof_over_floor: 4.6,
    floor_height_above_terrain: 4.978,
    room_polygon: [
      [5.019, 41.99],
      [7.712, 40.645],
      [13.885, 53.008],
      [13.145, 53.377],
      [9.622, 46.323],
      [8.409, 46.928],
      [11.932, 53.983],
      [11.192, 54.353],
    ] as [number, number][],
    windows: {
      w1: { x1: 10.988, y1: 53.945, z1: 6.257, x2: 9.792, y2: 52.588, z2: 8.329, window_frame_ratio: 0.188 },
    },
  },
};

describe('the piece of a room cut by the frame that the model sees', () => {
  const req = parseRunRequest({ ...U_ROOM, horizon: new Array(64).fill(0), zenith: new Array(64).fill(0) });
  const room: EngineRoom = { ...req, mesh: null };
  // Distance (m) from the window's wall line, inward.
  const [ax, ay] = [11.192, 54.353];
  const [dx, dy] = [5.019 - ax, 41.99 - ay].map((v) => v / Math.hypot(5.019 - ax, 41.99 - ay)) as [
    number,
    number,
  ];
  const depth = ([x, y]: readonly [number, number]) => Math.abs((x - ax) * dy - (y - ay) * dx);

  it('is the largest piece for the original’s encoder: the other arm, which the window barely lights', () => {
    const f = v2Frame(room, 0);
    expect(Math.min(...f.points.map(depth))).toBeGreaterThan(2.1);
  });

  it('is the window’s own arm for Lux’s preprocessing, and the model lights it', async () => {
    const f = v2Frame(room, 0, 'window');
    expect(Math.max(...f.points.map(depth))).toBeLessThan(0.85);
    expect(f.pixels.length).toBeGreaterThan(400);
    const model = await loadModel(`public/models/${SHIPPED_CARD}`);
    const windows = await predictWindows(req, windowAngles(req, req.mesh), model);
    const g = roomGrid(req, windows);
    // The room's mean: the engine has 0.81 % DF here; with the other arm the model read 0.015.
    let sum = 0,
      n = 0;
    g.mask.data.forEach((m, i) => m === 1 && ((sum += g.df.data[i]!), n++));
    expect(sum / n).toBeGreaterThan(0.4);
  }, 60_000);

  it('is the same piece either way in a room the box does not cut', () => {
    const r = angleRoom();
    expect(v2Frame(r, 0, 'window').mask).toEqual(v2Frame(r, 0).mask);
  });
});

describe('reading a map on the piece of the room the frame cuts away', () => {
  // The frame reaches across the slot into the other arm, a piece it cuts away from the window's (they meet
  // 12 m away). The engine: 0.0 % DF there; the window's arm beside it across the slot, 5–10 %.
  const req = parseRunRequest({ ...U_ROOM, horizon: new Array(64).fill(0), zenith: new Array(64).fill(0) });
  const frame = v2Frame({ ...req, mesh: null }, 0, 'window');
  // Brightest at the window (row 64 on the wall's column), falling with the distance from it.
  const fromWindow = (px: number) => Math.hypot((px >> 7) - 64, frame.wallCol - (px % 128));
  const df = new Float32Array(128 * 128);
  frame.pixels.forEach((px) => (df[px] = 0.1 + 10 * Math.exp(-fromWindow(px) / 15)));
  const values = Array.from(frame.pixels, (px) => df[px]!).sort((a, b) => a - b);
  const dim = values[Math.floor(0.05 * (values.length - 1))]!;
  const s = new FrameSampler(frame, df);

  it('reads the other arm as the map’s dim end, not as the lit arm across the slot', () => {
    const [r, c] = frame.toPixel(12.8, 51.79);
    expect(frame.cut?.[Math.round(r) * 128 + Math.round(c)]).toBe(1);
    expect(s.at(12.8, 51.79)).toBe(dim);
    // The window's own arm keeps its light, many times the dim end.
    expect(s.at(10.8, 53.2)).toBeGreaterThan(5 * dim);
  });

  it('has no cut piece where the frame keeps the whole room', () => {
    expect(v2Frame(angleRoom(), 0, 'window').cut).toBeNull();
  });
});
