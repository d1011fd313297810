import { describe, expect, it } from 'vitest';
import { FRAME_CELLS, frameInputs } from '../../src/core/model/features';
import { parseRunRequest } from '../../src/core/validation/requests';

/**
 * lux-frame-3's plan visibility (features.ts: the share of five points across the window's inner face that
 * a cell sees past the room's own walls, channel 5; the sky channels are scaled by it). An L-shaped room,
 * its window on the east wall of the southern wing (x = 8): the northern wing's far corner is behind the
 * re-entrant corner (4, 4) (the frame reaches y = 8.2), cells in front of the window see all of it, cells at the wing's edge part.
 */
describe('the plan visibility of a non-convex room', () => {
  const req = parseRunRequest({
    model_type: 'df_default',
    parameters: {
      height_roof_over_floor: 3,
      floor_height_above_terrain: 3,
      room_polygon: [
        [0, 0],
        [8, 0],
        [8, 4],
        [4, 4],
        [4, 9],
        [0, 9],
      ],
      windows: { w: { x1: 8, y1: 1, z1: 4, x2: 8, y2: 3, z2: 5.5, window_frame_ratio: 0.2 } },
    },
    horizon: new Array(64).fill(0),
    zenith: new Array(64).fill(0),
  });
  const room = { ...req, modelType: 'df_default' as const };
  const w = room.parameters.windows[0]!;
  const f = frameInputs(room, 0, { horizon: w.horizon!, zenith: w.zenith! }, 'df_default');
  const seenAt = (x: number, y: number): number => {
    let best = -1,
      d = Infinity;
    f.frame.points.forEach(([px, py], k) => {
      const e = Math.hypot(px - x, py - y);
      if (e < d) [d, best] = [e, k];
    });
    expect(d).toBeLessThan(0.1);
    return f.channels[5 * FRAME_CELLS + f.frame.pixels[best]!]!;
  };

  it('sees the whole window in front of it, none of it behind the corner, part of it at the edge', () => {
    expect(seenAt(6, 2)).toBe(1);
    expect(seenAt(2, 2)).toBe(1);
    expect(seenAt(1, 8)).toBe(0);
    expect(seenAt(3.5, 5)).toBe(0);
    expect(seenAt(2, 5)).toBeGreaterThan(0);
    expect(seenAt(2, 5)).toBeLessThan(1);
  });

  it('scales the sky channel by it', () => {
    const px = f.frame.pixels;
    let hidden = 0;
    px.forEach((p) => {
      if (f.channels[5 * FRAME_CELLS + p] === 0) {
        hidden++;
        expect(f.channels[FRAME_CELLS + p]).toBe(0);
      }
    });
    expect(hidden).toBeGreaterThan(50);
  });
});
