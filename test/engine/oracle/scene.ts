import {
  DEFAULT_REFLECTANCES,
  type ModelType,
  type RoomParameters,
  type TriangleSoup,
} from '../../../src/core/types';
import {
  earClip,
  insidePolygon,
  keepBelow,
  mitredOffset,
  nearestEdge,
  outwardNormal,
  signedArea,
  type P2,
} from './plan';

/**
 * The reference scene of physics.md as one triangle set, built from the /run request by this file alone
 * (conventions.md for the windows, physics.md for the rest; nothing from the engine's scene model):
 *
 * - the room: floor and ceiling (the polygon), the inner wall faces with the openings cut out;
 * - walls of thickness T = the largest window extent across its wall; the building body: the polygon offset
 *   outward by T with mitred corners, from the terrain (z = 0) to 0.3 m above the ceiling, its facades
 *   with the openings cut out and its roof;
 * - each opening with four reveals (wall reflectance), and in the wall's mid-plane (d = T/2) a frame of
 *   uniform width b, (w − 2b)(h − 2b) = (1 − ratio)·w·h (reflectance 0.5), around the glass;
 * - skylights (Lux's extension): openings through the ceiling and the 0.3 m roof slab, their well lined
 *   like the walls, a frame band and the glass in the roof's top face;
 * - the context mesh (reflectance 0.3, both sides).
 *
 * Every triangle has two faces with a reflectance each (its front face is the side its winding normal points
 * to): a wall of zero thickness is one surface that is facade outside and wall inside. The terrain (the plane
 * z = 0) is not a triangle: the tracer meets it where a ray reaches z = 0 without meeting a triangle first.
 * A floor at z = 0 coincides with it; what is seen there is `SceneOptions.floorOnTerrain`.
 */
export const GLASS = -1;
export const FRAME_RHO = 0.5;
export const CONTEXT_RHO = 0.3;
export const ROOF_OVER_CEILING = 0.3;
export const WORK_PLANE = 0.8;

export interface OracleRoom {
  parameters: RoomParameters;
  modelType: ModelType;
  mesh: TriangleSoup | null;
}

export interface SceneOptions {
  /**
   * What a ray meets where the floor lies on the terrain plane (z_f = 0), the two surfaces coinciding:
   * 'terrain' (the default: the terrain's reflectance there, as the Radiance reference has it — see
   * docs/engine.md, "A floor on the terrain") or 'floor' (the floor's own).
   */
  floorOnTerrain?: 'floor' | 'terrain';
}

export interface OracleScene {
  /** Nine numbers per triangle. */
  positions: Float64Array;
  /** Reflectance of each triangle's front and back face (GLASS for the pane). */
  front: Float32Array;
  back: Float32Array;
  /** 1 where that face is outside the room (facades, roof, context, outer reveals, the frame's outer face). */
  frontOut: Uint8Array;
  backOut: Uint8Array;
  terrain: number;
  floor: number;
  ceiling: number;
  workPlane: number;
  thickness: number;
}

interface Opening {
  edge: number;
  s0: number;
  s1: number;
  z0: number;
  z1: number;
  /** Frame width. */
  b: number;
}

type V3 = [number, number, number];

