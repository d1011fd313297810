import { describe, expect, it } from 'vitest';
import fillCases from '../fixtures-encoder/fillpoly-cases.json';
import { sha256Hex } from '../fixtures-encoder/upstreamVectors';
import { clipRingToBox, ROOM_CLIP_BOX } from '../../src/core/encoding/clipToBox';
import { fillPoly } from '../../src/core/encoding/fillPoly';
import { IMAGE_SIZE, newMask } from '../../src/core/encoding/image';
import { largestPart } from '../../src/core/encoding/largestPart';
import type { Vec2 } from '../../src/core/geometry/vec';

const filled = (points: readonly Vec2[]): Uint8Array => {
  const m = newMask();
  fillPoly(m, IMAGE_SIZE, points);
  return m;
};
const count = (m: Uint8Array): number => m.reduce((a, b) => a + b, 0);

describe('fillPoly = cv2.fillPoly LINE_8 (encoder.md §4.8)', () => {
  it('fills an axis-aligned rectangle including its boundary', () => {
    const m = filled([
      [62, 44],
      [112, 44],
      [112, 84],
      [62, 84],
    ]);
    expect(count(m)).toBe(2091);
    expect(m[44 * IMAGE_SIZE + 62]).toBe(1);
    expect(m[84 * IMAGE_SIZE + 112]).toBe(1);
    expect(m[85 * IMAGE_SIZE + 112]).toBe(0);
  });

  it(`matches the reference rasteriser on ${fillCases.cases.length} random polygons`, () => {
    for (const c of fillCases.cases) {
      const m = filled(c.points as unknown as Vec2[]);
      expect({ points: c.points, count: count(m), sha256: sha256Hex(m) }).toEqual(c);
    }
  });
});

describe('clipping to x ∈ [0, 121], y ∈ [0, 128] (encoder.md §4.7)', () => {
  const clip = (poly: Vec2[]): Vec2[] => largestPart(clipRingToBox(poly, ROOM_CLIP_BOX), ROOM_CLIP_BOX);
  const area = (ring: Vec2[]): number =>
    Math.abs(
      ring.reduce((s, a, i) => {
        const b = ring[(i + 1) % ring.length]!;
        return s + a[0] * b[1] - b[0] * a[1];
      }, 0),
    ) / 2;

  it('keeps a polygon inside the box as it is', () => {
    const room: Vec2[] = [
      [62, 44],
      [112, 44],
      [112, 84],
      [62, 84],
    ];
    expect(clip(room)).toEqual(room);
  });

  it('computes crossings from the original integer edge (46.67 truncates to 46 later)', () => {
    const ring = clipRingToBox(
      [
        [100, 40],
        [124, 50],
        [100, 50],
      ],
      ROOM_CLIP_BOX,
    );
    expect(ring).toContainEqual([121, 40 + (10 * 21) / 24]);
  });

  it('keeps only the largest part of a room cut in two by x = 121', () => {
    // Two prongs joined outside the box: [100, 121] × [10, 20] and [100, 121] × [35, 50].
    const u: Vec2[] = [
      [100, 10],
      [130, 10],
      [130, 50],
      [100, 50],
      [100, 35],
      [125, 35],
      [125, 20],
      [100, 20],
    ];
    const part = clip(u);
    expect(area(part)).toBe(21 * 15);
    expect(Math.min(...part.map((p) => p[1]))).toBe(35);
  });

  it('drops a dangling line where the room only touches x = 121 from outside', () => {
    // The right prong [121, 130] × [22, 78] touches the box along x = 121 only: GEOS returns it as a line.
    const u: Vec2[] = [
      [102, 22],
      [112, 22],
      [112, 78],
      [121, 78],
      [121, 22],
      [130, 22],
      [130, 98],
      [102, 98],
    ];
    const m = filled(clip(u).map(([x, y]) => [Math.trunc(x), Math.trunc(y)] as const));
    expect(m[50 * IMAGE_SIZE + 121]).toBe(0);
    expect(m[90 * IMAGE_SIZE + 121]).toBe(1);
  });

  it('returns nothing for a room entirely outside', () => {
    expect(
      clip([
        [130, 10],
        [140, 10],
        [140, 20],
      ]),
    ).toEqual([]);
  });
});
