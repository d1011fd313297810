import { describe, expect, it } from 'vitest';
import { Coupling } from '../../src/core/engine/coupling';
import type { RoomModel } from '../../src/core/engine/model';
import { buildPatches, FLOOR, GLASS, REVEAL, type Patches } from '../../src/core/engine/patches';
import { buildRoomModel } from '../../src/core/engine/model';
import { canyonRoom } from './scenes';
import { solveRadiosities, solveRadiosity } from '../../src/core/engine/radiosity';
import { buildSkylights } from '../../src/core/engine/skylight';
import { planVisibility } from '../../src/core/engine/visibility';
import type { SkylightSpec } from '../../src/core/types';

function boxModel(
  polygon: [number, number][],
  rho: { floor: number; wall: number; ceiling: number },
  skylights: SkylightSpec[] = [],
  planes: [number, number, number][] = [],
): RoomModel {
  const n = polygon.length;
  let area2 = 0;
  for (let i = 0; i < n; i++)
    area2 += polygon[i]![0] * polygon[(i + 1) % n]![1] - polygon[(i + 1) % n]![0] * polygon[i]![1];
  const edgeNormals = polygon.map((a, i): [number, number] => {
    const b = polygon[(i + 1) % n]!;
    const l = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const ex = (b[0] - a[0]) / l,
      ey = (b[1] - a[1]) / l;
    return area2 > 0 ? [ey, -ex] : [-ey, ex];
  });
  const convex = polygon.every((a, i) => {
    const b = polygon[(i + 1) % n]!,
      c = polygon[(i + 2) % n]!;
    return ((b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0])) * Math.sign(area2) >= 0;
  });
  return {
    polygon,
    edgeNormals,
    convex,
    floor: 0,
    ceiling: 2.6,
    ceilingPlanes: planes,
    thickness: 0,
    reflectance: { ...rho, facade: 0.3, terrain: 0.2 },
    windows: [],
    skylights: buildSkylights(skylights, 2.6, [], 0.3, 0),
    workPlane: 0.8,
    mesh: null,
    crowns: null,
  };
}

function matrix(model: RoomModel) {
  const p = buildPatches(model, 0.3);
  const c = new Coupling(p, model, planVisibility(model));
  const F = new Float32Array(p.count * p.count);
  c.fillRows(F, 0, p.count);
  return { p, F };
}

/**
 * How far the form factors are from closing the room: each receiver's row summed (worst off 1 among room
 * patches and among those inside an opening, and the mean), and reciprocity A_i F_ij = A_j F_ji in total.
 */
function closure(p: ReturnType<typeof buildPatches>, F: Float32Array) {
  const N = p.count;
  let worst = 0,
    worstInWell = 0,
    mean = 0,
    asym = 0,
    tot = 0;
  for (let i = 0; i < N; i++) {
    let sum = 0;
    for (let j = 0; j < N; j++) {
      sum += F[i * N + j]!;
      asym += Math.abs(p.area[i]! * F[i * N + j]! - p.area[j]! * F[j * N + i]!);
      tot += p.area[i]! * F[i * N + j]!;
    }
    if (p.tunnel[i]! < 0) worst = Math.max(worst, Math.abs(sum - 1));
    else worstInWell = Math.max(worstInWell, Math.abs(sum - 1));
    mean += sum / N;
  }
  return { worst, worstInWell, mean, asymmetry: asym / tot };
}

