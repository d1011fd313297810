import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { signedArea } from '../../src/core/geometry/polygon';
import { sampledRequest } from '../../src/datagen/sampleRoom';
import { onGrid, onGridTruth, type OnGridTruth } from '../../src/evaluation/onGridProbe';
import { roomDigest, stressRoom } from '../../src/evaluation/stressSuite';

/**
 * Rooms as architects draw them (docs/model.md, "The lattice on the walls"): the stress suite's rooms
 * turned square to the axes and rounded to 0.1 m, whose walls then fall on the model frames' pixel centres.
 */
describe('the on-grid probe', () => {
  const onTenth = (v: number) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9;

  it('turns a room square to the axes and rounds its plan to 0.1 m, its surroundings turned with it', () => {
    for (const [cls, k] of [
      ['non-rect', 995000],
      ['street-canyon', 995001],
      ['balcony-thick', 995002],
    ] as const) {
      const drawn = stressRoom(cls, k);
      const s = onGrid(drawn);
      const poly = s.body.parameters.room_polygon;
      expect(poly.flat().every(onTenth)).toBe(true);
      expect(poly[1]![1]).toBeCloseTo(poly[0]![1], 9); // the first edge along x
      for (const w of Object.values(s.body.parameters.windows))
        expect([w.x1, w.y1, w.x2, w.y2].every((v) => onTenth(v as number))).toBe(true);
      // The same room to within the rounding: its area, and the mesh at the same place around it.
      const area = (p: typeof poly) => Math.abs(signedArea(p));
      expect(Math.abs(area(poly) / area(drawn.body.parameters.room_polygon) - 1)).toBeLessThan(0.1);
      if (drawn.mesh) {
        const d = (p: readonly number[], q: readonly number[]) => Math.hypot(p[0]! - q[0]!, p[1]! - q[1]!);
        const [a0, s0] = [drawn.body.parameters.room_polygon[0]!, poly[0]!];
        expect(d(s.mesh![5]!, s0)).toBeCloseTo(d(drawn.mesh[5]!, a0), 1);
        expect(s.mesh![5]![2]).toBe(drawn.mesh[5]![2]);
      }
      expect(() => sampledRequest(s)).not.toThrow();
    }
  });

  it('keeps truths that belong to the rooms drawn today, and one of them reproduces', () => {
    const truths = JSON.parse(readFileSync('test/fixtures/on-grid/k995000.json', 'utf8')) as OnGridTruth[];
    expect(truths.length).toBeGreaterThanOrEqual(110);
    for (const t of truths) expect(roomDigest(onGrid(stressRoom(t.cls, t.k)))).toBe(t.digest);
    const stored = truths.find((t) => t.cls === 'angles-only' && t.k === 995000)!;
    expect(onGridTruth('angles-only', 995000)).toEqual(stored);
  }, 60_000);
});