export function buildScene(room: OracleRoom, options: SceneOptions = {}): OracleScene {
  const par = room.parameters;
  const refl =
    room.modelType === 'df_custom' ? { ...DEFAULT_REFLECTANCES, ...definedOnly(par) } : DEFAULT_REFLECTANCES;
  const poly: P2[] = par.room_polygon.map(([x, y]) => [x, y]);
  const n = poly.length;
  const zf = par.floor_height_above_terrain;
  const zc = zf + par.height_roof_over_floor;
  const top = zc + ROOF_OVER_CEILING;
  const normals = poly.map((_, e) => outwardNormal(poly, e));
  const dirs = poly.map(([ax, ay], e): P2 => {
    const [bx, by] = poly[(e + 1) % n]!;
    const l = Math.hypot(bx - ax, by - ay);
    return [(bx - ax) / l, (by - ay) / l];
  });
  const lengths = poly.map(([ax, ay], e) =>
    Math.hypot(poly[(e + 1) % n]![0] - ax, poly[(e + 1) % n]![1] - ay),
  );

  let T = 0;
  const openings: Opening[] = [];
  for (const w of par.windows) {
    const e = nearestEdge(poly, (w.x1 + w.x2) / 2, (w.y1 + w.y2) / 2);
    const [nx, ny] = normals[e]!;
    const [ux, uy] = dirs[e]!;
    const [ax, ay] = poly[e]!;
    T = Math.max(T, Math.abs((w.x2 - w.x1) * nx + (w.y2 - w.y1) * ny));
    const sa = (w.x1 - ax) * ux + (w.y1 - ay) * uy;
    const sb = (w.x2 - ax) * ux + (w.y2 - ay) * uy;
    // The opening is cut into its wall: clipped to the wall's length and to floor..ceiling.
    const s0 = Math.max(0, Math.min(sa, sb)),
      s1 = Math.min(lengths[e]!, Math.max(sa, sb));
    const z0 = Math.max(zf, Math.min(w.z1, w.z2)),
      z1 = Math.min(zc, Math.max(w.z1, w.z2));
    if (s1 - s0 < 1e-9 || z1 - z0 < 1e-9) continue;
    const ww = s1 - s0,
      hh = z1 - z0;
    const r = Math.min(1, Math.max(0, w.window_frame_ratio ?? 0));
    // (w − 2b)(h − 2b) = (1 − r)wh  ⇔  4b² − 2(w + h)b + r·wh = 0, the smaller root.
    const b = (ww + hh - Math.sqrt(Math.max(0, (ww + hh) ** 2 - 4 * r * ww * hh))) / 4;
    openings.push({ edge: e, s0, s1, z0, z1, b });
  }

  const pos: number[] = [];
  const front: number[] = [];
  const back: number[] = [];
  const frontOut: number[] = [];
  const backOut: number[] = [];
  const tri = (a: V3, b: V3, c: V3, f: number, k: number, fo: number, ko: number): void => {
    pos.push(...a, ...b, ...c);
    front.push(f);
    back.push(k);
    frontOut.push(fo);
    backOut.push(ko);
  };
  /** A planar quad a-b-c-d whose front face looks along `facing`. */
  const quad = (q: V3[], facing: V3, f: number, k: number, fo: number, ko: number): void => {
    const [a, b, c, d] = q as [V3, V3, V3, V3];
    const u = sub(b, a),
      v = sub(c, a);
    const nrm = crossV(u, v);
    if (Math.hypot(...nrm) < 1e-14) return;
    if (dot(nrm, facing) < 0) {
      tri(a, c, b, f, k, fo, ko);
      tri(a, d, c, f, k, fo, ko);
    } else {
      tri(a, b, c, f, k, fo, ko);
      tri(a, c, d, f, k, fo, ko);
    }
  };

  const floorRho =
    zf <= 1e-6 && options.floorOnTerrain !== 'floor' ? refl.terrain_reflectance : refl.horizontal_reflectance;
  const planes = par.ceiling_planes ?? [];
  const skylights = (par.skylights ?? []).map((sk) => ({
    ...skylightRect(sk.polygon, poly),
    frameRatio: sk.window_frame_ratio ?? 0,
  }));
  for (const [i, j, k] of earClip(poly)) {
    const P = (m: number, z: number): V3 => [poly[m]![0], poly[m]![1], z];
    tri(P(i, zf), P(j, zf), P(k, zf), floorRho, 0, 0, 0);
    if (skylights.length === 0 && planes.length === 0)
      tri(P(i, zc), P(k, zc), P(j, zc), refl.ceiling_reflectance, 0, 0, 0);
  }
  // The ceiling over (x, y): the lowest of the planes and the flat top; the roof's top face 0.3 m above it.
  const surfaces: [number, number, number][] = [[0, 0, zc], ...planes];
  const ceilingZ = (x: number, y: number): number =>
    surfaces.reduce((z, [a, b, c]) => Math.min(z, a * x + b * y + c), Infinity);
  // Each surface's part of an outline (where it is the lowest), lifted by `lift`, its front face along ±z.
  const slopedFaces = (outline: P2[], lift: number, up: boolean, f: number, fo: number): void =>
    surfaces.forEach(([a, b, c], j) => {
      let part: P2[] = outline;
      surfaces.forEach(([a2, b2, c2], k) => {
        if (k !== j && part.length >= 3) part = keepBelow(part, a - a2, b - b2, c - c2 + (k < j ? 1e-12 : 0));
      });
      if (part.length < 3 || Math.abs(signedArea(part)) < 1e-9) return;
      const lift3 = (q: P2): V3 => [q[0], q[1], a * q[0] + b * q[1] + c + lift];
      for (const [i, m, k] of earClip(part)) {
        const [p0, p1, p2] = [lift3(part[i]!), lift3(part[m]!), lift3(part[k]!)];
        if (crossV(sub(p1, p0), sub(p2, p0))[2] > 0 === up) tri(p0, p1, p2, f, 0, fo, fo);
        else tri(p0, p2, p1, f, 0, fo, fo);
      }
    });
  const ring = mitredOffset(poly, normals, T);
  if (skylights.length === 0) {
    // A sloped ceiling: over each part of the plan, the lowest of the planes and the flat top, lifted onto it.
    if (planes.length > 0) slopedFaces(poly, 0, false, refl.ceiling_reflectance, 0);
    // The roof's top face follows the ceiling.
    slopedFaces(ring, ROOF_OVER_CEILING, true, refl.facade_reflectance, 1);
  } else {
    // Ceiling and roof with the openings cut out (rooms with skylights are rectilinear here, the skylights
    // axis-aligned rectangles, a sloped ceiling's planes meeting along lines parallel to x or y: the cells
    // between every x and y that bounds one, inside, each in one surface), each opening a well through the
    // slab lined like the walls, the frame band and the glass in the roof's top face.
    const creaseX: number[] = [],
      creaseY: number[] = [];
    for (let j = 0; j < surfaces.length; j++)
      for (let k = j + 1; k < surfaces.length; k++) {
        const [da, db, dc] = [0, 1, 2].map((m) => surfaces[j]![m]! - surfaces[k]![m]!) as [
          number,
          number,
          number,
        ];
        if (Math.abs(da) < 1e-12 && Math.abs(db) < 1e-12) continue;
        if (Math.abs(db) < 1e-12) creaseX.push(-dc / da);
        else if (Math.abs(da) < 1e-12) creaseY.push(-dc / db);
        else throw new Error('The oracle cuts skylights only in ceiling planes that meet along x or y');
      }
    const level = (outline: P2[], lift: number, up: boolean, f: number, fo: number): void => {
      const xs = cuts(
        [...outline.map((q) => q[0]), ...creaseX, ...skylights.flatMap((r) => [r.x0, r.x1])],
        -1e9,
        1e9,
      );
      const ys = cuts(
        [...outline.map((q) => q[1]), ...creaseY, ...skylights.flatMap((r) => [r.y0, r.y1])],
        -1e9,
        1e9,
      );
      for (let a = 0; a + 1 < xs.length; a++)
        for (let b = 0; b + 1 < ys.length; b++) {
          const mx = (xs[a]! + xs[a + 1]!) / 2,
            my = (ys[b]! + ys[b + 1]!) / 2;
          if (!insidePolygon(outline, mx, my)) continue;
          if (skylights.some((r) => mx > r.x0 && mx < r.x1 && my > r.y0 && my < r.y1)) continue;
          const q = (x: number, y: number): V3 => [x, y, ceilingZ(x, y) + lift];
          quad(
            [q(xs[a]!, ys[b]!), q(xs[a + 1]!, ys[b]!), q(xs[a + 1]!, ys[b + 1]!), q(xs[a]!, ys[b + 1]!)],
            [0, 0, up ? 1 : -1],
            f,
            0,
            fo,
            fo,
          );
        }
    };
    level(poly, 0, false, refl.ceiling_reflectance, 0);
    level(ring, ROOF_OVER_CEILING, true, refl.facade_reflectance, 1);
    for (const r of skylights) {
      const lo = (x: number, y: number): V3 => [x, y, ceilingZ(x, y)];
      const hi = (x: number, y: number): V3 => [x, y, ceilingZ(x, y) + ROOF_OVER_CEILING];
      const wall = refl.vertical_reflectance;
      const side = (x0: number, y0: number, x1: number, y1: number, facing: V3): void =>
        quad([lo(x0, y0), lo(x1, y1), hi(x1, y1), hi(x0, y0)], facing, wall, 0, 0, 0);
      side(r.x0, r.y0, r.x1, r.y0, [0, 1, 0]);
      side(r.x0, r.y1, r.x1, r.y1, [0, -1, 0]);
      side(r.x0, r.y0, r.x0, r.y1, [1, 0, 0]);
      side(r.x1, r.y0, r.x1, r.y1, [-1, 0, 0]);
      const w = r.x1 - r.x0,
        h = r.y1 - r.y0;
      // The frame band's width in plan (a plan area keeps its share of the sloped one).
      const ratio = Math.min(1, Math.max(0, r.frameRatio));
      const b = (w + h - Math.sqrt(Math.max(0, (w + h) ** 2 - 4 * ratio * w * h))) / 4;
      const up: V3 = [0, 0, 1];
      const flat = (xa: number, xb: number, ya: number, yb: number): V3[] => [
        hi(xa, ya),
        hi(xb, ya),
        hi(xb, yb),
        hi(xa, yb),
      ];
      if (b > 0) {
        quad(flat(r.x0, r.x1, r.y0, r.y0 + b), up, FRAME_RHO, FRAME_RHO, 1, 0);
        quad(flat(r.x0, r.x1, r.y1 - b, r.y1), up, FRAME_RHO, FRAME_RHO, 1, 0);
        quad(flat(r.x0, r.x0 + b, r.y0 + b, r.y1 - b), up, FRAME_RHO, FRAME_RHO, 1, 0);
        quad(flat(r.x1 - b, r.x1, r.y0 + b, r.y1 - b), up, FRAME_RHO, FRAME_RHO, 1, 0);
      }
      quad(flat(r.x0 + b, r.x1 - b, r.y0 + b, r.y1 - b), up, GLASS, GLASS, 1, 0);
    }
  }

  const facade0 = refl.facade_reflectance;
  for (let e = 0; e < n; e++) {
    const [ax, ay] = poly[e]!;
    const [ux, uy] = dirs[e]!;
    const [nx, ny] = normals[e]!;
    const at = (s: number, d: number, z: number): V3 => [ax + s * ux + d * nx, ay + s * uy + d * ny, z];
    const out: V3 = [nx, ny, 0];
    const inward: V3 = [-nx, -ny, 0];
    const ops = openings.filter((o) => o.edge === e);
    const inOpening = (s: number, z: number): boolean =>
      ops.some((o) => s > o.s0 && s < o.s1 && z > o.z0 && z < o.z1);
    // A wall face in d-plane `d` over s ∈ [sa, sb], z ∈ [za, zb], minus the openings: the cells of the grid
    // that every opening's edges cut, those outside the openings.
    const wallFace = (
      d: number,
      sa: number,
      sb: number,
      zCuts: number[],
      mat: (z: number) => [number, number, number, number],
      facing: V3,
    ): void => {
      // Under a sloped ceiling a thin wall is cut where two planes cross along it.
      const crossings: number[] = [];
      if (T === 0)
        for (let i = 0; i < planes.length; i++)
          for (let j = i + 1; j < planes.length; j++) {
            const [a1, b1, c1] = planes[i]!,
              [a2, b2, c2] = planes[j]!;
            const da = (a1 - a2) * ux + (b1 - b2) * uy;
            if (Math.abs(da) > 1e-12) crossings.push(-((a1 - a2) * ax + (b1 - b2) * ay + (c1 - c2)) / da);
          }
      const ss = cuts([sa, sb, ...crossings, ...ops.flatMap((o) => [o.s0, o.s1])], sa, sb);
      const zs = cuts(zCuts, Math.min(...zCuts), Math.max(...zCuts));
      for (let p = 0; p + 1 < ss.length; p++) {
        for (let q = 0; q + 1 < zs.length; q++) {
          const s0 = ss[p]!,
            s1 = ss[p + 1]!,
            z0 = zs[q]!,
            z1 = zs[q + 1]!;
          if (inOpening((s0 + s1) / 2, (z0 + z1) / 2)) continue;
          const [f, k, fo, ko] = mat((z0 + z1) / 2);
          if (planes.length > 0) {
            // The room's side of the wall ends under the sloped ceiling, the facade under the roof's top
            // face: z ≤ a·x + b·y + c (+ 0.3 outside) along the line at depth d. A thin wall is both: the
            // room's side under the ceiling, and outside only in the slab's band above it.
            const cell: P2[] = [
              [s0, z0],
              [s1, z0],
              [s1, z1],
              [s0, z1],
            ];
            const line =
              ([pa, pb, pc]: [number, number, number], lift: number, sign: number) =>
              (c: P2[]): P2[] =>
                keepBelow(
                  c,
                  -sign * (pa * ux + pb * uy),
                  sign,
                  -sign * (pa * (ax + d * nx) + pb * (ay + d * ny) + pc + lift),
                );
            const emit = (piece: P2[], [f2, k2, fo2, ko2]: [number, number, number, number]): void => {
              for (let t = 1; t + 1 < piece.length; t++) {
                const q = (c: P2): V3 => at(c[0], d, c[1]);
                const [p0, p1, p2] = [q(piece[0]!), q(piece[t]!), q(piece[t + 1]!)];
                if (dot(crossV(sub(p1, p0), sub(p2, p0)), facing) < 0) tri(p0, p2, p1, f2, k2, fo2, ko2);
                else tri(p0, p1, p2, f2, k2, fo2, ko2);
              }
            };
            if (T > 0) {
              const lift = d === 0 ? 0 : ROOF_OVER_CEILING;
              emit(
                planes.reduce((c, pl) => line(pl, lift, 1)(c), cell),
                [f, k, fo, ko],
              );
              continue;
            }
            // The plane lowest here (the cells are cut where two cross).
            const sm = (s0 + s1) / 2;
            const active = planes.reduce((best, pl) =>
              pl[0] * (ax + sm * ux) + pl[1] * (ay + sm * uy) + pl[2] <
              best[0] * (ax + sm * ux) + best[1] * (ay + sm * uy) + best[2]
                ? pl
                : best,
            );
            if (z1 <= zc + 1e-9)
              emit(
                planes.reduce((c, pl) => line(pl, 0, 1)(c), cell),
                [f, k, fo, ko],
              );
            emit(line(active, ROOF_OVER_CEILING, 1)(z1 <= zc + 1e-9 ? line(active, 0, -1)(cell) : cell), [
              facade0,
              0,
              1,
              1,
            ]);
            continue;
          }
          quad([at(s0, d, z0), at(s1, d, z0), at(s1, d, z1), at(s0, d, z1)], facing, f, k, fo, ko);
        }
      }
    };
    const oz = ops.flatMap((o) => [o.z0, o.z1]);
    const wall = refl.vertical_reflectance;
    const facade = refl.facade_reflectance;
    // s of the facade's ends in this edge's frame (the offset corners).
    const sa = (ring[e]![0] - ax) * ux + (ring[e]![1] - ay) * uy;
    const sb = (ring[(e + 1) % n]![0] - ax) * ux + (ring[(e + 1) % n]![1] - ay) * uy;
    if (T > 0) {
      wallFace(0, 0, lengths[e]!, [zf, zc, ...oz], () => [wall, 0, 0, 0], inward);
      wallFace(T, sa, sb, [0, top, ...oz], () => [facade, 0, 1, 1], out);
    } else {
      // A thin wall: one surface, facade outside and (between floor and ceiling) wall inside.
      wallFace(
        0,
        sa,
        sb,
        [0, zf, zc, top, ...oz],
        (z) => (z > zf && z < zc ? [facade, wall, 1, 0] : [facade, 0, 1, 1]),
        out,
      );
    }
    for (const o of ops) {
      if (T > 0) {
        for (const [d0, d1, o2] of [
          [0, T / 2, 0],
          [T / 2, T, 1],
        ] as const) {
          quad(
            [at(o.s0, d0, o.z0), at(o.s1, d0, o.z0), at(o.s1, d1, o.z0), at(o.s0, d1, o.z0)],
            [0, 0, 1],
            wall,
            0,
            o2,
            o2,
          );
          quad(
            [at(o.s0, d0, o.z1), at(o.s1, d0, o.z1), at(o.s1, d1, o.z1), at(o.s0, d1, o.z1)],
            [0, 0, -1],
            wall,
            0,
            o2,
            o2,
          );
          quad(
            [at(o.s0, d0, o.z0), at(o.s0, d1, o.z0), at(o.s0, d1, o.z1), at(o.s0, d0, o.z1)],
            [ux, uy, 0],
            wall,
            0,
            o2,
            o2,
          );
          quad(
            [at(o.s1, d0, o.z0), at(o.s1, d1, o.z0), at(o.s1, d1, o.z1), at(o.s1, d0, o.z1)],
            [-ux, -uy, 0],
            wall,
            0,
            o2,
            o2,
          );
        }
      }
      const d = T / 2;
      const rect = (s0: number, s1: number, z0: number, z1: number): V3[] => [
        at(s0, d, z0),
        at(s1, d, z0),
        at(s1, d, z1),
        at(s0, d, z1),
      ];
      const { s0, s1, z0, z1, b } = o;
      if (b > 0) {
        quad(rect(s0, s1, z0, z0 + b), out, FRAME_RHO, FRAME_RHO, 1, 0);
        quad(rect(s0, s1, z1 - b, z1), out, FRAME_RHO, FRAME_RHO, 1, 0);
        quad(rect(s0, s0 + b, z0 + b, z1 - b), out, FRAME_RHO, FRAME_RHO, 1, 0);
        quad(rect(s1 - b, s1, z0 + b, z1 - b), out, FRAME_RHO, FRAME_RHO, 1, 0);
      }
      if (s1 - s0 > 2 * b && z1 - z0 > 2 * b)
        quad(rect(s0 + b, s1 - b, z0 + b, z1 - b), out, GLASS, GLASS, 1, 0);
    }
  }

  const ctx = room.mesh?.positions ?? new Float32Array(0);
  for (let i = 0; i + 9 <= ctx.length; i += 9) {
    const v = (k: number): V3 => [ctx[i + 3 * k]!, ctx[i + 3 * k + 1]!, ctx[i + 3 * k + 2]!];
    const [a, b, c] = [v(0), v(1), v(2)];
    if (Math.hypot(...crossV(sub(b, a), sub(c, a))) < 1e-14) continue;
    tri(a, b, c, CONTEXT_RHO, CONTEXT_RHO, 1, 1);
  }

  return {
    positions: Float64Array.from(pos),
    front: Float32Array.from(front),
    back: Float32Array.from(back),
    frontOut: Uint8Array.from(frontOut),
    backOut: Uint8Array.from(backOut),
    terrain: refl.terrain_reflectance,
    floor: zf,
    ceiling: zc,
    workPlane: zf + WORK_PLANE,
    thickness: T,
  };
}