describe('interreflection solution', () => {
  for (const [name, poly] of [
    [
      'a box',
      [
        [0, 0],
        [4, 0],
        [4, 3],
        [0, 3],
      ],
    ],
    [
      'an L-shaped room',
      [
        [0, 0],
        [6, 0],
        [6, 3],
        [3, 3],
        [3, 6],
        [0, 6],
      ],
    ],
  ] as const) {
    // The same rooms with skylights: two wells, one square and frameless, one a framed quadrilateral not
    // aligned with the ceiling's grid, which the room closes around.
    for (const skylights of [
      [],
      [
        {
          id: 's1',
          polygon: [
            [0.5, 0.5],
            [1.5, 0.5],
            [1.5, 1.5],
            [0.5, 1.5],
          ],
          window_frame_ratio: 0,
        },
        {
          id: 's2',
          polygon: [
            [2.1, 0.9],
            [2.9, 1.2],
            [2.7, 2.2],
            [1.9, 1.9],
          ],
          window_frame_ratio: 0.2,
        },
      ],
    ] as SkylightSpec[][]) {
      it(`closes ${name}${skylights.length ? ' with two skylights' : ''}: every receiver's form factors sum to 1, and reciprocity holds`, () => {
        const { p, F } = matrix(
          boxModel(
            poly.map((q) => [q[0], q[1]]),
            { floor: 0.5, wall: 0.5, ceiling: 0.5 },
            skylights,
          ),
        );
        if (skylights.length) expect(p.tunnel.some((t) => t === 1)).toBe(true);
        const c = closure(p, F);
        expect(c.mean).toBeCloseTo(1, 2);
        expect(c.worst).toBeLessThan(0.05);
        // A patch in a skylight's well (its glass and frame, beside the well's sides) sums its near
        // neighbours over its sample points and the far room from its centroid: within 8 % (they reflect
        // little: glass 8 %, and a frame's band is thin).
        expect(c.worstInWell).toBeLessThan(0.08);
        // A_i F_ij = A_j F_ji, in total over the matrix.
        expect(c.asymmetry).toBeLessThan(0.03);
      });
    }
  }

  it('closes a room under a gable ceiling: every receiver sums to 1, reciprocity holds', () => {
    // Slopes from 1.4 m at the long walls to the 2.6 m top along y = 1.5.
    const { p, F } = matrix(
      boxModel(
        [
          [0, 0],
          [4, 0],
          [4, 3],
          [0, 3],
        ],
        { floor: 0.5, wall: 0.5, ceiling: 0.5 },
        [],
        [
          [0, 0.8, 1.4],
          [0, -0.8, 3.8],
        ],
      ),
    );
    const c = closure(p, F);
    expect(c.worst).toBeLessThan(0.05);
    expect(c.asymmetry).toBeLessThan(0.03);
  });

  it('reproduces the geometric series of a uniform enclosure, bounce by bounce', () => {
    const { p, F } = matrix(
      boxModel(
        [
          [0, 0],
          [4, 0],
          [4, 3],
          [0, 3],
        ],
        { floor: 0.6, wall: 0.6, ceiling: 0.6 },
      ),
    );
    const W = [new Float64Array(p.count).fill(1)];
    for (const m of [1, 3, 6, Infinity]) {
      const B = solveRadiosity(p, F, W, m);
      const expected = Number.isFinite(m) ? (0.6 * (1 - 0.6 ** m)) / (1 - 0.6) : 0.6 / (1 - 0.6);
      let mean = 0;
      for (let i = 0; i < p.count; i++) mean += B[i]! * p.area[i]!;
      mean /= p.area.reduce((a, b) => a + b, 0);
      // Within 1 %: the centroid-based form factors are not exactly reciprocal.
      expect(Math.abs(mean / expected - 1)).toBeLessThan(0.01);
    }
  });

  it('conserves energy: what the surfaces absorb equals what entered', () => {
    const model = boxModel(
      [
        [0, 0],
        [5, 0],
        [5, 4],
        [0, 4],
      ],
      { floor: 0.3, wall: 0.7, ceiling: 0.8 },
    );
    const { p, F } = matrix(model);
    const N = p.count;
    // Light enters on the floor near one wall only.
    const W0 = new Float64Array(N);
    for (let i = 0; i < N; i++) if (p.nz[i]! > 0.5 && p.cy[i]! < 1) W0[i] = 1;
    const B = solveRadiosity(p, F, [W0], Infinity);
    let input = 0,
      absorbed = 0;
    for (let i = 0; i < N; i++) {
      let H = W0[i]!;
      for (let j = 0; j < N; j++) H += F[i * N + j]! * B[j]!;
      input += p.area[i]! * W0[i]!;
      absorbed += p.area[i]! * H * (1 - p.rho[i]!);
    }
    expect(absorbed / input).toBeCloseTo(1, 2);
  });

  it('solves several sources together to the bit of each alone, panes and early stops included', () => {
    const model = boxModel(
      [
        [0, 0],
        [5, 0],
        [5, 4],
        [2, 4],
        [2, 6],
        [0, 6],
      ],
      { floor: 0.2, wall: 0.5, ceiling: 0.8 },
    );
    const { p, F } = matrix(model);
    const N = p.count;
    // Two patches on the far wall stand in for panes (which reflect what the room sends them in the same
    // order, and never each other).
    const kind = p.kind.slice();
    let panes = 0;
    for (let i = 0; i < N && panes < 2; i++)
      if (p.cx[i]! > 4.99) {
        kind[i] = GLASS;
        panes++;
      }
    const q: Patches = { ...p, kind };
    expect(panes).toBe(2);
    // Sources of different strengths, so that they stop at different orders; one with light at order 0
    // only, some with orders 0–2.
    let x = 7;
    const next = () => (x = (x * 16807) % 2147483647) / 2147483647;
    const vec = (scale: number) => Float64Array.from({ length: N }, () => scale * next());
    const sources = [
      [vec(1)],
      [vec(1e-3), vec(1), vec(0.2)],
      [new Float64Array(N), vec(5)],
      [vec(1e4)],
      [vec(0.5)],
      [vec(2), vec(0.1)],
      [vec(30)],
    ];
    for (const m of [0, 1, 4, Infinity]) {
      const alone = sources.map((W) => plainSolve(q, F, W, m));
      sources.forEach((W, s) => expect(solveRadiosity(q, F, W, m)).toEqual(alone[s]));
      // Three together (a group with a spare slot), six (four together, two alone), seven (four and three).
      for (const n of [3, 6, 7])
        expect(solveRadiosities(q, F, sources.slice(0, n), m)).toEqual(alone.slice(0, n));
    }
  });

  it('cuts the floor beside a window finer and still closes the room (nearWindow patches)', () => {
    // The canyon scene's 4 × 5 m room, its 2 m window in the wall at y = 0: the floor within 1 m of the
    // opening in 0.45 m pieces (0.56 m cells), the rest at the coarse size; the floor's area is the same.
    const model = buildRoomModel(canyonRoom());
    const floorOf = (p: Patches) => [...Array(p.count).keys()].filter((i) => p.kind[i] === FLOOR);
    const coarse = buildPatches(model, 0.8);
    const fine = buildPatches(model, 0.8, { patchSize: 0.45, reach: 1 });
    const area = (p: Patches, ids: number[]) => ids.reduce((a, i) => a + p.area[i]!, 0);
    expect(area(coarse, floorOf(coarse))).toBeCloseTo(20, 6);
    expect(area(fine, floorOf(fine))).toBeCloseTo(20, 6);
    const w = model.windows[0]!;
    const nearest = (p: Patches, i: number) =>
      Math.hypot(Math.max(w.s0 - (p.cx[i]! - w.ox), 0, p.cx[i]! - w.ox - w.s1), p.cy[i]!);
    for (const i of floorOf(fine)) {
      if (nearest(fine, i) < 1) expect(fine.area[i]!).toBeLessThan(0.6 ** 2);
      if (nearest(fine, i) > 2.5) expect(fine.area[i]!).toBeGreaterThan(0.8);
    }
    // The opening's reveals at 0.5 m (the floor of their size), not 0.8.
    const reveals = (p: Patches) => [...Array(p.count).keys()].filter((i) => p.kind[i] === REVEAL).length;
    expect(reveals(fine)).toBeGreaterThan(reveals(coarse));
    const c = new Coupling(fine, model, planVisibility(model));
    const F = new Float32Array(fine.count * fine.count);
    c.fillRows(F, 0, fine.count);
    const cl = closure(fine, F);
    expect(cl.worst).toBeLessThan(0.05);
    expect(cl.asymmetry).toBeLessThan(0.03);
  });
});

