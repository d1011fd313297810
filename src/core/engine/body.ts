import type { Vec2 } from '../geometry/vec';
import { ceilingParts } from './ceilingParts';
import { ROOF_ABOVE_CEILING, type RoomModel } from './model';
import earcut from 'earcut';
import { bodyOutline } from './bodyOutline';
import { triangulate } from './polygon2d';
import type { Crowns } from '../types';

export { ROOF_ABOVE_CEILING };

export interface ExteriorGeometry {
  /** The context mesh (reflectance CONTEXT_REFLECTANCE); empty when the request has none. */
  context: Float32Array;
  /** Tree crowns that let part of the light through (crowns.ts); null when the request has none. */
  crowns?: Crowns | null;
  /** The building body's triangles (reflectance `facade`). */
  body: Float32Array;
  facade: number;
  /**
   * Whether the body's faces are wound out of it (walls along rings with the solid on their left, the roof
   * counter-clockwise from above): a ray meeting one from behind started inside the walls — a window
   * opening into a gap they close — and sees no light there (exterior.ts).
   */
  windsOut: boolean;
}

/**
 * The exterior scene's triangles: every context triangle (reflectance 0.30) and the building body — the
 * room polygon offset outward by the wall thickness (bodyOutline.ts: a gap the walls close is solid), from
 * the terrain to 0.3 m above the ceiling (above a sloped ceiling the roof follows its planes, so that a roof
 * window's glass lies in the roof's face), walls and roof with the facade reflectance. The window openings are not cut into the body: exterior rays that
 * could reach an opening from outside see facade there, a negligible difference (the openings are a small
 * part of what any exterior point sees), and it keeps the body watertight.
 */
export function exteriorGeometry(model: RoomModel): ExteriorGeometry {
  const { rings, windsOut } = bodyOutline(model.polygon, model.edgeNormals, model.thickness);
  const top = model.ceiling + ROOF_ABOVE_CEILING;
  const planes = model.ceilingPlanes.map(([a, b, c]): [number, number, number] => [
    a,
    b,
    c + ROOF_ABOVE_CEILING,
  ]);
  const roofAt = (x: number, y: number): number =>
    planes.reduce((z, [a, b, c]) => Math.min(z, a * x + b * y + c), top);
  const tris: number[] = [];
  for (const ring of rings) {
    const n = ring.length;
    for (let i = 0; i < n; i++) {
      const a = ring[i]!;
      const b = ring[(i + 1) % n]!;
      // The wall up to the roof: in pieces between the points along it where the lowest plane changes.
      const along = wallBreaks(a, b, planes, top);
      for (let k = 0; k + 1 < along.length; k++) {
        const p = lerp(a, b, along[k]!),
          q = lerp(a, b, along[k + 1]!);
        const zp = roofAt(p[0], p[1]),
          zq = roofAt(q[0], q[1]);
        tris.push(p[0], p[1], 0, q[0], q[1], 0, q[0], q[1], zq);
        tris.push(p[0], p[1], 0, q[0], q[1], zq, p[0], p[1], zp);
      }
    }
  }
  for (const piece of roofPieces(rings))
    for (const [part, [pa, pb, pc]] of ceilingParts(piece, top, planes))
      for (const [i, j, k] of triangulate(part))
        for (const v of [part[i]!, part[j]!, part[k]!]) tris.push(v[0], v[1], pa * v[0] + pb * v[1] + pc);
  // The context is passed as it is (not copied): its tree is kept per array (surfaces.ts).
  const context = model.mesh?.positions ?? new Float32Array(0);
  return {
    context,
    crowns: model.crowns,
    body: new Float32Array(tris),
    facade: model.reflectance.facade,
    windsOut,
  };
}

/**
 * The roof's plan in simple pieces: the outline itself, or, around courtyards, its triangles (earcut, the
 * triangulator three.js uses; polygon2d's ear clipping takes no holes).
 */
function roofPieces(rings: readonly Vec2[][]): Vec2[][] {
  if (rings.length === 1) return [rings[0]!.slice()];
  const flat = rings.flatMap((r) => r.flatMap((p) => [p[0], p[1]]));
  const holes: number[] = [];
  let at = 0;
  for (const r of rings.slice(0, -1)) holes.push((at += r.length));
  const pts = rings.flat();
  const idx = earcut(flat, holes);
  const out: Vec2[][] = [];
  for (let i = 0; i < idx.length; i += 3) out.push([pts[idx[i]!]!, pts[idx[i + 1]!]!, pts[idx[i + 2]!]!]);
  return out;
}

const lerp = (a: Vec2, b: Vec2, t: number): Vec2 => [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];

/**
 * The fractions 0…1 along a → b where two of the roof's surfaces (the planes and the flat top) cross: the
 * roof's line along the wall is straight between them.
 */
function wallBreaks(a: Vec2, b: Vec2, planes: readonly [number, number, number][], top: number): number[] {
  if (planes.length === 0) return [0, 1];
  // Each surface along the wall as z = α·t + β.
  const lines = [[0, 0, top] as const, ...planes].map(([pa, pb, pc]) => [
    pa * (b[0] - a[0]) + pb * (b[1] - a[1]),
    pa * a[0] + pb * a[1] + pc,
  ]);
  const out = [0, 1];
  for (let i = 0; i < lines.length; i++)
    for (let j = i + 1; j < lines.length; j++) {
      const da = lines[i]![0]! - lines[j]![0]!;
      if (Math.abs(da) < 1e-12) continue;
      const t = (lines[j]![1]! - lines[i]![1]!) / da;
      if (t > 1e-9 && t < 1 - 1e-9) out.push(t);
    }
  return out.sort((x, y) => x - y);
}
