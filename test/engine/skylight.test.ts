import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EngineRoom } from '../../src/core/engine/model';
import { buildRoomModel, frameWidth } from '../../src/core/engine/model';
import { buildPatches, CEILING, GLASS } from '../../src/core/engine/patches';
import { signedArea2, subtractConvex } from '../../src/core/engine/polygon2d';
import { simulateRoom } from '../../src/core/engine/simulate';
import { buildSkylights, glassAt, innerAt } from '../../src/core/engine/skylight';
import type { Vec2 } from '../../src/core/geometry/vec';
import type { SkylightSpec } from '../../src/core/types';
import { roomOf } from '../../bench/engine';
import { expectNearTracer } from './oracle/againstEngine';
import { boxTriangles, leanTo, OFFICE_BODY, rectOpening, roofWindowAttic, skylitOffice } from './scenes';

/**
 * Skylights (issue 33): light through openings in the roof, checked against the independent path tracer
 * (oracle/, whose scene cuts the ceiling and roof, lines the well and glazes it on its own), and the
 * geometry that closes the room around them.
 */
const square = (x0: number, y0: number, x1: number, y1: number, frame = 0.15): SkylightSpec => ({
  id: 's1',
  polygon: [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ],
  window_frame_ratio: frame,
});

const withSkylights = (room: EngineRoom, skylights: SkylightSpec[], windows = true): EngineRoom => ({
  ...room,
  parameters: { ...room.parameters, skylights, ...(windows ? {} : { windows: [] }) },
  ...(windows ? {} : { geometry: [] }),
});

const office = roomOf(OFFICE_BODY);

/** An L-shaped room on the first floor, its window in one wing, a skylight in the other, a tower east. */
function lRoomBesideTower(): EngineRoom {
  const mesh = boxTriangles(9, 0, 14, 8, 20);
  const room = roomOf({
    model_type: 'df_default',
    parameters: {
      height_roof_over_floor: 2.8,
      floor_height_above_terrain: 3,
      room_polygon: [
        [0, 0],
        [4, 0],
        [4, 3],
        [7, 3],
        [7, 6],
        [0, 6],
      ],
      windows: { w1: { x1: 1, y1: -0.2, z1: 3.9, x2: 3, y2: 0.2, z2: 5.2, window_frame_ratio: 0.2 } },
    },
    mesh,
  });
  return withSkylights(room, [square(5, 4, 6.2, 5, 0.1)]);
}

describe('skylights against the independent path tracer', () => {
  const cases: [string, EngineRoom, [number, number][]][] = [
    [
      'a skylight alone',
      skylitOffice(false),
      [
        [2.6, 2],
        [1, 1],
        [4, 3.2],
        [0.6, 3.4],
        [2.6, 0.6],
        [4.4, 1.2],
      ],
    ],
    [
      'a skylight and a window',
      skylitOffice(),
      [
        [2.6, 2],
        [1, 1],
        [4, 3.2],
        [0.6, 3.4],
        [4.4, 1.2],
      ],
    ],
    [
      'an L-shaped room: the skylight in the wing the window does not light, a tower beside it',
      lRoomBesideTower(),
      [
        [5.6, 4.5],
        [6.5, 3.5],
        [1, 5.5],
        [2, 1],
        [3.5, 4.5],
        [0.5, 3],
      ],
    ],
  ];
  for (const [name, room, pts] of cases)
    it(name, () => expectNearTracer(room, pts, { point: 0.08, mean: 0.04 }), 60_000);

  it('lights the floor below: the skylight’s own share peaks under it and falls away', () => {
    const r = simulateRoom(skylitOffice(), {
      quality: 'draft',
      points: [
        [2.6, 2],
        [0.4, 3.6],
      ],
    });
    expect(r.perWindow.map((w) => w.id)).toEqual(['w1', 's1']);
    const [under, corner] = r.perWindow[1]!.points;
    expect(under!).toBeGreaterThan(3 * corner!);
  });

  it('shades a skylight under a tower’s overhang less than an open one: the surroundings count', () => {
    const open = skylitOffice(false);
    // A slab 1 m over the roof, covering the skylight and 3 m around it.
    const mesh: number[][] = [];
    const z = 4.3;
    mesh.push([-1, -1.5, z], [6, -1.5, z], [6, 5.5, z], [-1, -1.5, z], [6, 5.5, z], [-1, 5.5, z]);
    const covered = skylitOffice(false, mesh);
    const at = (room: EngineRoom): number =>
      simulateRoom(room, { quality: 'draft', points: [[2.6, 2]] }).points[0]!;
    expect(at(covered)).toBeLessThan(0.3 * at(open));
  });
});

