import { describe, expect, it } from 'vitest';
import { clipToOpening, pyramidSide } from '../../src/core/engine/coupling';
import { windowOpening } from '../../src/core/engine/opening';
import { pointToPatch, pointToPolygon } from '../../src/core/engine/formFactor';
import { DEFAULT_GLAZING } from '../../src/core/engine/glazing';
import type { WindowModel } from '../../src/core/engine/model';

const rect = (pts: number[][]): Float64Array => Float64Array.from(pts.flat());

/** Brute force: ∫ cos θ_r cos θ_e / (π r²) dA over a planar quad, midpoint rule, receiver-side clipping by cos > 0. */
function quadrature(p: number[], n: number[], o: number[], u: number[], v: number[], steps = 600): number {
  const m = [u[1]! * v[2]! - u[2]! * v[1]!, u[2]! * v[0]! - u[0]! * v[2]!, u[0]! * v[1]! - u[1]! * v[0]!];
  const area = Math.hypot(m[0]!, m[1]!, m[2]!);
  const mn = m.map((x) => x / area);
  let s = 0;
  for (let i = 0; i < steps; i++) {
    for (let j = 0; j < steps; j++) {
      const a = (i + 0.5) / steps,
        b = (j + 0.5) / steps;
      const d = [0, 1, 2].map((k) => o[k]! + a * u[k]! + b * v[k]! - p[k]!);
      const r2 = d[0]! ** 2 + d[1]! ** 2 + d[2]! ** 2;
      const r = Math.sqrt(r2);
      const cr = (d[0]! * n[0]! + d[1]! * n[1]! + d[2]! * n[2]!) / r;
      const ce = Math.abs(d[0]! * mn[0]! + d[1]! * mn[1]! + d[2]! * mn[2]!) / r;
      if (cr > 0) s += (cr * ce) / (Math.PI * r2);
    }
  }
  return (s * area) / (steps * steps);
}

describe('point-to-polygon form factor', () => {
  it('matches the closed form for a parallel rectangle above a corner', () => {
    // Receiver at the origin facing +z; rectangle [0, a] × [0, b] at height c.
    for (const [a, b, c] of [
      [1, 1, 1],
      [2, 0.5, 0.7],
      [0.3, 4, 2],
    ] as const) {
      const X = a / c,
        Y = b / c;
      const exact =
        (1 / (2 * Math.PI)) *
        ((X / Math.sqrt(1 + X * X)) * Math.atan(Y / Math.sqrt(1 + X * X)) +
          (Y / Math.sqrt(1 + Y * Y)) * Math.atan(X / Math.sqrt(1 + Y * Y)));
      const f = pointToPolygon(
        0,
        0,
        0,
        0,
        0,
        1,
        rect([
          [0, 0, c],
          [a, 0, c],
          [a, b, c],
          [0, b, c],
        ]),
      );
      expect(f).toBeCloseTo(exact, 12);
    }
  });

  it('matches quadrature for a perpendicular rectangle and for one that straddles the receiver plane', () => {
    // Wall x = 1 facing -x, receiver on the floor at the origin.
    const wall = rect([
      [1, -1, 0],
      [1, 1, 0],
      [1, 1, 2],
      [1, -1, 2],
    ]);
    expect(pointToPolygon(0, 0, 0, 0, 0, 1, wall)).toBeCloseTo(
      quadrature([0, 0, 0], [0, 0, 1], [1, -1, 0], [0, 2, 0], [0, 0, 2]),
      4,
    );
    // Same wall from a receiver at height 1 facing +z: only its upper half is visible.
    const f = pointToPolygon(
      0,
      0,
      1,
      0,
      0,
      1,
      rect([
        [1, -1, 0],
        [1, 1, 0],
        [1, 1, 2],
        [1, -1, 2],
      ]),
    );
    expect(f).toBeCloseTo(quadrature([0, 0, 1], [0, 0, 1], [1, -1, 0], [0, 2, 0], [0, 0, 2]), 4);
  });

  it('sums to 1 over the faces of a closed box, from any interior point and orientation', () => {
    const faces = [
      [
        [0, 0, 0],
        [0, 3, 0],
        [4, 3, 0],
        [4, 0, 0],
      ],
      [
        [0, 0, 2],
        [4, 0, 2],
        [4, 3, 2],
        [0, 3, 2],
      ],
      [
        [0, 0, 0],
        [4, 0, 0],
        [4, 0, 2],
        [0, 0, 2],
      ],
      [
        [0, 3, 0],
        [0, 3, 2],
        [4, 3, 2],
        [4, 3, 0],
      ],
      [
        [0, 0, 0],
        [0, 0, 2],
        [0, 3, 2],
        [0, 3, 0],
      ],
      [
        [4, 0, 0],
        [4, 3, 0],
        [4, 3, 2],
        [4, 0, 2],
      ],
    ].map(rect);
    for (const [p, n] of [
      [
        [1, 1, 1],
        [0, 0, 1],
      ],
      [
        [3.9, 0.2, 0.1],
        [0.6, 0, 0.8],
      ],
      [
        [2, 1.5, 0],
        [0, 0, 1],
      ],
    ] as const) {
      const sum = faces.reduce((s, f) => s + pointToPolygon(p[0], p[1], p[2], n[0], n[1], n[2], f), 0);
      expect(sum).toBeCloseTo(1, 10);
    }
  });

  it('gives the tabulated 0.2000 between unit squares meeting at a right angle (area average)', () => {
    // Hottel: two unit squares sharing an edge, F12 = 0.20004.
    const emitter = rect([
      [0, 0, 0],
      [1, 0, 0],
      [1, 0, 1],
      [0, 0, 1],
    ]);
    const steps = 200;
    let s = 0;
    for (let i = 0; i < steps; i++)
      for (let j = 0; j < steps; j++)
        s += pointToPolygon((i + 0.5) / steps, (j + 0.5) / steps, 0, 0, 0, 1, emitter);
    expect(s / (steps * steps)).toBeCloseTo(0.20004, 3);
  });

  it('uses the point approximation only far away, where it agrees with the exact value', () => {
    const v = rect([
      [-0.15, -0.15, 3],
      [0.15, -0.15, 3],
      [0.15, 0.15, 3],
      [-0.15, 0.15, 3],
    ]);
    const exact = pointToPolygon(0, 0, 0, 0, 0, 1, v);
    const viaPatch = pointToPatch(0, 0, 0, 0, 0, 1, 0, 0, 3, 0, 0, -1, 0.09, Math.hypot(0.15, 0.15), v);
    expect(Math.abs(viaPatch / exact - 1)).toBeLessThan(0.005);
  });
});

