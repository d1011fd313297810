import { describe, expect, it } from 'vitest';
import { exteriorGeometry } from '../../src/core/engine/body';
import { bodyOutline, windowsIntoClosedGaps } from '../../src/core/engine/bodyOutline';
import { buildRoomModel, outwardNormals } from '../../src/core/engine/model';
import { offsetPolygon, signedArea2 } from '../../src/core/engine/polygon2d';
import { simulateRoom } from '../../src/core/engine/simulate';
import type { Vec2 } from '../../src/core/geometry/vec';
import { parseRunRequest } from '../../src/core/validation/requests';
import { roomMean } from '../helpers/roomMean';
import { notchedOutline } from '../helpers/notchedRoom';

/** An 8 × 8 m room with a bottle-shaped notch: a 0.6 m neck into a 2 × 3 m chamber. */
const bottle: Vec2[] = [
  [0, 0],
  [8, 0],
  [8, 8],
  [4.3, 8],
  [4.3, 6],
  [5, 6],
  [5, 3],
  [3, 3],
  [3, 6],
  [3.7, 6],
  [3.7, 8],
  [0, 8],
];

describe('the building body’s outline', () => {
  it('is the mitred ring itself wherever that ring is simple: an L, a notch wider than both walls', () => {
    const ell: Vec2[] = [
      [0, 0],
      [6, 0],
      [6, 2],
      [2, 2],
      [2, 5],
      [0, 5],
    ];
    for (const poly of [ell, notchedOutline(1.2)]) {
      const o = bodyOutline(poly, outwardNormals(poly), 0.35);
      expect(o.rings).toEqual([offsetPolygon(poly, outwardNormals(poly), 0.35)]);
      expect(o.windsOut).toBe(false);
    }
  });

  it('fills a notch the walls close: a 0.6 m notch between 0.35 m walls is solid', () => {
    const poly = notchedOutline(0.6);
    const o = bodyOutline(poly, outwardNormals(poly), 0.35);
    expect(o.rings).toHaveLength(1);
    expect(o.windsOut).toBe(true);
    // The room's box grown by the walls, counter-clockwise, to Clipper's 1 µm.
    expect(signedArea2(o.rings[0]!)).toBeCloseTo(6.7 * 5.7, 4);
    // The mitred ring folds over itself there: its area is not the body's.
    expect(
      Math.abs(signedArea2(offsetPolygon(poly, outwardNormals(poly), 0.35)) - 6.7 * 5.7),
    ).toBeGreaterThan(0.1);
  });

  it('leaves a courtyard open where the neck closes but the chamber behind it does not', () => {
    const o = bodyOutline(bottle, outwardNormals(bottle), 0.35);
    expect(o.rings).toHaveLength(2);
    expect(signedArea2(o.rings[0]!)).toBeCloseTo(8.7 * 8.7, 4);
    // The chamber less its walls, x 3.35…4.65 and y 3.35…5.65, clockwise.
    expect(signedArea2(o.rings[1]!)).toBeCloseTo(-1.3 * 2.3, 4);
  });

  it('roofs the outline around the courtyard, walls on both rings', () => {
    const req = request(bottle, [{ x1: 1, y1: 0, z1: 1, x2: 2, y2: -0.35, z2: 2 }]);
    const geom = exteriorGeometry(buildRoomModel(room(req)));
    const top = 2.7 + 0.5 + 0.3;
    let roof = 0,
      walls = 0;
    const b = geom.body;
    for (let i = 0; i < b.length; i += 9) {
      const flat = b[i + 2] === top && b[i + 5] === top && b[i + 8] === top;
      if (!flat) {
        walls++;
        continue;
      }
      const area =
        ((b[i + 3]! - b[i]!) * (b[i + 7]! - b[i + 1]!) - (b[i + 6]! - b[i]!) * (b[i + 4]! - b[i + 1]!)) / 2;
      expect(area, 'roof triangles face up').toBeGreaterThan(0);
      roof += area;
    }
    expect(roof).toBeCloseTo(8.7 * 8.7 - 1.3 * 2.3, 3);
    expect(walls).toBe(2 * (4 + 4));
  });

  it('follows a sloped ceiling over the roof round a courtyard', () => {
    const model = buildRoomModel(room(request(bottle, [{ x1: 1, y1: 0, z1: 1, x2: 2, y2: -0.35, z2: 2 }])));
    // A plane rising east, below the flat top (3.2 m) west of x = 4: the roof 0.3 m over the lower of the two.
    const sloped = { ...model, ceilingPlanes: [[0.1, 0, 2.8]] as [number, number, number][] };
    const roofAt = (x: number) => Math.min(3.2, 0.1 * x + 2.8) + 0.3;
    const b = exteriorGeometry(sloped).body;
    let plan = 0;
    for (let i = 0; i < b.length; i += 9) {
      const xs = [b[i]!, b[i + 3]!, b[i + 6]!],
        ys = [b[i + 1]!, b[i + 4]!, b[i + 7]!],
        zs = [b[i + 2]!, b[i + 5]!, b[i + 8]!];
      if (zs.some((z) => z === 0)) continue; // a wall
      const area = ((xs[1]! - xs[0]!) * (ys[2]! - ys[0]!) - (xs[2]! - xs[0]!) * (ys[1]! - ys[0]!)) / 2;
      expect(area, 'roof triangles face up').toBeGreaterThan(0);
      plan += area;
      for (let k = 0; k < 3; k++) expect(zs[k]!).toBeCloseTo(roofAt(xs[k]!), 4);
    }
    expect(plan).toBeCloseTo(8.7 * 8.7 - 1.3 * 2.3, 3);
  });
});

