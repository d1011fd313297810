import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRunRequest } from '../../../src/core/validation/requests';
import { paneReflectance, paneTransmittance } from './glass';
import { cosineDirection, PathTracer, sfc32, skyRadiance } from './pathTracer';
import { RayCaster } from './rayCaster';
import { buildScene, GLASS, type OracleRoom } from './scene';

const ROOT = resolve(import.meta.dirname, '../../..');

/** Every module a file imports, transitively (relative imports followed, packages listed as they are). */
function importsOf(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const src = readFileSync(file, 'utf8');
  for (const m of src.matchAll(/(?:import|export)[^'"]*?from\s+'([^']+)'/g)) {
    const spec = m[1]!;
    if (spec.startsWith('.')) importsOf(join(dirname(file), spec) + '.ts', seen);
    else seen.add(spec);
  }
  return seen;
}

function room(window: Record<string, number>, floor = 0.5, thick = 0.3): OracleRoom {
  const req = parseRunRequest({
    model_type: 'df_default',
    parameters: {
      height_roof_over_floor: 2.7,
      floor_height_above_terrain: floor,
      room_polygon: [
        [0, 0],
        [4, 0],
        [4, 5],
        [0, 5],
      ],
      windows: {
        w: {
          x1: 1,
          y1: 0,
          z1: floor + 0.9,
          x2: 3,
          y2: -thick,
          z2: floor + 2.4,
          window_frame_ratio: 0.2,
          ...window,
        },
      },
    },
    horizon: new Array(64).fill(0),
    zenith: new Array(64).fill(0),
  });
  return { parameters: req.parameters, modelType: req.modelType, mesh: null };
}

describe('the independent oracle (path tracer)', () => {
  it('imports nothing from the engine', () => {
    for (const f of ['pathTracer.ts', 'scene.ts', 'glass.ts', 'rayCaster.ts', 'plan.ts']) {
      const deps = [...importsOf(join(import.meta.dirname, f))];
      const engine = deps.filter((d) => d.includes(join('src', 'core', 'engine')));
      expect(engine, f).toEqual([]);
      // From src only the API's types and defaults (src/core/types.ts and the types it names).
      const src = deps.filter((d) => d.startsWith(join(ROOT, 'src')));
      for (const d of src) expect(/src\/core\/(types|units|geometry\/\w+)\.ts$/.test(d), d).toBe(true);
      expect(deps.filter((d) => !d.startsWith('/')).sort(), f).toEqual(
        f === 'rayCaster.ts' || f === 'pathTracer.ts' ? ['three', 'three-mesh-bvh'] : [],
      );
    }
  });

  it("has Radiance's glass: T = 0.70 at normal incidence, falling off with the Fresnel curve", () => {
    expect(paneTransmittance(1)).toBeCloseTo(0.7, 3);
    // One face reflects ((n − 1)/(n + 1))² = 0.0426; the pane, with its internal reflections, 0.0653.
    expect(paneReflectance(1)).toBeCloseTo(0.0653, 4);
    let prev = 1;
    for (let c = 1; c > 0.01; c -= 0.05) {
      const t = paneTransmittance(c),
        r = paneReflectance(c);
      expect(t).toBeLessThanOrEqual(prev + 1e-12);
      expect(t + r).toBeLessThan(1);
      prev = t;
    }
    expect(paneReflectance(1e-6)).toBeGreaterThan(0.99);
  });

  it('has a CIE overcast sky normalised to E_h = 1, zenith 3× the horizon', () => {
    let e = 0;
    const steps = 20000;
    for (let i = 0; i < steps; i++) {
      const g = ((i + 0.5) / steps) * (Math.PI / 2);
      e += skyRadiance(Math.sin(g)) * Math.sin(g) * Math.cos(g) * 2 * Math.PI * (Math.PI / 2 / steps);
    }
    expect(e).toBeCloseTo(1, 7);
    expect(skyRadiance(1) / skyRadiance(1e-12)).toBeCloseTo(3, 9);
  });

  it('samples cosine-distributed unit directions (E[cos θ] = 2/3)', () => {
    const r = sfc32(5);
    const out = new Float64Array(3);
    const n = [0.36, -0.48, 0.8];
    let c = 0;
    const m = 100;
    for (let a = 0; a < m; a++)
      for (let b = 0; b < m; b++) {
        cosineDirection(n[0]!, n[1]!, n[2]!, (a + r()) / m, (b + r()) / m, out);
        expect(Math.hypot(out[0]!, out[1]!, out[2]!)).toBeCloseTo(1, 12);
        const cos = out[0]! * n[0]! + out[1]! * n[1]! + out[2]! * n[2]!;
        expect(cos).toBeGreaterThanOrEqual(0);
        c += cos;
      }
    expect(Math.abs(c / (m * m) - 2 / 3)).toBeLessThan(1e-3);
  });

  it('casts rays like brute force and like MeshBVH.raycastFirst (random soup, seed 11)', () => {
    const r = sfc32(11);
    const nt = 300;
    const pos = new Float64Array(nt * 9);
    for (let i = 0; i < nt; i++) {
      const cx = 10 * r(),
        cy = 10 * r(),
        cz = 10 * r();
      for (let k = 0; k < 3; k++) {
        pos[9 * i + 3 * k] = cx + 2 * r() - 1;
        pos[9 * i + 3 * k + 1] = cy + 2 * r() - 1;
        pos[9 * i + 3 * k + 2] = cz + 2 * r() - 1;
      }
    }
    const caster = new RayCaster(pos);
    for (let k = 0; k < 2000; k++) {
      const o = [12 * r() - 1, 12 * r() - 1, 12 * r() - 1];
      const d = [r() - 0.5, r() - 0.5, r() - 0.5];
      const l = Math.hypot(d[0]!, d[1]!, d[2]!);
      const [dx, dy, dz] = [d[0]! / l, d[1]! / l, d[2]! / l];
      const hit = caster.cast(o[0]!, o[1]!, o[2]!, dx, dy, dz);
      const [three, tThree] = caster.castThree(o[0]!, o[1]!, o[2]!, dx, dy, dz);
      // Brute force: every triangle, closest positive hit (solving o + t d = a + u e1 + v e2 directly).
      let best = Infinity,
        bestTri = -1;
      for (let i = 0; i < nt; i++) {
        const t = rayTriangle(pos, i, o, [dx, dy, dz]);
        if (t > 0 && t < best) {
          best = t;
          bestTri = i;
        }
      }
      expect(hit).toBe(bestTri);
      expect(three).toBe(bestTri);
      if (hit >= 0) {
        expect(caster.t).toBeCloseTo(best, 9);
        expect(tThree).toBeCloseTo(best, 9);
      }
    }
  });

  it('builds the scene of physics.md: glazed area (1 − ratio)·w·h in the wall mid-plane, a closed room', () => {
    for (const [ratio, thick] of [
      [0.2, 0.3],
      [0.5, 0],
    ] as const) {
      const sc = buildScene(room({ window_frame_ratio: ratio }, 0.5, thick));
      expect(sc.thickness).toBeCloseTo(thick, 12);
      let glass = 0;
      for (let i = 0; i < sc.front.length; i++) {
        if (sc.front[i] !== GLASS) continue;
        const p = sc.positions.subarray(9 * i, 9 * i + 9);
        expect(p[1]).toBeCloseTo(-thick / 2, 12);
        expect(p[4]).toBeCloseTo(-thick / 2, 12);
        expect(p[7]).toBeCloseTo(-thick / 2, 12);
        const ux = p[3]! - p[0]!,
          uz = p[5]! - p[2]!,
          vx = p[6]! - p[0]!,
          vz = p[8]! - p[2]!;
        glass += Math.abs(ux * vz - uz * vx) / 2;
      }
      expect(glass).toBeCloseTo((1 - ratio) * 2 * 1.5, 9);
      // From inside the room every ray meets a surface (walls, floor, ceiling, reveals, frame or glass).
      const caster = new RayCaster(sc.positions);
      const r = sfc32(3);
      const d = new Float64Array(3);
      for (let k = 0; k < 3000; k++) {
        cosineDirection(r() - 0.5, r() - 0.5, r() - 0.5 || 1e-3, r(), r(), d);
        const l = Math.hypot(d[0]!, d[1]!, d[2]!);
        expect(
          caster.cast(0.2 + 3.6 * r(), 0.2 + 4.6 * r(), 0.6 + 2.4 * r(), d[0]! / l, d[1]! / l, d[2]! / l),
        ).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('sees DF 100 on an open roof', () => {
    const pt = new PathTracer(room({}, 0.5));
    expect(pt.daylightFactor(2, 2.5, 0.5 + 2.7 + 0.3 + 1e-3, 40000, 3)).toBeCloseTo(100, 0);
  });

  it('sees the terrain where the floor lies on it (z = 0), unless told to see the floor', () => {
    // The first triangles are the floor's (default reflectances: floor 0.3, terrain 0.2).
    expect(buildScene(room({}, 0)).front[0]).toBeCloseTo(0.2, 6);
    expect(buildScene(room({}, 0), { floorOnTerrain: 'floor' }).front[0]).toBeCloseTo(0.3, 6);
    expect(buildScene(room({}, 0.5)).front[0]).toBeCloseTo(0.3, 6);
  });
});

/** Ray–triangle by Cramer's rule on o + t d = a + u (b − a) + v (c − a). */
function rayTriangle(pos: Float64Array, i: number, o: number[], d: number[]): number {
  const a = [pos[9 * i]!, pos[9 * i + 1]!, pos[9 * i + 2]!];
  const e1 = [0, 1, 2].map((k) => pos[9 * i + 3 + k]! - a[k]!);
  const e2 = [0, 1, 2].map((k) => pos[9 * i + 6 + k]! - a[k]!);
  const rhs = [0, 1, 2].map((k) => o[k]! - a[k]!);
  // Columns: e1, e2, −d.
  const det3 = (c0: number[], c1: number[], c2: number[]): number =>
    c0[0]! * (c1[1]! * c2[2]! - c1[2]! * c2[1]!) -
    c1[0]! * (c0[1]! * c2[2]! - c0[2]! * c2[1]!) +
    c2[0]! * (c0[1]! * c1[2]! - c0[2]! * c1[1]!);
  const nd = d.map((x) => -x);
  const D = det3(e1, e2, nd);
  if (Math.abs(D) < 1e-15) return -1;
  const u = det3(rhs, e2, nd) / D,
    v = det3(e1, rhs, nd) / D,
    t = det3(e1, e2, rhs) / D;
  return u >= 0 && v >= 0 && u + v <= 1 ? t : -1;
}
