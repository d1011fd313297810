import { describe, expect, it } from 'vitest';
import { northArrow3d } from '../../src/app/scene/northArrow3d';

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

  it('lies flat at the given height: two triangles and three strokes', () => {
    const a = northArrow3d(30, 0, 0, 4.5);
    const head = a.head.getAttribute('position');
    const letter = a.letter.getAttribute('position');
    expect(head.count).toBe(6);
    expect(letter.count).toBe(6);
    for (let i = 0; i < head.count; i++) expect(head.getZ(i)).toBe(4.5);
    // The letter lies beyond the tip: every point of it is further along north than the tip.
    const r = (30 * Math.PI) / 180;
    const along = (x: number, y: number) => x * Math.sin(r) + y * Math.cos(r);
    for (let i = 0; i < letter.count; i++)
      expect(along(letter.getX(i), letter.getY(i))).toBeGreaterThan(along(...a.tip) - 1e-9);
  });
});
