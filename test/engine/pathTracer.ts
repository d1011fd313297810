import { Bvh, type RayHit } from '../../src/core/engine/bvh';
import { basis } from '../../src/core/engine/exterior';
import { glassReflectance, glassTransmittance } from '../../src/core/engine/glazing';
import { CONTEXT_REFLECTANCE, FRAME_REFLECTANCE, type RoomModel } from '../../src/core/engine/model';
import { offsetPolygon, triangulate } from '../../src/core/engine/polygon2d';
import { rng } from '../../src/core/engine/random';
import { skyLuminance } from '../../src/core/engine/sky';

/**
 * An independent brute-force reference for tests: the whole scene of physics.md as one watertight triangle
 * set (room surfaces, reveals inside and out, frame, glass, the building body with its openings cut out,
 * the context) and a plain Monte Carlo path tracer with Radiance's bounce rule: a sensor sees light that has
 * been diffusely reflected at most `ab − 1` times; the glass transmits and mirrors (Radiance's `glass`)
 * without counting a bounce. Slow (seconds per point) and noisy, but it shares nothing with the engine's
 * method: no environment maps, caches, patches or form factors.
 */
const GLASS_MAT = -1;

export class PathTracer {
  private readonly bvh: Bvh;
  private readonly rho: Float32Array;
  private readonly normals: Float32Array;
  private readonly hit: RayHit = { t: Infinity, tri: -1 };
  private readonly terrainRho: number;
  /** 1 for triangles outside the room's envelope (facades, roof, context), 0 inside. */
  private readonly outside: Uint8Array;
  /** Most diffuse reflections allowed on exterior surfaces (to isolate the engine's exterior truncation). */
  maxExterior = Infinity;
  /** Most diffuse reflections allowed inside the room (0: the light through the windows only). */
  maxInterior = Infinity;

