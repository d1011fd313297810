import { FRAME_REFLECTANCE, type RoomModel, type WindowModel } from './model';
import { bounds } from '../geometry/polygon';
import type { Vec2 } from '../geometry/vec';
import { clipHalfPlane, clipToRect, signedArea2, subtractConvex } from './polygon2d';
import { ceilingParts } from './ceilingParts';
import { glassAt, innerAt, type SkylightModel } from './skylight';

/** Surface kinds of the room's patch mesh. */
export const FLOOR = 0;
export const CEILING = 1;
export const WALL = 2;
export const REVEAL = 3;
export const FRAME = 4;
export const GLASS = 5;

/**
 * The room's inside as planar patches for the interreflection solution: floor and ceiling (a square grid
 * clipped to the polygon), walls (split at every window edge and at the work-plane height, so that no patch
 * straddles the work plane's horizon), the inner reveals (between the inner wall face and the glass), the
 * frame's inner face and the glass. Together they close the room: a receiver's form factors sum to 1.
 */
export interface Patches {
  count: number;
  /** Polygon of each patch, flat xyz. */
  verts: Float64Array[];
  cx: Float64Array;
  cy: Float64Array;
  cz: Float64Array;
  nx: Float64Array;
  ny: Float64Array;
  nz: Float64Array;
  area: Float64Array;
  /** Radius of the patch's bounding circle about its centroid. */
  radius: Float64Array;
  rho: Float64Array;
  kind: Uint8Array;
  /** Window whose opening holds the patch (reveal, frame, glass), else -1. */
  tunnel: Int16Array;
  /**
   * Points spread over each patch with area weights summing to 1 (sub-cells of a rectangle, centroids of a
   * midpoint-subdivided fan otherwise): patch averages of quantities that vary across a patch (window
   * light near the window, the view of a neighbour) are taken over these rather than at the centroid,
   * whose value is biased wherever the quantity is curved.
   */
  subStart: Int32Array;
  subX: Float64Array;
  subY: Float64Array;
  subZ: Float64Array;
  subW: Float64Array;
}

interface Builder {
  verts: Float64Array[];
  normal: [number, number, number][];
  rho: number[];
  kind: number[];
  tunnel: number[];
}

function add(
  b: Builder,
  v: number[],
  n: [number, number, number],
  rho: number,
  kind: number,
  tunnel: number,
): void {
  b.verts.push(Float64Array.from(v));
  b.normal.push(n);
  b.rho.push(rho);
  b.kind.push(kind);
  b.tunnel.push(tunnel);
}

/**
 * A planar rectangle P + a·A + c·C (a ∈ [a0, a1], c ∈ [c0, c1]) cut into pieces of about `h`; `keep`
 * rejects pieces (window openings) by their centre.
 */
function addRect(
  b: Builder,
  P: [number, number, number],
  A: [number, number, number],
  C: [number, number, number],
  a0: number,
  a1: number,
  c0: number,
  c1: number,
  n: [number, number, number],
  h: number,
  rho: number,
  kind: number,
  tunnel: number,
): void {
  const na = Math.max(1, Math.round((a1 - a0) / h));
  const nc = Math.max(1, Math.round((c1 - c0) / h));
  for (let i = 0; i < na; i++) {
    for (let j = 0; j < nc; j++) {
      const ua = a0 + ((a1 - a0) * i) / na;
      const ub = a0 + ((a1 - a0) * (i + 1)) / na;
      const va = c0 + ((c1 - c0) * j) / nc;
      const vb = c0 + ((c1 - c0) * (j + 1)) / nc;
      const pt = (u: number, v: number): number[] => [
        P[0] + u * A[0] + v * C[0],
        P[1] + u * A[1] + v * C[1],
        P[2] + u * A[2] + v * C[2],
      ];
      add(b, [...pt(ua, va), ...pt(ub, va), ...pt(ub, vb), ...pt(ua, vb)], n, rho, kind, tunnel);
    }
  }
}