/** The order-by-order sum written plainly, one source at a time: what solveRadiosities must match exactly. */
function plainSolve(p: Patches, F: Float32Array, W: Float64Array[], maxReflections: number): Float64Array {
  const N = p.count;
  const glass = (i: number) => p.kind[i] === GLASS;
  let prev = new Float64Array(N);
  for (let i = 0; i < N; i++) if (glass(i)) prev[i] = p.rho[i]! * (W[0]?.[i] ?? 0);
  const total = prev.slice();
  const converge = !Number.isFinite(maxReflections);
  let peak = 0;
  let lastMax = 0;
  for (let m = 1; m <= (converge ? 10000 : maxReflections); m++) {
    const cur = new Float64Array(N);
    for (let i = 0; i < N; i++) {
      if (glass(i)) continue;
      let e = W[m - 1]?.[i] ?? 0;
      for (let j = 0; j < N; j++) e += F[i * N + j]! * prev[j]!;
      cur[i] = p.rho[i]! * e;
    }
    for (let i = 0; i < N; i++) {
      if (!glass(i)) continue;
      let e = W[m]?.[i] ?? 0;
      for (let j = 0; j < N; j++) if (!glass(j)) e += F[i * N + j]! * cur[j]!;
      cur[i] = p.rho[i]! * e;
    }
    const mx = Math.max(...cur);
    for (let i = 0; i < N; i++) total[i] = total[i]! + cur[i]!;
    peak = Math.max(peak, mx);
    prev = cur;
    if (converge && m >= 3 && mx <= 1e-4 * peak) {
      const ratio = lastMax > 0 ? Math.min(0.99, mx / lastMax) : 0;
      for (let i = 0; i < N; i++) total[i] = total[i]! + cur[i]! * (ratio / (1 - ratio));
      break;
    }
    lastMax = mx;
  }
  return total;
}
