import { describe, expect, it } from 'vitest';
import { frameWidth } from '../../src/core/engine/model';
import { simulateRoom, simulateRoomAsync } from '../../src/core/engine/simulate';
import { loadFixture } from './radianceFixtures';

const fx = loadFixture('R04_deep_two_windows_dark.json');
const mean = (a: Float32Array, m: Uint8Array): number => {
  let s = 0,
    n = 0;
  a.forEach((v, i) => {
    if (m[i]) {
      s += v;
      n++;
    }
  });
  return s / n;
};

describe('simulateRoom', () => {
  it('lays the grid out as /run does: 0.1 m cells, row 0 = max y, column 0 = min x, zero outside', () => {
    const r = simulateRoom(fx.room, { quality: 'draft' });
    // Room [0, 3.5] × [0, 8]: 80 rows, 35 columns, every cell centre inside.
    expect([r.df.rows, r.df.cols]).toEqual([80, 35]);
    expect(r.origin).toEqual({ x: 0, y: 8 });
    expect(r.resolution).toBe(0.1);
    expect(r.mask.data.every((v) => v === 1)).toBe(true);
    // The windows are on the south wall (y = 0): the last row is brighter than the first.
    const row = (k: number) => r.df.data.slice(k * 35, (k + 1) * 35).reduce((a, b) => a + b, 0);
    expect(row(79)).toBeGreaterThan(5 * row(0));
    const L = simulateRoom(loadFixture('R05_L_two_facades.json').room, { quality: 'draft' });
    expect(L.mask.data.filter((v) => v === 0).length).toBe(30 * 30);
    expect(L.df.data.every((v, i) => L.mask.data[i] === 1 || v === 0)).toBe(true);
  });

  it('is deterministic for a seed and changes only by noise with another seed', () => {
    const a = simulateRoom(fx.room, { seed: 5, quality: 'draft' });
    const b = simulateRoom(fx.room, { seed: 5, quality: 'draft' });
    const c = simulateRoom(fx.room, { seed: 6, quality: 'draft' });
    expect(Buffer.from(a.df.data.buffer).equals(Buffer.from(b.df.data.buffer))).toBe(true);
    expect(Buffer.from(a.df.data.buffer).equals(Buffer.from(c.df.data.buffer))).toBe(false);
    expect(mean(c.df.data, c.mask.data) / mean(a.df.data, a.mask.data)).toBeCloseTo(1, 1);
  });

  it('reports each window share; the shares add up to the room result', () => {
    const r = simulateRoom(fx.room, {
      quality: 'draft',
      points: [
        [1, 2],
        [2.5, 6],
      ],
    });
    expect(r.perWindow.map((w) => w.id)).toEqual(['a', 'b']);
    for (let k = 0; k < r.df.data.length; k += 97) {
      expect(r.perWindow[0]!.df.data[k]! + r.perWindow[1]!.df.data[k]!).toBeCloseTo(r.df.data[k]!, 4);
    }
    // Window a is on the left (x 0.3–1.5): it dominates at x = 1, b at x = 2.5.
    expect(r.perWindow[0]!.points[0]!).toBeGreaterThan(r.perWindow[1]!.points[0]!);
    expect(r.perWindow[1]!.points[1]!).toBeGreaterThan(r.perWindow[0]!.points[1]!);
    expect(r.points[0]).toBeCloseTo(r.perWindow[0]!.points[0]! + r.perWindow[1]!.points[0]!, 5);
  });

  it('evaluates extra points consistently with the grid', () => {
    // The centre of cell (row 40, col 17) is (1.75, 3.95).
    const r = simulateRoom(fx.room, { quality: 'draft', points: [[1.75, 3.95]] });
    expect(r.points[0]).toBeCloseTo(r.df.data[40 * 35 + 17]!, 1);
  });

  it('reports progress from 0 to 1 and can be cancelled between chunks', async () => {
    const seen: number[] = [];
    simulateRoom(fx.room, { quality: 'draft', onProgress: (f) => seen.push(f) });
    expect(seen.length).toBeGreaterThan(5);
    expect(seen.every((f, i) => f >= 0 && f <= 1 && (i === 0 || f >= seen[i - 1]!))).toBe(true);
    expect(seen[seen.length - 1]!).toBeGreaterThan(0.95);

    const flag = { aborted: false };
    expect(() =>
      simulateRoom(fx.room, {
        signal: flag,
        onProgress: (f) => {
          if (f > 0.3) flag.aborted = true;
        },
      }),
    ).toThrow(expect.objectContaining({ name: 'AbortError' }));

    const ctl = new AbortController();
    const run = simulateRoomAsync(fx.room, {
      signal: ctl.signal,
      onProgress: (f) => {
        if (f > 0.1) ctl.abort();
      },
    });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    const done = await simulateRoomAsync(fx.room, { quality: 'draft' });
    expect(done.df.rows).toBe(80);
  });

  it('counts bounces like Radiance: more ambient bounces, more light, converging', () => {
    const m = (ab: number) => {
      const r = simulateRoom(fx.room, { quality: 'draft', ambientBounces: ab });
      return mean(r.df.data, r.mask.data);
    };
    const [m1, m2, m7, mInf] = [m(1), m(2), m(7), m(Infinity)];
    expect(m2).toBeGreaterThan(m1);
    expect(m7).toBeGreaterThan(m2);
    expect(mInf).toBeGreaterThanOrEqual(m7);
    expect(mInf / m7).toBeLessThan(1.05);
  });

  it('counts every reflection by default (issue 30): the converged solution, not -ab 7', () => {
    const byDefault = simulateRoom(fx.room, { quality: 'draft' }).df.data;
    expect(byDefault).toEqual(simulateRoom(fx.room, { quality: 'draft', ambientBounces: Infinity }).df.data);
    expect(byDefault).not.toEqual(simulateRoom(fx.room, { quality: 'draft', ambientBounces: 7 }).df.data);
  });
});

describe('room model', () => {
  it('sizes the frame so that the glazed share is 1 − ratio', () => {
    for (const [w, h, r] of [
      [2, 1.5, 0.2],
      [1.2, 0.8, 0.35],
      [3, 3, 0],
      [1, 2, 1],
    ] as const) {
      const b = frameWidth(w, h, r);
      expect((w - 2 * b) * (h - 2 * b)).toBeCloseTo((1 - r) * w * h, 10);
      expect(b).toBeGreaterThanOrEqual(0);
      expect(b).toBeLessThanOrEqual(Math.min(w, h) / 2 + 1e-12);
    }
  });
});