/** Splits sorted unique breakpoints within [lo, hi]. */
function breaks(lo: number, hi: number, extra: number[]): number[] {
  const v = [lo, hi, ...extra.filter((x) => x > lo + 1e-6 && x < hi - 1e-6)].sort((a, b) => a - b);
  return v.filter((x, i) => i === 0 || x - v[i - 1]! > 1e-6);
}

/**
 * Finer patches where a window's light lands (EngineQuality.nearWindow): the floor within `reach` (m, in
 * plan) of a window's opening and the opening's reveals and frame, cut at `patchSize` (m) while the rest of
 * the room keeps the coarse size. Where a window sees the sky only steeply (a deep street, a slab across it)
 * its light lands on a strip of floor and sill beside the wall, which coarse patches smear over the room
 * (docs/model.md, "4.8.0 against its rule"); finer patches everywhere cost the square of their count.
 * A coarse floor cell is cut whole when any of it may lie within reach (its centre within reach plus its
 * half diagonal), so the fine strip reaches up to a cell further than `reach`.
 */
export interface NearWindowPatches {
  patchSize: number;
  reach: number;
}

/** Whether a plan point lies within `reach` of a window's opening, on the room's side of its wall. */
function nearWindow(model: RoomModel, x: number, y: number, reach: number): boolean {
  return model.windows.some((w) => {
    const px = x - w.ox,
      py = y - w.oy;
    const s = px * w.ux + py * w.uy;
    const inward = -(px * w.nx + py * w.ny);
    if (inward < -1e-6) return false;
    return Math.hypot(Math.max(w.s0 - s, 0, s - w.s1), inward) <= reach;
  });
}

