import { describe, expect, it } from 'vitest';
import { northArrow3d } from '../../src/app/scene/northArrow3d';

type Xyz = readonly [number, number, number];

describe('the 3D north arrow', () => {
  it('points to the plan’s up without a north, and turns clockwise with it', () => {
    const up = northArrow3d(0, 10, 20, 0, 2);
    expect(up.tip[0]).toBeCloseTo(10, 9);
    expect(up.tip[1]).toBeCloseTo(21, 9);
    const east = northArrow3d(90, 10, 20, 0, 2); // north to the plan's right (+x)
    expect(east.tip[0]).toBeCloseTo(11, 9);
    expect(east.tip[1]).toBeCloseTo(20, 9);
    const sw = northArrow3d(225, 0, 0, 0, 2);
    expect(sw.tip[0]).toBeCloseTo(-Math.SQRT1_2, 9);
    expect(sw.tip[1]).toBeCloseTo(-Math.SQRT1_2, 9);
  });

  it('lies flat at the given height, its letter N upright beyond the tip', () => {
    const a = northArrow3d(30, 0, 0, 4.5);
    const head = a.head.getAttribute('position');
    const letter = a.letter.getAttribute('position');
    expect(head.count).toBe(6);
    expect(letter.count).toBe(6);
    for (let i = 0; i < head.count; i++) expect(head.getZ(i)).toBe(4.5);
    // The letter's own plane: x right, y up, no depth; strokes up, down the diagonal, up again (an N).
    const pts = Array.from(
      { length: 6 },
      (_, i) => [letter.getX(i), letter.getY(i), letter.getZ(i)] as const,
    );
    for (const p of pts) expect(p[2]).toBe(0);
    const [l0, l1, d0, d1, r0, r1] = pts as unknown as [Xyz, Xyz, Xyz, Xyz, Xyz, Xyz];
    expect(l0[0]).toBe(l1[0]); // left stroke vertical…
    expect(l1[1]).toBeGreaterThan(l0[1]); // …drawn upwards
    expect(d0[0]).toBeLessThan(d1[0]); // the diagonal from top left…
    expect(d0[1]).toBeGreaterThan(d1[1]); // …to bottom right
    expect(r0[0]).toBe(r1[0]);
    expect(r0[0]).toBeGreaterThan(l0[0]);
    // It stands beyond the tip along north, above the ground, its foot clear of it.
    const r = (30 * Math.PI) / 180;
    const along = (x: number, y: number) => x * Math.sin(r) + y * Math.cos(r);
    expect(along(a.letterAt[0], a.letterAt[1])).toBeGreaterThan(along(...a.tip));
    expect(a.letterAt[2] + Math.min(...pts.map((p) => p[1]))).toBeGreaterThan(4.5);
  });
});
