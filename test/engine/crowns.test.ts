import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPEN_CONTEXT } from '../../src/core/api/result';
import { simulate } from '../../src/core/api/simulateOps';
import { Exterior, SKY } from '../../src/core/engine/exterior';
import { newHit } from '../../src/core/engine/exteriorHit';
import { rng } from '../../src/core/engine/random';
import { crownTriangles, CROWN_TRIANGLES, throughCrown, GAP_CELL } from '../../src/core/engine/crowns';

/**
 * Tree crowns that let part of the light through (docs/engine.md, "Tree crowns"): a crown drawn as two crossed
 * cards (Revit's RPC trees), 8 m across and 6 m high, standing 6 m in front of a south window.
 */
const quad = (a: number[], b: number[], c: number[], d: number[]) => [a, b, c, a, c, d];
function crossedCards(cx: number, cy: number, z0: number, z1: number, half: number): number[][] {
  return [
    ...quad([cx - half, cy, z0], [cx + half, cy, z0], [cx + half, cy, z1], [cx - half, cy, z1]),
    ...quad([cx, cy - half, z0], [cx, cy + half, z0], [cx, cy + half, z1], [cx, cy - half, z1]),
  ];
}
const tree = crossedCards(2.5, -6, 1.5, 7.5, 4);
/** The same crown as a request gives it: an ellipsoid 8 m across and 6 m high. */
const crown = { centre: [2.5, -6, 4.5], radii: [4, 4, 3] };

const params = {
  height_roof_over_floor: 2.8,
  floor_height_above_terrain: 0,
  room_polygon: [
    [0, 0],
    [5, 0],
    [5, 4],
    [0, 4],
  ],
  windows: { w: { x1: 1, y1: 0, z1: 0.9, x2: 4, y2: -0.3, z2: 2.4, window_frame_ratio: 0.1 } },
};

/** The room under an open sky at draft, with what `extra` adds or replaces. */
const run = (extra: Record<string, unknown>) =>
  simulate(
    {
      model_type: 'df_default',
      parameters: params,
      mesh: [],
      horizon: Array(64).fill(0),
      zenith: Array(64).fill(0),
      quality: 'draft',
      ...extra,
    },
    OPEN_CONTEXT,
  );

function mean(extra: Record<string, unknown>): number {
  const r = run(extra);
  if (r.kind !== 'json') throw new Error('expected JSON');
  const v = r.value as { result: number[][]; mask: boolean[][] };
  const cells = v.result.flat().filter((_, i) => v.mask.flat()[i]);
  return cells.reduce((a, x) => a + x, 0) / cells.length;
}

describe('tree crowns in the engine', () => {
  const open = mean({});
  const at = (transmittance: number) => mean({ crowns: { transmittance, trees: [crown] } });

  it('lets through the share asked: none is a dark crown, all is no tree at all, half is half way', () => {
    const [none, half, all] = [at(0), at(0.5), at(1)];
    // Wholly open: the very answer without the tree (the gaps draw no random number).
    expect(all).toBe(open);
    expect(none).toBeLessThan(0.8 * open);
    // The room's light is linear in the crown's: half open, half way between (within the gaps' sampling).
    const share = (half - none) / (all - none);
    expect(share).toBeGreaterThan(0.42);
    expect(share).toBeLessThan(0.58);
  });

  it('is darker, wholly closed, than the same crown as walls: leaves reflect 10 %, a wall 30 %', () => {
    const solid: number[][] = [];
    const points: number[] = [];
    crownTriangles({ centre: [2.5, -6, 4.5], radii: [4, 4, 3] }, points);
    for (let i = 0; i < points.length; i += 3) solid.push(points.slice(i, i + 3));
    expect(at(0)).toBeLessThan(mean({ mesh: solid, horizon: undefined, zenith: undefined }));
  });

  it('draws a crown whose outline covers the ellipsoid’s area, seen from the side and from above', () => {
    const points: number[] = [];
    crownTriangles({ centre: [0, 0, 0], radii: [2, 3, 1.5] }, points);
    expect(points.length / 9).toBe(CROWN_TRIANGLES);
    // The outline seen from above (the largest ring) and from the east (the y–z section): polygons whose
    // area is the ellipse's, π·a·b, to a percent (inscribed in it they held 2.6 % less).
    // The convex hull of the points seen along an axis (Andrew's monotone chain), and its area.
    const ring = (pick: (p: number[]) => [number, number]): number => {
      const pts: [number, number][] = [];
      for (let i = 0; i < points.length; i += 3) pts.push(pick(points.slice(i, i + 3)));
      pts.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      const cross = (o: number[], a: number[], b: number[]) =>
        (a[0]! - o[0]!) * (b[1]! - o[1]!) - (a[1]! - o[1]!) * (b[0]! - o[0]!);
      const half = (list: [number, number][]) => {
        const h: [number, number][] = [];
        for (const p of list) {
          while (h.length >= 2 && cross(h[h.length - 2]!, h[h.length - 1]!, p) <= 1e-12) h.pop();
          h.push(p);
        }
        return h.slice(0, -1);
      };
      const hull = [...half(pts), ...half([...pts].reverse())];
      let area = 0;
      for (let i = 0; i < hull.length; i++) {
        const [x0, y0] = hull[i]!,
          [x1, y1] = hull[(i + 1) % hull.length]!;
        area += (x0 * y1 - x1 * y0) / 2;
      }
      return area;
    };
    expect(ring((p) => [p[0]!, p[1]!]) / (Math.PI * 2 * 3)).toBeCloseTo(1, 2);
    expect(ring((p) => [p[1]!, p[2]!]) / (Math.PI * 3 * 1.5)).toBeCloseTo(1, 2);
  });

  it('rejects what is not a crown, by the field’s name', () => {
    const bad = (crowns: unknown) => () => run({ crowns });
    expect(bad({ transmittance: 1.2, trees: [crown] })).toThrow(
      "Parameter 'crowns.transmittance' must be between 0 and 1",
    );
    expect(bad({ transmittance: 0.2, trees: [{ centre: [0, 0, 4], radii: [3, 0, 3] }] })).toThrow(
      "Parameter 'crowns.trees[0].radii[1]' must be above 0 m",
    );
    expect(bad({ transmittance: 0.2, trees: [tree] })).toThrow(
      "Parameter 'crowns.trees[0]' must be an object with 'centre' and 'radii'",
    );
    expect(bad({ transmittance: 0.2, trees: [] })).toThrow(
      "Parameter 'crowns.trees' must hold at least one tree",
    );
    expect(bad({ trees: [crown] })).toThrow(/transmittance/);
  });
});