  constructor(model: RoomModel) {
    const tris: number[] = [];
    const mats: number[] = [];
    const out: number[] = [];
    let outsideNow = 0;
    const quad = (a: number[], b: number[], c: number[], d: number[], m: number): void => {
      tris.push(...a, ...b, ...c, ...a, ...c, ...d);
      mats.push(m, m);
      out.push(outsideNow, outsideNow);
    };
    const { polygon, floor, ceiling, thickness: T, reflectance: R } = model;
    for (const [i, j, k] of triangulate(polygon)) {
      for (const [z, m] of [
        [floor, R.floor],
        [ceiling, R.ceiling],
      ] as const) {
        tris.push(
          polygon[i]![0],
          polygon[i]![1],
          z,
          polygon[j]![0],
          polygon[j]![1],
          z,
          polygon[k]![0],
          polygon[k]![1],
          z,
        );
        mats.push(m);
        out.push(0);
      }
    }
    const n = polygon.length;
    // With thin walls the facade would coincide with the inner wall; a hair of thickness keeps them apart.
    const ring = offsetPolygon(polygon, model.edgeNormals, Math.max(T, 1e-4));
    const top = ceiling + 0.3;
    for (let e = 0; e < n; e++) {
      const a = polygon[e]!,
        b = polygon[(e + 1) % n]!;
      const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
      const ux = (b[0] - a[0]) / len,
        uy = (b[1] - a[1]) / len;
      const wins = model.windows.filter((w) => w.edge === e);
      // Inner wall face minus openings: vertical strips between openings, and above/below each.
      const P = (s: number, z: number, d = 0): number[] => [
        a[0] + s * ux + d * model.edgeNormals[e]![0],
        a[1] + s * uy + d * model.edgeNormals[e]![1],
        z,
      ];
      const cuts = [0, ...wins.flatMap((w) => [w.s0, w.s1]).sort((x, y) => x - y), len];
      for (let k = 0; k + 1 < cuts.length; k++) {
        const s0 = cuts[k]!,
          s1 = cuts[k + 1]!;
        if (s1 - s0 < 1e-9) continue;
        const w = wins.find((x) => Math.abs(x.s0 - s0) < 1e-9 && Math.abs(x.s1 - s1) < 1e-9);
        if (!w) quad(P(s0, floor), P(s1, floor), P(s1, ceiling), P(s0, ceiling), R.wall);
        else {
          quad(P(s0, floor), P(s1, floor), P(s1, w.z0), P(s0, w.z0), R.wall);
          quad(P(s0, w.z1), P(s1, w.z1), P(s1, ceiling), P(s0, ceiling), R.wall);
        }
      }
      // Body facade: the offset edge from the terrain to the roof, the openings cut out (same s range).
      const oa = ring[e]!,
        ob = ring[(e + 1) % n]!;
      const olen = Math.hypot(ob[0] - oa[0], ob[1] - oa[1]);
      const shift = (oa[0] - a[0]) * ux + (oa[1] - a[1]) * uy; // s of the offset start in the edge's frame
      const Q = (s: number, z: number): number[] => [oa[0] + (s - shift) * ux, oa[1] + (s - shift) * uy, z];
      outsideNow = 1;
      const ocuts = [shift, ...wins.flatMap((w) => [w.s0, w.s1]).sort((x, y) => x - y), shift + olen];
      for (let k = 0; k + 1 < ocuts.length; k++) {
        const s0 = ocuts[k]!,
          s1 = ocuts[k + 1]!;
        if (s1 - s0 < 1e-9) continue;
        const w = wins.find((x) => Math.abs(x.s0 - s0) < 1e-9 && Math.abs(x.s1 - s1) < 1e-9);
        if (!w) quad(Q(s0, 0), Q(s1, 0), Q(s1, top), Q(s0, top), R.facade);
        else {
          quad(Q(s0, 0), Q(s1, 0), Q(s1, w.z0), Q(s0, w.z0), R.facade);
          quad(Q(s0, w.z1), Q(s1, w.z1), Q(s1, top), Q(s0, top), R.facade);
        }
      }
      outsideNow = 0;
      for (const w of wins) {
        const Wp = (s: number, z: number, d: number): number[] => [
          w.ox + s * w.ux + d * w.nx,
          w.oy + s * w.uy + d * w.ny,
          z,
        ];
        // Reveals: the inner half belongs to the room, the outer half (beyond the glass) to the outside.
        for (const [d0, d1, o] of [
          [0, T / 2, 0],
          [T / 2, T, 1],
        ] as const) {
          if (T <= 0) break;
          outsideNow = o;
          quad(Wp(w.s0, w.z0, d0), Wp(w.s1, w.z0, d0), Wp(w.s1, w.z0, d1), Wp(w.s0, w.z0, d1), R.wall);
          quad(Wp(w.s0, w.z1, d0), Wp(w.s1, w.z1, d0), Wp(w.s1, w.z1, d1), Wp(w.s0, w.z1, d1), R.wall);
          quad(Wp(w.s0, w.z0, d0), Wp(w.s0, w.z1, d0), Wp(w.s0, w.z1, d1), Wp(w.s0, w.z0, d1), R.wall);
          quad(Wp(w.s1, w.z0, d0), Wp(w.s1, w.z1, d0), Wp(w.s1, w.z1, d1), Wp(w.s1, w.z0, d1), R.wall);
        }
        outsideNow = 0;
        const d = T / 2,
          f = w.frame;
        quad(
          Wp(w.s0, w.z0, d),
          Wp(w.s1, w.z0, d),
          Wp(w.s1, w.z0 + f, d),
          Wp(w.s0, w.z0 + f, d),
          FRAME_REFLECTANCE,
        );
        quad(
          Wp(w.s0, w.z1 - f, d),
          Wp(w.s1, w.z1 - f, d),
          Wp(w.s1, w.z1, d),
          Wp(w.s0, w.z1, d),
          FRAME_REFLECTANCE,
        );
        quad(
          Wp(w.s0, w.z0 + f, d),
          Wp(w.s0 + f, w.z0 + f, d),
          Wp(w.s0 + f, w.z1 - f, d),
          Wp(w.s0, w.z1 - f, d),
          FRAME_REFLECTANCE,
        );
        quad(
          Wp(w.s1 - f, w.z0 + f, d),
          Wp(w.s1, w.z0 + f, d),
          Wp(w.s1, w.z1 - f, d),
          Wp(w.s1 - f, w.z1 - f, d),
          FRAME_REFLECTANCE,
        );
        quad(
          Wp(w.s0 + f, w.z0 + f, d),
          Wp(w.s1 - f, w.z0 + f, d),
          Wp(w.s1 - f, w.z1 - f, d),
          Wp(w.s0 + f, w.z1 - f, d),
          GLASS_MAT,
        );
      }
    }
    for (const [i, j, k] of triangulate(ring)) {
      tris.push(ring[i]![0], ring[i]![1], top, ring[j]![0], ring[j]![1], top, ring[k]![0], ring[k]![1], top);
      mats.push(R.facade);
      out.push(1);
    }
    const ctx = model.mesh?.positions ?? new Float32Array(0);
    for (let i = 0; i < ctx.length; i++) tris.push(ctx[i]!);
    for (let i = 0; i < ctx.length / 9; i++) {
      mats.push(CONTEXT_REFLECTANCE);
      out.push(1);
    }
    this.outside = Uint8Array.from(out);
    const pos = Float64Array.from(tris);
    this.bvh = new Bvh(pos);
    this.rho = Float32Array.from(mats);
    this.terrainRho = R.terrain;
    const nt = pos.length / 9;
    this.normals = new Float32Array(nt * 3);
    for (let i = 0; i < nt; i++) {
      const o = i * 9;
      const ax = pos[o + 3]! - pos[o]!,
        ay = pos[o + 4]! - pos[o + 1]!,
        az = pos[o + 5]! - pos[o + 2]!;
      const bx = pos[o + 6]! - pos[o]!,
        by = pos[o + 7]! - pos[o + 1]!,
        bz = pos[o + 8]! - pos[o + 2]!;
      const cx = ay * bz - az * by,
        cy = az * bx - ax * bz,
        cz = ax * by - ay * bx;
      const l = Math.hypot(cx, cy, cz) || 1;
      this.normals[3 * i] = cx / l;
      this.normals[3 * i + 1] = cy / l;
      this.normals[3 * i + 2] = cz / l;
    }
  }