describe('visibility through a window opening', () => {
  // Opening in the wall y = 0 (room at y < 0... here d = y, outward +y), s = x ∈ [1, 3], z ∈ [1, 2].
  const w: WindowModel = {
    id: 'w',
    index: 0,
    edge: 0,
    ox: 0,
    oy: 0,
    ux: 1,
    uy: 0,
    nx: 0,
    ny: 1,
    s0: 1,
    s1: 3,
    z0: 1,
    z1: 2,
    frame: 0,
    glazing: DEFAULT_GLAZING,
    direction: 90,
    horizon: null,
    zenith: null,
  };
  it('keeps exactly the part of a reveal seen through the opening', () => {
    // The left jamb x = 1, depth y ∈ [0, 0.3], z ∈ [1, 2], seen from a room point to the right and below.
    const jamb = rect([
      [1, 0, 1],
      [1, 0.3, 1],
      [1, 0.3, 2],
      [1, 0, 2],
    ]);
    const p = [2.5, -1, 0.5];
    const out = new Float64Array(3 * 16);
    const n = clipToOpening(windowOpening(w), p[0]!, p[1]!, p[2]!, jamb, 4, out);
    const clipped = pointToPolygon(
      p[0]!,
      p[1]!,
      p[2]!,
      -1 / Math.SQRT2,
      1 / Math.SQRT2,
      0,
      out.subarray(0, 3 * n),
    );
    // Brute force: sample the jamb, keep the points whose sight line crosses y = 0 inside the opening.
    const steps = 400;
    let s = 0;
    for (let i = 0; i < steps; i++) {
      for (let j = 0; j < steps; j++) {
        const q = [1, (0.3 * (i + 0.5)) / steps, 1 + (j + 0.5) / steps];
        const t = -p[1]! / (q[1]! - p[1]!);
        const cx = p[0]! + t * (q[0]! - p[0]!),
          cz = p[2]! + t * (q[2]! - p[2]!);
        if (cx < 1 || cx > 3 || cz < 1 || cz > 2) continue;
        const d = [q[0]! - p[0]!, q[1]! - p[1]!, q[2]! - p[2]!];
        const r2 = d[0]! ** 2 + d[1]! ** 2 + d[2]! ** 2;
        const cr = (-d[0]! + d[1]!) / Math.SQRT2 / Math.sqrt(r2);
        const ce = -d[0]! / Math.sqrt(r2);
        if (cr > 0 && ce > 0) s += (cr * ce) / (Math.PI * r2);
      }
    }
    expect(clipped).toBeCloseTo((s * 0.3) / (steps * steps), 4);
    expect(n).toBeGreaterThanOrEqual(3);
  });

  it('classifies a polygon against the pyramid exactly as clipping would treat it', () => {
    // Seeded random quads in the reveal's neighbourhood, seen from random room points: wholly inside means
    // clipping returns the quad unchanged; wholly outside means clipping leaves nothing.
    let seed = 7;
    const rand = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const out = new Float64Array(3 * 16);
    const counts = { inside: 0, outside: 0, straddle: 0 };
    for (let t = 0; t < 2000; t++) {
      const p = [4 * rand(), -0.2 - 4 * rand(), 2.5 * rand()];
      const cx = 0.5 + 3 * rand(),
        cy = 0.4 * rand(),
        cz = 0.5 + 2 * rand(),
        h = 0.05 + 0.3 * rand();
      const quad = rect([
        [cx - h, cy, cz - h],
        [cx + h, cy, cz - h],
        [cx + h, cy, cz + h],
        [cx - h, cy, cz + h],
      ]);
      const side = pyramidSide(windowOpening(w), p[0]!, p[1]!, p[2]!, quad, 4);
      const n = clipToOpening(windowOpening(w), p[0]!, p[1]!, p[2]!, quad, 4, out);
      if (side === 1) {
        counts.inside++;
        expect(n).toBe(4);
        for (let k = 0; k < 12; k++) expect(out[k]).toBeCloseTo(quad[k]!, 12);
      } else if (side === -1) {
        counts.outside++;
        expect(n).toBe(0);
      } else counts.straddle++;
    }
    expect(Math.min(counts.inside, counts.outside, counts.straddle)).toBeGreaterThan(100);
  });
});
