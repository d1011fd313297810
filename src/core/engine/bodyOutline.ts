import { Clipper, EndType, JoinType, type PathD } from 'clipper2-ts';
import { isConvex } from '../geometry/convex';
import { containsPoint } from '../geometry/polygon';
import type { Vec2 } from '../geometry/vec';
import type { RoomModel } from './model';
import { offsetPolygon, signedArea2 } from './polygon2d';

/**
 * The building body's plan (body.ts): the room polygon offset outward by the wall thickness, as rings —
 * the outline first, then any courtyards it encloses.
 *
 * Mostly that is the mitred ring of offsetPolygon. Where the walls' thickness closes a gap between two of
 * the room's own walls (a notch narrower than twice the thickness), that ring folds over itself: the
 * notch's walls come out inverted, the roof over them is triangulated from a polygon that is not simple,
 * and light leaked through the gap to a window opening into it (stress rooms non-rect #42001, balcony-thick
 * #48011: a 0.59 m notch between 0.33 m walls lit to 0.18 % DF). The true offset then fills the gap, and
 * a window opening into it opens into the walls' solid. That outline is Clipper2's mitred offset, a
 * well-kept polygon library, instead of a hand-written union. The mitred ring is kept wherever it is the
 * same region (same area), so that every other room's body is the triangles it always was.
 */
export interface BodyOutline {
  /** The outline, then any courtyards. */
  rings: Vec2[][];
  /**
   * Whether the outline is Clipper's: every ring runs with the solid on its left (the outline
   * counter-clockwise, courtyards clockwise), so that its walls' winding normals leave the solid, and a
   * ray can start inside the solid (from a window opening into a gap the walls close). The mitred ring
   * keeps double-sided walls: a ray leaving the glass grazes its own wall's plane and may meet it from
   * behind by rounding, a false hit that is no more right dark than lit, and leaving it as it was keeps
   * every such room's light (the committed truths) to the bit.
   */
  windsOut: boolean;
}

export function bodyOutline(poly: readonly Vec2[], normals: readonly Vec2[], t: number): BodyOutline {
  const ring = offsetPolygon(poly, normals, t);
  const mitred = { rings: [ring], windsOut: false };
  // A convex room has no gap between its own walls: its mitred ring is always simple.
  if (t === 0 || isConvex(poly)) return mitred;
  const path: PathD = poly.map(([x, y]) => ({ x, y }));
  // Mitres as long as offsetPolygon's (which never squares a corner), to 1 µm.
  const paths = Clipper.inflatePathsD([path], t, JoinType.Miter, EndType.Polygon, MITRE_LIMIT, 6);
  const rings = paths.map(clean).filter((r) => r.length >= 3);
  const area = rings.reduce((s, r) => s + signedArea2(r), 0);
  const same = rings.length === 1 && Math.abs(Math.abs(area) - Math.abs(signedArea2(ring))) <= AREA_TOLERANCE;
  if (same || rings.length === 0) return mitred;
  // The outline (largest) first; Clipper orients the outline counter-clockwise, courtyards clockwise.
  rings.sort((a, b) => Math.abs(signedArea2(b)) - Math.abs(signedArea2(a)));
  return { rings, windsOut: true };
}

/** Whether the room's walls close a gap between two of its own walls (its body is not the mitred ring). */
export const wallsCloseAGap = (m: Pick<RoomModel, 'polygon' | 'edgeNormals' | 'thickness'>): boolean =>
  bodyOutline(m.polygon, m.edgeNormals, m.thickness).windsOut;

/**
 * The windows that open into a gap the walls close: the middle of the opening's outer face, 1 cm out, lies
 * inside the body (the engine gives them no light; /run's answer says so in its warnings).
 */
export function windowsIntoClosedGaps(m: RoomModel): RoomModel['windows'] {
  const { rings, windsOut } = bodyOutline(m.polygon, m.edgeNormals, m.thickness);
  if (!windsOut) return [];
  return m.windows.filter((w) => {
    const s = (w.s0 + w.s1) / 2,
      out = m.thickness + 0.01;
    const p: Vec2 = [w.ox + w.ux * s + w.nx * out, w.oy + w.uy * s + w.ny * out];
    // Even-odd over every ring: inside the outline and not in a courtyard.
    return rings.filter((r) => containsPoint(r, p)).length % 2 === 1;
  });
}

/** Clipper's limit is in multiples of the offset: a corner of 0.1° would need 1 146. */
const MITRE_LIMIT = 1e4;

/** m²: rounding to 1 µm moves a room's offset area by perimeter × 1 µm, ~10⁻⁴ m² for a large room. */
const AREA_TOLERANCE = 1e-3;

/** Clipper's ring as points, without repeated ones (it may emit a point twice where a mitre meets). */
function clean(path: PathD): Vec2[] {
  const out: Vec2[] = [];
  for (const p of path) {
    const q = out[out.length - 1];
    if (!q || Math.hypot(p.x - q[0], p.y - q[1]) > 1e-6) out.push([p.x, p.y]);
  }
  const a = out[0],
    z = out[out.length - 1];
  if (a && z && out.length > 1 && Math.hypot(a[0] - z[0], a[1] - z[1]) <= 1e-6) out.pop();
  return out;
}