export function buildPatches(model: RoomModel, h: number, fine?: NearWindowPatches): Patches {
  const b: Builder = { verts: [], normal: [], rho: [], kind: [], tunnel: [] };
  const { polygon, floor, ceiling, reflectance: R, thickness: T } = model;
  // Floor and ceiling: grid cells clipped to the polygon.
  const { minX, minY, maxX, maxY } = bounds(polygon);
  const hf = h * 1.25;
  const nxc = Math.max(1, Math.round((maxX - minX) / hf));
  const nyc = Math.max(1, Math.round((maxY - minY) / hf));
  for (let i = 0; i < nxc; i++) {
    for (let j = 0; j < nyc; j++) {
      const x0 = minX + ((maxX - minX) * i) / nxc,
        x1 = minX + ((maxX - minX) * (i + 1)) / nxc;
      const y0 = minY + ((maxY - minY) * j) / nyc,
        y1 = minY + ((maxY - minY) * (j + 1)) / nyc;
      const piece = clipToRect(polygon, x0, y0, x1, y1);
      if (piece.length < 3) continue;
      let area = 0;
      for (let k = 0; k < piece.length; k++) {
        const p = piece[k]!,
          q = piece[(k + 1) % piece.length]!;
        area += p[0] * q[1] - q[0] * p[1];
      }
      if (Math.abs(area / 2) < 1e-4) continue;
      // The floor beside a window in finer pieces (the cell's half diagonal counts it near if it reaches in).
      const m =
        fine && nearWindow(model, (x0 + x1) / 2, (y0 + y1) / 2, fine.reach + Math.hypot(x1 - x0, y1 - y0) / 2)
          ? Math.max(1, Math.round(Math.max(x1 - x0, y1 - y0) / (fine.patchSize * 1.25)))
          : 1;
      for (const f of m === 1 ? [piece] : subCells(polygon, x0, y0, x1, y1, m))
        add(
          b,
          f.flatMap((p) => [p[0], p[1], floor]),
          [0, 0, 1],
          R.floor,
          FLOOR,
          -1,
        );
      // The ceiling has the skylights' openings cut out of it.
      let ceilingPieces: Vec2[][] = [piece];
      for (const s of model.skylights)
        ceilingPieces = ceilingPieces.flatMap((c) =>
          inOpeningBox(s, c) ? subtractConvex(c, s.polygon, s.edgeNormals) : [c],
        );
      for (const c of ceilingPieces) {
        if (Math.abs(signedArea2(c)) < 1e-4) continue;
        // A sloped ceiling: each piece split where another of its planes is lower, lifted onto its own.
        for (const [part, [pa, pb, pc]] of ceilingParts(c, ceiling, model.ceilingPlanes)) {
          const norm = Math.hypot(pa, pb, 1);
          add(
            b,
            part.flatMap((p) => [p[0], p[1], pa * p[0] + pb * p[1] + pc]),
            [pa / norm, pb / norm, -1 / norm],
            R.ceiling,
            CEILING,
            -1,
          );
        }
      }
    }
  }
  // Walls, with the openings left out.
  const n = polygon.length;
  for (let e = 0; e < n; e++) {
    const a = polygon[e]!;
    const c = polygon[(e + 1) % n]!;
    const len = Math.hypot(c[0] - a[0], c[1] - a[1]);
    const ux = (c[0] - a[0]) / len,
      uy = (c[1] - a[1]) / len;
    const [onx, ony] = model.edgeNormals[e]!;
    const inward: [number, number, number] = [-onx, -ony, 0];
    const wins = model.windows.filter((w) => w.edge === e);
    const sb = breaks(
      0,
      len,
      wins.flatMap((w) => [w.s0, w.s1]),
    );
    const zb = breaks(floor, ceiling, [model.workPlane, ...wins.flatMap((w) => [w.z0, w.z1])]);
    for (let i = 0; i + 1 < sb.length; i++) {
      for (let j = 0; j + 1 < zb.length; j++) {
        const sm = (sb[i]! + sb[i + 1]!) / 2,
          zm = (zb[j]! + zb[j + 1]!) / 2;
        if (wins.some((w) => sm > w.s0 && sm < w.s1 && zm > w.z0 && zm < w.z1)) continue;
        if (model.ceilingPlanes.length === 0)
          addRect(
            b,
            [a[0], a[1], 0],
            [ux, uy, 0],
            [0, 0, 1],
            sb[i]!,
            sb[i + 1]!,
            zb[j]!,
            zb[j + 1]!,
            inward,
            h,
            R.wall,
            WALL,
            -1,
          );
        else addWallUnderSlope(b, model, a, [ux, uy], sb[i]!, sb[i + 1]!, zb[j]!, zb[j + 1]!, inward, h);
      }
    }
  }
  for (const w of model.windows) addOpening(b, model, w, T, fine ? Math.min(h, fine.patchSize) : h);
  for (const sk of model.skylights) addSkylight(b, model, sk, h);
  return finish(b);
}

/**
 * A wall cell s ∈ [s0, s1], z ∈ [z0, z1] along the edge from `a` (direction u) under a sloped ceiling: cut
 * into pieces of about h as addRect does, each clipped below every ceiling plane's line across the wall
 * (z ≤ a·x + b·y + c along it), the rest dropped.
 */
function addWallUnderSlope(
  b: Builder,
  model: RoomModel,
  a: Vec2,
  u: Vec2,
  s0: number,
  s1: number,
  z0: number,
  z1: number,
  inward: [number, number, number],
  h: number,
): void {
  // Each plane along the wall as z = α·s + β.
  const lines = model.ceilingPlanes.map(([pa, pb, pc]) => [
    pa * u[0] + pb * u[1],
    pa * a[0] + pb * a[1] + pc,
  ]);
  const ns = Math.max(1, Math.round((s1 - s0) / h));
  const nz = Math.max(1, Math.round((z1 - z0) / h));
  for (let i = 0; i < ns; i++)
    for (let j = 0; j < nz; j++) {
      const sa = s0 + ((s1 - s0) * i) / ns,
        sb = s0 + ((s1 - s0) * (i + 1)) / ns;
      const za = z0 + ((z1 - z0) * j) / nz,
        zb = z0 + ((z1 - z0) * (j + 1)) / nz;
      // In the wall's (s, z) plane: z − α·s − β ≤ 0 for every plane.
      let piece: Vec2[] = [
        [sa, za],
        [sb, za],
        [sb, zb],
        [sa, zb],
      ];
      for (const [alpha, beta] of lines) {
        if (piece.length < 3) break;
        piece = clipHalfPlane(piece, [0, beta!], [-alpha!, 1]);
      }
      if (piece.length < 3 || Math.abs(signedArea2(piece)) < 1e-6) continue;
      add(
        b,
        piece.flatMap(([s, z]) => [a[0] + s * u[0], a[1] + s * u[1], z]),
        inward,
        model.reflectance.wall,
        WALL,
        -1,
      );
    }
}