describe('skylight geometry', () => {
  it('gives a rectangular opening a window’s frame band: (w − 2b)(h − 2b) = (1 − ratio)·w·h', () => {
    const [s] = buildSkylights([square(0, 0, 1.2, 0.8, 0.25)], 3, [], 0.3, 2);
    expect(s!.frame).toBeCloseTo(frameWidth(1.2, 0.8, 0.25), 6);
    expect(signedArea2(s!.glass)).toBeCloseTo(0.75 * 1.2 * 0.8, 6);
    expect([s!.index, innerAt(s!, 0.5, 0.5), glassAt(s!, 0.5, 0.5)]).toEqual([2, 3, 3.3]);
  });

  it('cuts an opening out of a piece exactly: what is left and the hole add up to the piece', () => {
    const piece: [number, number][] = [
      [0, 0],
      [2, 0],
      [2, 2],
      [0, 2],
    ];
    fc.assert(
      fc.property(
        fc.float({ min: -1, max: 2, noNaN: true }),
        fc.float({ min: -1, max: 2, noNaN: true }),
        fc.float({ min: Math.fround(0.1), max: 2, noNaN: true }),
        fc.float({ min: 0, max: Math.fround(Math.PI), noNaN: true }),
        (x, y, size, turn) => {
          // A rotated square opening, anywhere over the piece.
          const c = Math.cos(turn) * size,
            s = Math.sin(turn) * size;
          const [sk] = buildSkylights(
            [
              {
                id: 'h',
                polygon: [
                  [x, y],
                  [x + c, y + s],
                  [x + c - s, y + s + c],
                  [x - s, y + c],
                ],
              },
            ],
            3,
            [],
            0.3,
            0,
          );
          const left = subtractConvex(piece, sk!.polygon, sk!.edgeNormals);
          const rest = left.reduce((a, p) => a + Math.abs(signedArea2(p)), 0);
          const hole = overlapArea(piece, sk!.polygon);
          expect(rest + hole).toBeCloseTo(4, 6);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('closes the ceiling around the openings: ceiling + openings = the room’s floor', () => {
    const room = withSkylights(office, [
      square(0.5, 0.5, 1.5, 1.5),
      { ...square(2.1, 0.9, 2.9, 2.2), id: 's2' },
    ]);
    const model = buildRoomModel(room);
    const p = buildPatches(model, 0.3);
    let ceiling = 0,
      glass = 0;
    for (let i = 0; i < p.count; i++) {
      if (p.kind[i] === CEILING) ceiling += p.area[i]!;
      if (p.kind[i] === GLASS && p.tunnel[i]! >= model.windows.length) glass += p.area[i]!;
    }
    expect(ceiling).toBeCloseTo(20 - 1 - 0.8 * 1.3, 6);
    // Glass: each opening less its frame band (15 % of its area).
    expect(glass).toBeCloseTo(0.85 * (1 + 0.8 * 1.3), 6);
  });
});

/** Area of an axis-aligned square piece inside a convex polygon: the polygon clipped to the square. */
function overlapArea(piece: [number, number][], poly: readonly Vec2[]): number {
  let q = poly.map((p): [number, number] => [p[0], p[1]]);
  const clip = (keep: (p: [number, number]) => number): void => {
    const out: [number, number][] = [];
    for (let i = 0; i < q.length; i++) {
      const a = q[i]!,
        b = q[(i + 1) % q.length]!;
      const fa = keep(a),
        fb = keep(b);
      if (fa >= 0) out.push(a);
      if (fa >= 0 !== fb >= 0) {
        const t = fa / (fa - fb);
        out.push([a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])]);
      }
    }
    q = out;
  };
  const [x0, y0] = piece[0]!,
    [x1, y1] = piece[2]!;
  clip((p) => p[0] - x0);
  clip((p) => x1 - p[0]);
  clip((p) => p[1] - y0);
  clip((p) => y1 - p[1]);
  return q.length >= 3 ? Math.abs(signedArea2(q)) : 0;
}

/**
 * Roof windows in a sloped ceiling (issue 33: attics as they are built): the opening cut in the slope, its
 * glass in the roof's top face 0.3 m above it, the building's roof following the slopes; against the path
 * tracer, which builds all of it on its own. The scenes were written, and measured once, before either
 * side was looked at: −0.0, +0.7 and −0.4 % on the points' sums, the worst point −4.2 %.
 */
describe('roof windows in a sloped ceiling against the independent path tracer', () => {
  const cases: [string, () => EngineRoom, [number, number][]][] = [
    [
      'an attic, a roof window in its south slope and a gable window',
      () => roofWindowAttic(),
      [
        [2.8, 1.4],
        [1, 1],
        [4.5, 0.6],
        [3, 3.5],
        [0.6, 4.4],
        [5.4, 2.5],
      ],
    ],
    [
      'an attic lit by roof windows alone, one in each slope (thin walls)',
      () => roofWindowAttic(false),
      [
        [1.6, 1.3],
        [4.4, 3.7],
        [3, 2.5],
        [0.5, 4.5],
        [5.5, 0.5],
        [3, 0.4],
      ],
    ],
    [
      'an L-shaped lean-to, a roof window in its wing, a tower east',
      () => {
        const room = leanTo(boxTriangles(10, -2, 14, 7, 14));
        return {
          ...room,
          parameters: { ...room.parameters, skylights: [rectOpening('s1', 4.5, 3, 5.7, 4.2, 0.2)] },
        };
      },
      [
        [5.1, 3.6],
        [4, 1],
        [1.5, 1],
        [3.4, 4.6],
        [6.5, 2.5],
        [0.4, 2.2],
      ],
    ],
  ];
  for (const [name, room, pts] of cases)
    it(name, () => expectNearTracer(room(), pts, { point: 0.08, mean: 0.04 }), 60_000);

  it('lays the glass in the slope: its patches have the pane’s true area and face down the roof’s normal', () => {
    const model = buildRoomModel(roofWindowAttic());
    const [sk] = model.skylights;
    // The south slope rises northward, k = 3.1 / 2.5 per metre: the pane tilts by atan(k), facing south.
    const k = 3.1 / 2.5;
    expect(sk!.normal[1]).toBeCloseTo(-k / Math.hypot(k, 1), 9);
    const p = buildPatches(model, 0.3);
    let glass = 0;
    for (let i = 0; i < p.count; i++)
      if (p.kind[i] === GLASS && p.tunnel[i] === sk!.index) {
        glass += p.area[i]!;
        expect(p.nz[i]!).toBeCloseTo(-1 / Math.hypot(k, 1), 6);
        // Every corner in the roof's top face, 0.3 m above the ceiling's plane.
        expect(p.cz[i]!).toBeCloseTo(6 + 1.2 + k * p.cy[i]! + 0.3, 6);
      }
    const b = frameWidth(1.2, 1.2, 0.15);
    expect(glass).toBeCloseTo((1.2 - 2 * b) * (1.2 - 2 * b) * Math.hypot(k, 1), 6);
  });
});
