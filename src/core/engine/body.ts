import { ROOF_ABOVE_CEILING, type RoomModel } from './model';
import { offsetPolygon, triangulate } from './polygon2d';

export { ROOF_ABOVE_CEILING };

export interface ExteriorGeometry {
  /** The context mesh (reflectance CONTEXT_REFLECTANCE); empty when the request has none. */
  context: Float32Array;
  /** The building body's triangles (reflectance `facade`). */
  body: Float32Array;
  facade: number;
}

/**
 * The exterior scene's triangles: every context triangle (reflectance 0.30) and the building body — the
 * room polygon offset outward by the wall thickness, from the terrain to 0.3 m above the ceiling, walls and
 * roof with the facade reflectance. The window openings are not cut into the body: exterior rays that
 * could reach an opening from outside see facade there, a negligible difference (the openings are a small
 * part of what any exterior point sees), and it keeps the body watertight.
 */
export function exteriorGeometry(model: RoomModel): ExteriorGeometry {
  const ring = offsetPolygon(model.polygon, model.edgeNormals, model.thickness);
  const top = model.ceiling + ROOF_ABOVE_CEILING;
  const tris: number[] = [];
  const n = ring.length;
  for (let i = 0; i < n; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % n]!;
    tris.push(a[0], a[1], 0, b[0], b[1], 0, b[0], b[1], top);
    tris.push(a[0], a[1], 0, b[0], b[1], top, a[0], a[1], top);
  }
  for (const [i, j, k] of triangulate(ring)) {
    const a = ring[i]!;
    const b = ring[j]!;
    const c = ring[k]!;
    tris.push(a[0], a[1], top, b[0], b[1], top, c[0], c[1], top);
  }
  // The context is passed as it is (not copied): its tree is kept per array (surfaces.ts).
  const context = model.mesh?.positions ?? new Float32Array(0);
  return { context, body: new Float32Array(tris), facade: model.reflectance.facade };
}
