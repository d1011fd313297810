import { EPS, newHit, type Exterior } from './exterior';
import { hash32, rng } from './random';
import type { PlanVisibility } from './visibility';
import type { Receivers } from './receivers';
import { crossing, glassAt, inOpening, innerAt, type SkylightModel } from './skylight';
import { outsideRadiance } from './windowView';

/**
 * Light through a skylight's glass at room receivers, by reflection order outside (0: the sky, 1 and 2:
 * surfaces outside lit by it): E = Σ over glass samples of L(ω) τ(θ) cos θ_r cos θ_g dA / d², ω from the
 * receiver through the sample. A receiver in the room sees a sample only through the opening's inner face
 * (the well's sides hide the rest; their own light comes from the interreflection) and, in a non-convex
 * room, around its walls; a receiver on the well's sides sees the whole glass in front of it. Receivers
 * inside another opening get none directly.
 *
 * Written here rather than through the windows' view tables (windowView.ts), which are built on a wall's
 * frame: a skylight's glass is level or in a roof's slope, and its light is a plain area integral, sampled as
 * the windows' glass is (denser for a receiver close to it), θ_g from the glass's own normal.
 */
export interface SkylightSampling {
  /** Samples per axis ≈ density × glass size / distance, clamped to [min, max]. */
  density: number;
  min: number;
  max: number;
}

type GlassFan = { tris: [number, number, number, number, number, number, number][]; size: number };
const fans = new WeakMap<SkylightModel, GlassFan>();

/**
 * The glass as a fan of triangles (three corners' x, y and the area each), and √ of its area: once per
 * skylight (every receiver samples it).
 */
export function glassTriangles(s: SkylightModel): GlassFan {
  const kept = fans.get(s);
  if (kept) return kept;
  const G = s.glass;
  const tris: [number, number, number, number, number, number, number][] = [];
  let area = 0;
  for (let k = 1; k + 1 < G.length; k++) {
    const a = G[0]!,
      b = G[k]!,
      c = G[k + 1]!;
    const A = Math.abs((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])) / 2;
    tris.push([a[0], a[1], b[0], b[1], c[0], c[1], A]);
    area += A;
  }
  const fan = { tris, size: Math.sqrt(area) };
  fans.set(s, fan);
  return fan;
}

/** A glass sample seen from a receiver: where it is, the unit direction out through it, and its weight. */
export interface GlassSample {
  x: number;
  y: number;
  z: number;
  ux: number;
  uy: number;
  uz: number;
  /** τ(θ) cos θ_r cos θ_g dA / d²: times the luminance seen through it, the sample's illuminance. */
  g: number;
}

/**
 * Calls `visit` for each glass sample receiver i sees (n × n strata per triangle of the glass, n by its
 * distance; its line of sight through the inner opening and, in a non-convex room, around the walls): the
 * one sampling of the daylight factor (skylightLight) and the daylight coefficients (dc/skylightBasis.ts).
 * A receiver inside another opening, or in the room above the ceiling, sees none.
 */
export function forEachGlassSample(
  s: SkylightModel,
  plan: PlanVisibility | null,
  rec: Receivers,
  i: number,
  sampling: SkylightSampling,
  random: () => number,
  visit: (sample: GlassSample) => void,
): void {
  const t = rec.tunnel[i]!;
  if (t >= 0 && t !== s.index) return;
  const own = t === s.index;
  const rx = rec.x[i]!,
    ry = rec.y[i]!,
    rz = rec.z[i]!,
    nx = rec.nx[i]!,
    ny = rec.ny[i]!,
    nz = rec.nz[i]!;
  if (!own && rz >= innerAt(s, rx, ry)) return;
  const [gnx, gny, gnz] = s.normal;
  const { tris, size } = glassTriangles(s);
  const dist = Math.max(0.05, Math.hypot(rx - s.cx, ry - s.cy, rz - glassAt(s, s.cx, s.cy)));
  const n = Math.max(
    sampling.min,
    Math.min(sampling.max, Math.ceil((sampling.density * size * Math.sqrt(s.areaScale)) / dist)),
  );
  const sample: GlassSample = { x: 0, y: 0, z: 0, ux: 0, uy: 0, uz: 0, g: 0 };
  for (const [ax, ay, bx, by, cx, cy, A] of tris) {
    // The strata's area in the glass's own plane (a roof window's is larger than its plan).
    const dA = (A * s.areaScale) / (n * n);
    // n × n strata of the unit square folded onto the triangle.
    for (let p = 0; p < n; p++)
      for (let q = 0; q < n; q++) {
        let u = (p + random()) / n,
          v = (q + random()) / n;
        if (u + v > 1) {
          u = 1 - u;
          v = 1 - v;
        }
        const gx = ax + u * (bx - ax) + v * (cx - ax),
          gy = ay + u * (by - ay) + v * (cy - ay),
          gz = glassAt(s, gx, gy);
        const dx = gx - rx,
          dy = gy - ry,
          dz = gz - rz;
        const d2 = dx * dx + dy * dy + dz * dz;
        const d = Math.sqrt(d2);
        const cr = (dx * nx + dy * ny + dz * nz) / d;
        const cg = (dx * gnx + dy * gny + dz * gnz) / d;
        if (cr <= 0 || cg <= 0) continue;
        if (!own) {
          // Where the line of sight crosses the ceiling: inside the opening, and seen around the walls.
          const f = crossing(s, 0, rx, ry, rz, dx, dy, dz);
          const px = rx + f * dx,
            py = ry + f * dy;
          if (!inOpening(s, px, py)) continue;
          if (plan !== null && !plan.visible(rx, ry, px, py)) continue;
        }
        sample.x = gx;
        sample.y = gy;
        sample.z = gz;
        sample.ux = dx / d;
        sample.uy = dy / d;
        sample.uz = dz / d;
        sample.g = (s.glazing.transmittanceAt(cg) * cr * cg * dA) / d2;
        visit(sample);
      }
  }
}

export function skylightLight(
  s: SkylightModel,
  ext: Exterior,
  plan: PlanVisibility | null,
  rec: Receivers,
  start: number,
  end: number,
  sampling: SkylightSampling,
  seed: number,
  out: Float64Array[],
): void {
  const hit = newHit();
  const L = new Float64Array(3);
  const split = out.length > 4;
  for (let i = start; i < end; i++) {
    let e0 = 0,
      e1 = 0,
      e2 = 0,
      e1up = 0,
      e2up = 0;
    // A stream per receiver, as the windows' (the daylight coefficients draw the same samples).
    forEachGlassSample(s, plan, rec, i, sampling, rng(hash32(seed, i)), (q) => {
      outsideRadiance(ext, null, q.x, q.y, q.z + EPS, q.ux, q.uy, q.uz, hit, L);
      e0 += L[0]! * q.g;
      e1 += L[1]! * q.g;
      e2 += L[2]! * q.g;
      // With terms: what came down from above the horizon (a high receiver sees a sloped pane's low end
      // along a ray going down, to the ground).
      if (q.uz > 0) {
        e1up += L[1]! * q.g;
        e2up += L[2]! * q.g;
      }
    });
    out[0]![i] = e0;
    out[1]![i] = e1;
    out[2]![i] = e2;
    if (split) {
      out[3]![i] = e1up;
      out[4]![i] = e2up;
    }
  }
}
