import { describe, expect, it } from 'vitest';
import { simulateRoom, TERMS } from '../../src/core/engine/simulate';
import { canyonRoom, skylitOffice, thinWallRoom } from './scenes';

/**
 * A window's light split into its terms (issue 35's labels): linear in its sources, so the terms add up to
 * the whole; each where the physics puts it.
 */
const pts: [number, number][] = [
  [1, 1],
  [2, 2],
  [3, 3],
  [1.5, 0.5],
];
const termsOf = (w: { terms?: Float32Array[] }, k: number): number[] => w.terms!.map((t) => t[k]!);

describe('the terms of a window’s light', () => {
  it('add up to its daylight factor at every point, and leave the totals as they were', () => {
    for (const room of [thinWallRoom(true), canyonRoom(), skylitOffice()]) {
      const plain = simulateRoom(room, { quality: 'draft', points: pts });
      const split = simulateRoom(room, { quality: 'draft', points: pts, terms: true });
      expect(TERMS).toHaveLength(5);
      split.perWindow.forEach((w, v) => {
        // The totals are the same run's, bit for bit; the terms' sum within the radiosity's tail (1e-4).
        expect(w.points).toEqual(plain.perWindow[v]!.points);
        pts.forEach((_, k) => {
          const sum = termsOf(w, k).reduce((a, b) => a + b, 0);
          expect(Math.abs(sum / w.points[k]! - 1)).toBeLessThan(1e-4);
          for (const t of termsOf(w, k)) expect(t).toBeGreaterThanOrEqual(0);
        });
      });
    }
  }, 60_000);

  it('put the light where it comes from: open ground, a block across the street, a skylight', () => {
    // Open: no surface above the horizon outside; the sill (0.9 m) hides the ground from the work plane.
    const open = simulateRoom(thinWallRoom(false), { quality: 'draft', points: pts, terms: true })
      .perWindow[0]!;
    pts.forEach((_, k) => {
      const [sky, exterior, fromSky, fromAbove, fromBelow] = termsOf(open, k);
      expect([exterior, fromAbove]).toEqual([0, 0]);
      expect(sky!).toBeGreaterThan(0);
      expect(fromSky!).toBeGreaterThan(0);
      // The ground's light reaches the work plane by the ceiling.
      expect(fromBelow!).toBeGreaterThan(0.2 * fromSky!);
    });
    // A block across the street: its facade, above the horizon, lights the room too.
    const block = simulateRoom(thinWallRoom(true), { quality: 'draft', points: pts, terms: true })
      .perWindow[0]!;
    pts.forEach((_, k) => expect(termsOf(block, k)[3]!).toBeGreaterThan(0));
    // A skylight sees only what is above the horizon.
    const s1 = simulateRoom(skylitOffice(false), { quality: 'draft', points: pts, terms: true })
      .perWindow[0]!;
    pts.forEach((_, k) => expect(termsOf(s1, k)[4]).toBe(0));
  }, 60_000);

  it('lights only the points when asked: the map is left empty, the points as a run with the map gives them', () => {
    const room = thinWallRoom(true);
    const only = simulateRoom(room, { quality: 'draft', points: pts, pointsOnly: true });
    expect(only.df.data.every((v) => v === 0)).toBe(true);
    const full = simulateRoom(room, { quality: 'draft', points: pts });
    // Other random streams for the points (they are numbered after no cells): the same light within noise.
    pts.forEach((_, k) => expect(Math.abs(only.points[k]! / full.points[k]! - 1)).toBeLessThan(0.06));
  }, 60_000);
});