/** Whether a ceiling piece's bounding box meets the skylight's (only those are cut). */
function inOpeningBox(s: SkylightModel, piece: readonly Vec2[]): boolean {
  const xs = piece.map((p) => p[0]),
    ys = piece.map((p) => p[1]);
  const sx = s.polygon.map((p) => p[0]),
    sy = s.polygon.map((p) => p[1]);
  return (
    Math.max(...xs) > Math.min(...sx) &&
    Math.min(...xs) < Math.max(...sx) &&
    Math.max(...ys) > Math.min(...sy) &&
    Math.min(...ys) < Math.max(...sy)
  );
}

/**
 * A skylight's well (a side per opening edge, from the ceiling to the glass, reflecting as the walls), the
 * frame band at the glass and the glass itself, facing down into the room; all in the skylight's tunnel.
 */
function addSkylight(b: Builder, model: RoomModel, s: SkylightModel, h: number): void {
  const k = s.index;
  const P = s.polygon,
    G = s.glass;
  const hr = Math.max(h, 0.5);
  const down: [number, number, number] = [-s.normal[0], -s.normal[1], -s.normal[2]];
  for (let i = 0; i < P.length; i++) {
    const a = P[i]!,
      c = P[(i + 1) % P.length]!;
    const len = Math.hypot(c[0] - a[0], c[1] - a[1]);
    const [nx, ny] = s.edgeNormals[i]!;
    // A side: from the edge in the ceiling plane straight up by the slab's depth (a parallelogram when the
    // plane slopes along the edge), facing into the opening.
    const za = innerAt(s, a[0], a[1]);
    addRect(
      b,
      [a[0], a[1], za],
      [(c[0] - a[0]) / len, (c[1] - a[1]) / len, (innerAt(s, c[0], c[1]) - za) / len],
      [0, 0, 1],
      0,
      len,
      0,
      s.roof,
      [-nx, -ny, 0],
      hr,
      model.reflectance.wall,
      REVEAL,
      k,
    );
    if (s.frame > 1e-6) {
      const g = G[i]!,
        gn = G[(i + 1) % G.length]!;
      addFlat(b, [a, c, gn, g], s, hr, 1, FRAME_REFLECTANCE, FRAME, k);
    }
  }
  // The glass: a quadrilateral in pieces of about `hr` each way (bilinear cells), any other outline as the
  // fan of its corners.
  if (G.length === 4) addFlat(b, G, s, hr, 0, s.glazing.hemisphericalReflectance, GLASS, k);
  else
    for (let i = 1; i + 1 < G.length; i++) {
      const g0 = G[0]!,
        g1 = G[i]!,
        g2 = G[i + 1]!;
      add(
        b,
        [g0, g1, g2].flatMap((g) => [g[0], g[1], glassAt(s, g[0], g[1])]),
        down,
        s.glazing.hemisphericalReflectance,
        GLASS,
        k,
      );
    }
}

/**
 * A quadrilateral q0 q1 q2 q3 (in plan) in the skylight's glass plane, facing down into the room, in
 * bilinear cells of about `h` along q0 → q1 and (unless `across` fixes their number) along q1 → q2.
 */