  /** Radiance along a ray; `left` = diffuse reflections still allowed. */
  private radiance(
    ox: number,
    oy: number,
    oz: number,
    dx: number,
    dy: number,
    dz: number,
    left: number,
    r: () => number,
  ): number {
    let weight = 1;
    let exterior = 0;
    let interior = 0;
    for (let guard = 0; guard < 64; guard++) {
      const tTerrain = dz < 0 ? -oz / dz : Infinity;
      const h = this.hit;
      const got = this.bvh.intersect(ox, oy, oz, dx, dy, dz, 1e-7, tTerrain, h);
      let nx: number, ny: number, nz: number, rho: number, t: number;
      let isOut = 1;
      if (got) {
        const i = h.tri;
        isOut = this.outside[i]!;
        t = h.t;
        nx = this.normals[3 * i]!;
        ny = this.normals[3 * i + 1]!;
        nz = this.normals[3 * i + 2]!;
        rho = this.rho[i]!;
      } else if (dz < 0) {
        t = tTerrain;
        nx = 0;
        ny = 0;
        nz = 1;
        rho = this.terrainRho;
      } else {
        return weight * skyLuminance(dz);
      }
      const c = nx * dx + ny * dy + nz * dz;
      if (c > 0) {
        nx = -nx;
        ny = -ny;
        nz = -nz;
      }
      const px = ox + dx * t,
        py = oy + dy * t,
        pz = got ? oz + dz * t : 0;
      if (rho === GLASS_MAT) {
        const cos = Math.abs(c);
        const T = glassTransmittance(cos),
          Rf = glassReflectance(cos);
        if (r() < T / (T + Rf)) {
          ox = px + dx * 1e-6;
          oy = py + dy * 1e-6;
          oz = pz + dz * 1e-6;
        } else {
          const dn = dx * nx + dy * ny + dz * nz;
          dx -= 2 * dn * nx;
          dy -= 2 * dn * ny;
          dz -= 2 * dn * nz;
          ox = px + nx * 1e-6;
          oy = py + ny * 1e-6;
          oz = pz + nz * 1e-6;
        }
        weight *= T + Rf;
        continue;
      }
      if (left <= 0) return 0;
      left--;
      if (isOut && ++exterior > this.maxExterior) return 0;
      if (!isOut && ++interior > this.maxInterior) return 0;
      weight *= rho;
      const [tx, ty, tz, bx, by, bz] = basis(nx, ny, nz);
      const u1 = r(),
        u2 = r();
      const rr = Math.sqrt(u1),
        phi = 2 * Math.PI * u2;
      const lx = rr * Math.cos(phi),
        ly = rr * Math.sin(phi),
        lz = Math.sqrt(1 - u1);
      dx = lx * tx + ly * bx + lz * nx;
      dy = lx * ty + ly * by + lz * ny;
      dz = lx * tz + ly * bz + lz * nz;
      ox = px + nx * 1e-6;
      oy = py + ny * 1e-6;
      oz = pz + nz * 1e-6;
    }
    return 0;
  }

  /** Daylight factor (%) at an upward-facing point, with Radiance's -ab `ab`. */
  daylightFactor(x: number, y: number, z: number, samples: number, seed: number, ab = 7): number {
    const r = rng(seed);
    let sum = 0;
    const m = Math.floor(Math.sqrt(samples));
    for (let a = 0; a < m; a++) {
      for (let b = 0; b < m; b++) {
        const u1 = (a + r()) / m,
          u2 = (b + r()) / m;
        const rr = Math.sqrt(u1),
          phi = 2 * Math.PI * u2;
        sum += this.radiance(x, y, z, rr * Math.cos(phi), rr * Math.sin(phi), Math.sqrt(1 - u1), ab - 1, r);
      }
    }
    return (100 * Math.PI * sum) / (m * m);
  }
}
