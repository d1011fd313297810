import { describe, expect, it } from 'vitest';
import { roomMask } from '../../src/core/encoding/roomMask';
import { originalDirection } from '../../src/core/encoding/direction';
import { simulateRoom } from '../../src/core/engine/simulate';
import { simulateWindowFrames, v2Frame } from '../../src/core/engine/v2Frame';
import { loadFixture } from './radianceFixtures';

describe('per-window results in the v2 window frame', () => {
  for (const file of ['R04_deep_two_windows_dark.json', 'R10_diagonal_wall.json', 'R05_L_two_facades.json']) {
    it(`${file.replace('.json', '')}: the encoder's mask, and the room-frame light at the same points`, () => {
      const fx = loadFixture(file);
      const room = fx.room;
      const frames = simulateWindowFrames(room, { quality: 'draft' });
      room.parameters.windows.forEach((w, i) => {
        const corners = { p1: [w.x1, w.y1] as const, p2: [w.x2, w.y2] as const };
        const mask = roomMask(
          room.parameters.room_polygon,
          corners,
          originalDirection(room.parameters.room_polygon, corners),
        );
        expect(Buffer.from(frames[i]!.mask).equals(Buffer.from(mask))).toBe(true);
        // Window on the right, facing +x: the column next to the facade is the brightest on average.
        const f = frames[i]!;
        const colMean = (c: number): number => {
          let s = 0,
            n = 0;
          for (let r = 0; r < 128; r++)
            if (f.mask[r * 128 + c]) {
              s += f.df[r * 128 + c]!;
              n++;
            }
          return n ? s / n : 0;
        };
        const cols = [...Array(128).keys()].filter((c) => colMean(c) > 0);
        expect(colMean(cols[cols.length - 1]!)).toBeGreaterThan(colMean(cols[0]!));
      });
      // The frame's pixels are room points: the window's share there matches an evaluation at the same
      // world points in another run (up to the engine's noise: different random streams per receiver).
      const f0 = v2Frame(room, 0);
      const sample = f0.points.filter((_, k) => k % 97 === 0);
      const direct = simulateRoom(room, { quality: 'draft', points: sample }).perWindow[0]!.points;
      const viaFrame = Array.from(f0.pixels)
        .filter((_, k) => k % 97 === 0)
        .map((px) => frames[0]!.df[px]!);
      viaFrame.forEach((v, k) => expect(Math.abs(v - direct[k]!)).toBeLessThan(0.05 + 0.2 * direct[k]!));
      const sum = (a: ArrayLike<number>): number => Array.from(a).reduce((x, y) => x + y, 0);
      expect(sum(viaFrame) / sum(direct)).toBeCloseTo(1, 1);
    });
  }
});