function addFlat(
  b: Builder,
  q: readonly Vec2[],
  s: SkylightModel,
  h: number,
  across: number,
  rho: number,
  kind: number,
  tunnel: number,
): void {
  const [q0, q1, q2, q3] = q as [Vec2, Vec2, Vec2, Vec2];
  const len = (a: Vec2, c: Vec2): number => Math.hypot(c[0] - a[0], c[1] - a[1]) * s.areaScale;
  const nu = Math.max(1, Math.round(Math.max(len(q0, q1), len(q3, q2)) / h));
  const nv = across > 0 ? across : Math.max(1, Math.round(Math.max(len(q1, q2), len(q0, q3)) / h));
  const at = (u: number, v: number): number[] => {
    const x = (1 - u) * (1 - v) * q0[0] + u * (1 - v) * q1[0] + u * v * q2[0] + (1 - u) * v * q3[0],
      y = (1 - u) * (1 - v) * q0[1] + u * (1 - v) * q1[1] + u * v * q2[1] + (1 - u) * v * q3[1];
    return [x, y, glassAt(s, x, y)];
  };
  const down: [number, number, number] = [-s.normal[0], -s.normal[1], -s.normal[2]];
  for (let i = 0; i < nu; i++)
    for (let j = 0; j < nv; j++) {
      const u0 = i / nu,
        u1 = (i + 1) / nu,
        v0 = j / nv,
        v1 = (j + 1) / nv;
      add(b, [...at(u0, v0), ...at(u1, v0), ...at(u1, v1), ...at(u0, v1)], down, rho, kind, tunnel);
    }
}

/** Inner reveals (d from 0 to T/2), the frame's inner face and the glass (both at d = T/2). */
function addOpening(b: Builder, model: RoomModel, w: WindowModel, T: number, h: number): void {
  const k = w.index;
  const rw = model.reflectance.wall;
  const O: [number, number, number] = [w.ox, w.oy, 0];
  const U: [number, number, number] = [w.ux, w.uy, 0];
  const N: [number, number, number] = [w.nx, w.ny, 0];
  const Z: [number, number, number] = [0, 0, 1];
  const dg = T / 2;
  // Inside the opening, pieces along the length only: the light there varies mostly along the depth, which
  // the sample points resolve, and every piece costs a clipped form factor against each room receiver.
  const hr = Math.max(h, 0.5);
  if (dg > 1e-6) {
    const at = (s: number, d: number, z: number): [number, number, number] => [
      O[0] + s * U[0] + d * N[0],
      O[1] + s * U[1] + d * N[1],
      z,
    ];
    addRect(b, at(0, 0, w.z0), U, N, w.s0, w.s1, 0, dg, [0, 0, 1], hr, rw, REVEAL, k);
    addRect(b, at(0, 0, w.z1), U, N, w.s0, w.s1, 0, dg, [0, 0, -1], hr, rw, REVEAL, k);
    addRect(b, at(w.s0, 0, 0), Z, N, w.z0, w.z1, 0, dg, [w.ux, w.uy, 0], hr, rw, REVEAL, k);
    addRect(b, at(w.s1, 0, 0), Z, N, w.z0, w.z1, 0, dg, [-w.ux, -w.uy, 0], hr, rw, REVEAL, k);
  }
  const P: [number, number, number] = [O[0] + dg * N[0], O[1] + dg * N[1], 0];
  const facing: [number, number, number] = [-w.nx, -w.ny, 0];
  const f = w.frame;
  if (f > 1e-6) {
    addRect(b, P, U, Z, w.s0, w.s1, w.z0, w.z0 + f, facing, hr, FRAME_REFLECTANCE, FRAME, k);
    addRect(b, P, U, Z, w.s0, w.s1, w.z1 - f, w.z1, facing, hr, FRAME_REFLECTANCE, FRAME, k);
    if (w.z1 - w.z0 - 2 * f > 1e-6) {
      addRect(b, P, U, Z, w.s0, w.s0 + f, w.z0 + f, w.z1 - f, facing, hr, FRAME_REFLECTANCE, FRAME, k);
      addRect(b, P, U, Z, w.s1 - f, w.s1, w.z0 + f, w.z1 - f, facing, hr, FRAME_REFLECTANCE, FRAME, k);
    }
  }
  if (w.s1 - w.s0 - 2 * f > 1e-6 && w.z1 - w.z0 - 2 * f > 1e-6) {
    addRect(
      b,
      P,
      U,
      Z,
      w.s0 + f,
      w.s1 - f,
      w.z0 + f,
      w.z1 - f,
      facing,
      Math.max(h, 0.75),
      w.glazing.hemisphericalReflectance,
      GLASS,
      k,
    );
  }
}