/**
 * A skylight as the oracle takes it: an axis-aligned rectangle in a rectilinear room (what its cut ceiling
 * supports); anything else is refused rather than built wrong.
 */
function skylightRect(corners: readonly (readonly number[])[], room: readonly P2[]) {
  const axisAligned = (q: readonly (readonly number[])[]): boolean =>
    q.every((a, i) => {
      const b = q[(i + 1) % q.length]!;
      return Math.abs(a[0]! - b[0]!) < 1e-9 || Math.abs(a[1]! - b[1]!) < 1e-9;
    });
  if (corners.length !== 4 || !axisAligned(corners) || !axisAligned(room))
    throw new Error('The oracle builds skylights only as axis-aligned rectangles in rectilinear rooms');
  const xs = corners.map((c) => c[0]!),
    ys = corners.map((c) => c[1]!);
  return {
    x0: Math.min(...xs),
    x1: Math.max(...xs),
    y0: Math.min(...ys),
    y1: Math.max(...ys),
    frameRatio: 0,
  };
}

/** Sorted distinct cut positions within [lo, hi]. */
function cuts(values: number[], lo: number, hi: number): number[] {
  const v = values.map((x) => Math.min(hi, Math.max(lo, x))).sort((a, b) => a - b);
  return v.filter((x, i) => i === 0 || x - v[i - 1]! > 1e-9);
}

function definedOnly(p: RoomParameters): Partial<typeof DEFAULT_REFLECTANCES> {
  const out: Record<string, number> = {};
  for (const k of Object.keys(DEFAULT_REFLECTANCES)) {
    const v = (p as unknown as Record<string, unknown>)[k];
    if (typeof v === 'number') out[k] = v;
  }
  return out;
}

const sub = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: V3, b: V3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const crossV = (a: V3, b: V3): V3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