describe('a ray through a crown', () => {
  const exterior = (transmittance: number) =>
    new Exterior(
      {
        context: new Float32Array(0),
        body: new Float32Array(0),
        facade: 0.3,
        windsOut: false,
        crowns: {
          positions: new Float32Array(tree.flat()),
          tree: new Uint16Array(tree.length / 3).fill(1),
          transmittance,
        },
      },
      0.2,
      1,
    );

  it('passes a crossed crown as often as its transmittance, not its square, and the sun’s test agrees', () => {
    // Rays from the window up and out along the cards' diagonal: each crosses both cards.
    for (const tau of [0.2, 0.5]) {
      const x = exterior(tau);
      const r = rng(7);
      const h = newHit();
      let through = 0,
        both = 0;
      const n = 4000;
      for (let i = 0; i < n; i++) {
        // Aimed at a point of the crown's middle, near its axis, from 2 m either side of the window's middle.
        const ox = 0.5 + 4 * r(),
          oy = -0.3,
          oz = 1.5;
        const tx = 2.5 + (r() - 0.5),
          ty = -6 + (r() - 0.5),
          tz = 3 + 3 * r();
        const l = Math.hypot(tx - ox, ty - oy, tz - oz);
        const [dx, dy, dz] = [(tx - ox) / l, (ty - oy) / l, (tz - oz) / l];
        const sky = x.trace(ox, oy, oz, dx, dy, dz, h) === SKY;
        if (sky) through++;
        expect(x.occluded(ox, oy, oz, dx, dy, dz)).toBe(!sky);
        both++;
      }
      // Binomial sampling over the gaps' cells: ±3σ is ±0.02 at 4000 rays.
      expect(through / both).toBeGreaterThan(tau - 0.03);
      expect(through / both).toBeLessThan(tau + 0.03);
    }
  });

  it('opens the share asked of a crown’s 5 cm cells, one answer a cell, another pattern for another tree', () => {
    const row = (tree: number) =>
      Array.from({ length: 20000 }, (_, i) => throughCrown(tree, (i + 0.5) * GAP_CELL, 0.01, 2.02, 0.3));
    const cells = row(3);
    // 20 000 cells: the open share within 0.01 of 0.3 (three sigma is 0.0097).
    expect(Math.abs(cells.filter(Boolean).length / cells.length - 0.3)).toBeLessThan(0.01);
    // Every point of a cell meets the same answer (the sun and the sky see the same gaps).
    for (let i = 0; i < 50; i++) {
      const at = (dx: number, dy: number, dz: number) =>
        throughCrown(3, i * GAP_CELL + dx, dy, 2.0 + dz, 0.3);
      expect(new Set([at(0.001, 0.001, 0.001), at(0.049, 0.02, 0.03), at(0.025, 0.049, 0.049)]).size).toBe(1);
    }
    // Another tree’s gaps are elsewhere: 2·0.3·0.7 = 0.42 of the cells differ, as two independent draws.
    const other = row(4);
    const differ = cells.filter((c, i) => c !== other[i]).length / cells.length;
    expect(differ).toBeGreaterThan(0.38);
    expect(differ).toBeLessThan(0.46);
  });
});

describe('a year through crowns', () => {
  const CHICAGO = readFileSync('test/fixtures/weather/chicago-ohare-tmy3.epw', 'utf8');
  const year = (crowns?: object) => {
    const r = run({ model_type: 'da_default', weather: CHICAGO, ...(crowns ? { crowns } : {}) });
    if (r.kind !== 'json') throw new Error('expected JSON');
    return (r.value as { climate: { da_mean: number; ase: number; sda: number } }).climate;
  };

  it('sees the sun and sky through the gaps: the year darkens as they close', () => {
    const at = (transmittance: number) => year({ transmittance, trees: [crown] });
    // Wholly open is the year without the tree, to the bit (the daylight factor's test above shows why).
    const [all, half, none] = [year(), at(0.5), at(0)];
    expect(none.da_mean).toBeLessThan(half.da_mean);
    expect(half.da_mean).toBeLessThan(all.da_mean);
    // The direct sun on the floor (ASE: 1000 lx for 250 hours) through a crown in front of a south window:
    // 39.7 % of the floor open, 25.9 % half open, 12.2 % closed (DA 89.5, 86.7 and 78.2 %).
    expect(none.ase).toBeLessThan(half.ase);
    expect(half.ase).toBeLessThan(all.ase);
  });
});