/** A floor cell cut m × m, each piece clipped to the polygon (slivers dropped). */
function subCells(
  polygon: readonly Vec2[],
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  m: number,
): Vec2[][] {
  const out: Vec2[][] = [];
  for (let i = 0; i < m; i++)
    for (let j = 0; j < m; j++) {
      const piece = clipToRect(
        polygon,
        x0 + ((x1 - x0) * i) / m,
        y0 + ((y1 - y0) * j) / m,
        x0 + ((x1 - x0) * (i + 1)) / m,
        y0 + ((y1 - y0) * (j + 1)) / m,
      );
      if (piece.length >= 3 && Math.abs(signedArea2(piece)) >= 2e-4) out.push(piece);
    }
  return out;
}

function finish(b: Builder): Patches {
  const count = b.verts.length;
  const p: Patches = {
    count,
    verts: b.verts,
    cx: new Float64Array(count),
    cy: new Float64Array(count),
    cz: new Float64Array(count),
    nx: new Float64Array(count),
    ny: new Float64Array(count),
    nz: new Float64Array(count),
    area: new Float64Array(count),
    radius: new Float64Array(count),
    rho: Float64Array.from(b.rho),
    kind: Uint8Array.from(b.kind),
    tunnel: Int16Array.from(b.tunnel),
    subStart: new Int32Array(count + 1),
    subX: new Float64Array(0),
    subY: new Float64Array(0),
    subZ: new Float64Array(0),
    subW: new Float64Array(0),
  };
  for (let i = 0; i < count; i++) {
    const v = b.verts[i]!;
    const [nx, ny, nz] = b.normal[i]!;
    p.nx[i] = nx;
    p.ny[i] = ny;
    p.nz[i] = nz;
    // Area and centroid by fan triangulation from the first vertex (planar polygon).
    const m = v.length / 3;
    let A = 0,
      cx = 0,
      cy = 0,
      cz = 0;
    for (let k = 1; k + 1 < m; k++) {
      const ax = v[3 * k]! - v[0]!,
        ay = v[3 * k + 1]! - v[1]!,
        az = v[3 * k + 2]! - v[2]!;
      const bx = v[3 * k + 3]! - v[0]!,
        by = v[3 * k + 4]! - v[1]!,
        bz = v[3 * k + 5]! - v[2]!;
      const tA = ((ay * bz - az * by) * nx + (az * bx - ax * bz) * ny + (ax * by - ay * bx) * nz) / 2;
      A += tA;
      cx += (tA * (v[0]! * 3 + ax + bx)) / 3;
      cy += (tA * (v[1]! * 3 + ay + by)) / 3;
      cz += (tA * (v[2]! * 3 + az + bz)) / 3;
    }
    if (Math.abs(A) < 1e-12) {
      cx = v[0]!;
      cy = v[1]!;
      cz = v[2]!;
      A = 0;
    } else {
      cx /= A;
      cy /= A;
      cz /= A;
    }
    p.area[i] = Math.abs(A);
    p.cx[i] = cx;
    p.cy[i] = cy;
    p.cz[i] = cz;
    let r = 0;
    for (let k = 0; k < m; k++)
      r = Math.max(r, Math.hypot(v[3 * k]! - cx, v[3 * k + 1]! - cy, v[3 * k + 2]! - cz));
    p.radius[i] = r;
  }
  const sx: number[] = [],
    sy: number[] = [],
    sz: number[] = [],
    sw: number[] = [];
  for (let i = 0; i < count; i++) {
    p.subStart[i] = sx.length;
    subPoints(b.verts[i]!, sx, sy, sz, sw);
  }
  p.subStart[count] = sx.length;
  p.subX = Float64Array.from(sx);
  p.subY = Float64Array.from(sy);
  p.subZ = Float64Array.from(sz);
  p.subW = Float64Array.from(sw);
  return p;
}

