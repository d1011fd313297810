import { describe, expect, it } from 'vitest';
import { v2Frame } from '../../src/core/engine/v2Frame';
import type { EngineRoom } from '../../src/core/engine/model';
import { FrameSampler } from '../../src/core/model/placement';
import { parseRunRequest } from '../../src/core/validation/requests';

/**
 * A window's map read at the room's points (placement.ts). A U-shaped room whose window sits on the wall of
 * its notch: the lower wing is in front of the window, the upper wing and the connector lie behind the
 * window's wall, where only light that turns the corner arrives (the engine: about a tenth of the light
 * beside the window).
 */
function notchRoom(): EngineRoom {
  const req = parseRunRequest({
    model_type: 'df_default',
    parameters: {
      height_roof_over_floor: 2.8,
      floor_height_above_terrain: 1,
      room_polygon: [
        [0, -3],
        [14, -3],
        [14, 6],
        [0, 6],
        [0, 3],
        [6, 3],
        [6, 0],
        [0, 0],
      ],
      windows: { w: { x1: 3, y1: 0, z1: 1, x2: 1, y2: 0, z2: 2.3, window_frame_ratio: 0.2 } },
    },
    horizon: new Array(64).fill(20),
    zenith: new Array(64).fill(0),
  });
  return { parameters: req.parameters, geometry: req.geometry, mesh: null, modelType: 'df_default' };
}

describe('reading a window map at the room’s points', () => {
  const frame = v2Frame(notchRoom(), 0);
  // A map that is brightest at the window's wall and falls with depth (the frame has the wall on the right).
  const df = new Float32Array(128 * 128);
  let wallCol = 0;
  frame.pixels.forEach((px) => (wallCol = Math.max(wallCol, px % 128)));
  frame.pixels.forEach((px) => (df[px] = 0.2 + Math.exp(-(wallCol - (px % 128)) / 8)));
  const values = Array.from(frame.pixels, (px) => df[px]!).sort((a, b) => a - b);
  const dim = values[Math.floor(0.05 * (values.length - 1))]!;
  const s = new FrameSampler(frame, df);

  it('in front of the window: the map, bilinear', () => {
    // 1.5 m into the lower wing, in front of the window: 15 columns from the wall.
    const [, c] = frame.toPixel(2, -1.5);
    expect(wallCol - c).toBeGreaterThan(13);
    expect(s.at(2, -1.5)).toBeCloseTo(0.2 + Math.exp(-(wallCol - c) / 8), 2);
  });

  it('behind the window’s wall: the map’s dim end, not the brightest pixels beside the window', () => {
    const behind: [number, number][] = [
      [3, 4.5],
      [10, 5],
      [12, 1.5],
    ];
    for (const [x, y] of behind) {
      expect(frame.toPixel(x, y)[1]).toBeGreaterThan(wallCol + 1);
      expect(s.at(x, y)).toBe(dim);
    }
    expect(dim).toBeLessThan(0.5 * values[values.length - 1]!);
  });

  it('beyond the frame on the room’s side of the wall: the nearest room pixel at the frame’s edge', () => {
    // The lower wing runs 13 m from the window: its far end is beyond the frame's 12.8 m.
    const [, c] = frame.toPixel(13.8, -1.5);
    expect(c).toBeLessThanOrEqual(wallCol + 1);
    const v = s.at(13.8, -1.5);
    expect(v).toBeGreaterThan(dim);
    expect(v).toBeLessThan(values[values.length - 1]!);
  });
});