function request(poly: Vec2[], windows: Record<string, number>[]) {
  const zeros = new Array(64).fill(0);
  const req = parseRunRequest({
    model_type: 'df_default',
    parameters: {
      height_roof_over_floor: 2.7,
      floor_height_above_terrain: 0.5,
      room_polygon: poly,
      windows: Object.fromEntries(windows.map((w, i) => [`w${i}`, { window_frame_ratio: 0.2, ...w }])),
    },
    horizon: zeros,
    zenith: zeros,
  });
  return req;
}

function room(req: ReturnType<typeof request>) {
  return { parameters: req.parameters, geometry: req.geometry, mesh: null, modelType: 'df_default' as const };
}

/** The room's mean DF (%) by the engine at draft, with one window in the notch's west wall, 1.2 m wide. */
function notchWindowMean(gap: number, thickness: number): number {
  const x = 3 - gap / 2;
  const req = request(notchedOutline(gap), [{ x1: x, y1: 3, z1: 0.9, x2: x + thickness, y2: 4.2, z2: 2.4 }]);
  return roomMean(simulateRoom(room(req), { quality: 'draft', seed: 7 }));
}

describe('a window opening into a notch', () => {
  it('is named when the walls close the notch, not when it stays open or in the room’s other walls', () => {
    const win = (gap: number) => {
      const x = 3 - gap / 2;
      return [
        { x1: x, y1: 3, z1: 0.9, x2: x + 0.35, y2: 4.2, z2: 2.4 },
        { x1: 1, y1: 0, z1: 0.9, x2: 2, y2: -0.35, z2: 2.4 },
      ];
    };
    const ids = (gap: number) =>
      windowsIntoClosedGaps(buildRoomModel(room(request(notchedOutline(gap), win(gap))))).map((w) => w.id);
    expect(ids(0.6)).toEqual(['w0']);
    expect(ids(0.69)).toEqual(['w0']);
    expect(ids(0.71)).toEqual([]);
    expect(ids(1.2)).toEqual([]);
  });

  it('gets no light where the walls close the notch (0.6 m between 0.35 m walls)', () => {
    expect(Math.abs(notchWindowMean(0.6, 0.35))).toBeLessThan(1e-4);
  });

  it('is lit where the notch stays open between its walls (1.2 m between 0.35 m walls)', () => {
    expect(notchWindowMean(1.2, 0.35)).toBeGreaterThan(0.02);
  });
});