/** Appends a patch's sample points and weights (summing to 1). */
function subPoints(v: Float64Array, sx: number[], sy: number[], sz: number[], sw: number[]): void {
  const m = v.length / 3;
  const P = (k: number): [number, number, number] => [v[3 * k]!, v[3 * k + 1]!, v[3 * k + 2]!];
  if (m === 4) {
    // A quadrilateral (every rectangle): centres of its 2 × 2 bilinear sub-cells.
    const [a, b, c, d] = [P(0), P(1), P(2), P(3)];
    const at = (u: number, w: number): [number, number, number] =>
      [0, 1, 2].map(
        (k) => (1 - u) * (1 - w) * a[k]! + u * (1 - w) * b[k]! + u * w * c[k]! + (1 - u) * w * d[k]!,
      ) as [number, number, number];
    const pts = [at(0.25, 0.25), at(0.75, 0.25), at(0.75, 0.75), at(0.25, 0.75)];
    const areas = [
      triArea(a, at(0.5, 0), at(0.5, 0.5)) + triArea(a, at(0.5, 0.5), at(0, 0.5)),
      triArea(at(0.5, 0), b, at(1, 0.5)) + triArea(at(0.5, 0), at(1, 0.5), at(0.5, 0.5)),
      triArea(at(0.5, 0.5), at(1, 0.5), c) + triArea(at(0.5, 0.5), c, at(0.5, 1)),
      triArea(at(0, 0.5), at(0.5, 0.5), at(0.5, 1)) + triArea(at(0, 0.5), at(0.5, 1), d),
    ];
    const total = areas.reduce((x, y) => x + y, 0);
    pts.forEach((q, k) => {
      sx.push(q[0]);
      sy.push(q[1]);
      sz.push(q[2]);
      sw.push(total > 0 ? areas[k]! / total : 0.25);
    });
    return;
  }
  const tris: [number, number, number][][] = [];
  for (let k = 1; k + 1 < m; k++) {
    const a = P(0),
      b = P(k),
      c = P(k + 1);
    const ab = mid(a, b),
      bc = mid(b, c),
      ca = mid(c, a);
    tris.push([a, ab, ca], [ab, b, bc], [ca, bc, c], [ab, bc, ca]);
  }
  const areas = tris.map((t) => triArea(t[0]!, t[1]!, t[2]!));
  const total = areas.reduce((x, y) => x + y, 0);
  tris.forEach((t, k) => {
    if (total > 0 && areas[k]! <= 0) return;
    sx.push((t[0]![0] + t[1]![0] + t[2]![0]) / 3);
    sy.push((t[0]![1] + t[1]![1] + t[2]![1]) / 3);
    sz.push((t[0]![2] + t[1]![2] + t[2]![2]) / 3);
    sw.push(total > 0 ? areas[k]! / total : 1 / tris.length);
  });
}

function mid(a: [number, number, number], b: [number, number, number]): [number, number, number] {
  return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2];
}

function triArea(
  a: [number, number, number],
  b: [number, number, number],
  c: [number, number, number],
): number {
  const ux = b[0] - a[0],
    uy = b[1] - a[1],
    uz = b[2] - a[2];
  const vx = c[0] - a[0],
    vy = c[1] - a[1],
    vz = c[2] - a[2];
  return Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx) / 2;
}
