import { validationError } from '../errors';
import {
  containsPoint,
  dropClosingPoint,
  nearestBoundaryPoint,
  polygonDefect,
  signedArea,
  type Polygon,
} from '../geometry/polygon';
import { convexOverlap, isConvex } from '../geometry/convex';
import type { Vec2 } from '../geometry/vec';
import type { SkylightSpec } from '../types';

/** A skylight as zod returns it. */
export interface RawSkylight {
  polygon: [number, number][];
  window_frame_ratio?: number | undefined;
  glass_transmittance?: number | undefined;
}

/** The most skylights one room may have, and the most corners one may have. */
export const MAX_SKYLIGHTS = 32;
const MAX_CORNERS = 16;
/** How far (m) a skylight's corner may lie outside the room (its outline drawn on the wall's line). */
const ON_ROOM = 1e-6;

/**
 * A room's skylights checked against it: each a convex polygon of at least 0.01 m² inside the room's
 * outline, none overlapping another (the engine cuts each out of the ceiling once).
 */
export function checkedSkylights(
  raw: Record<string, RawSkylight> | undefined,
  room: Polygon,
): SkylightSpec[] {
  const entries = Object.entries(raw ?? {});
  if (entries.length > MAX_SKYLIGHTS)
    throw validationError(
      `Parameter 'skylights' has ${entries.length} skylights; at most ${MAX_SKYLIGHTS} are supported`,
    );
  const out = entries.map(([id, s]): SkylightSpec => {
    const name = `skylights.${id}`;
    const polygon = dropClosingPoint(s.polygon.map((p): Vec2 => [p[0], p[1]]));
    if (polygon.length > MAX_CORNERS)
      throw validationError(
        `Parameter '${name}.polygon' has ${polygon.length} corners; at most ${MAX_CORNERS}`,
      );
    const defect = polygonDefect(polygon);
    if (defect) throw validationError(`Parameter '${name}.polygon' is not a simple polygon: it ${defect}`);
    if (!isConvex(polygon))
      throw validationError(`Parameter '${name}.polygon' must be convex (a skylight is one opening)`);
    if (Math.abs(signedArea(polygon)) < 0.01)
      throw validationError(`Parameter '${name}.polygon' encloses less than 0.01 m²`);
    const outside = polygon.find(
      (p) => !containsPoint(room, p) && nearestBoundaryPoint(room, p).distance > ON_ROOM,
    );
    // A convex opening with every corner in the room lies in it unless a corner of the room pokes into it.
    const poking = room.find((c) => strictlyInside(polygon, c));
    if (outside || poking)
      throw validationError(
        `Parameter '${name}.polygon' must lie inside the room's outline (${outside ? `corner [${outside.join(', ')}] is outside` : `the room's corner [${poking!.join(', ')}] is inside it`})`,
      );
    const spec: SkylightSpec = { id, polygon };
    if (s.window_frame_ratio !== undefined) spec.window_frame_ratio = s.window_frame_ratio;
    if (s.glass_transmittance !== undefined) spec.glass_transmittance = s.glass_transmittance;
    return spec;
  });
  for (let i = 0; i < out.length; i++)
    for (let j = i + 1; j < out.length; j++)
      if (convexOverlap(out[i]!.polygon, out[j]!.polygon))
        throw validationError(`Parameters 'skylights.${out[i]!.id}' and 'skylights.${out[j]!.id}' overlap`);
  return out;
}

/** Whether p lies inside convex `poly` by more than a millimetre from each edge. */
function strictlyInside(poly: Polygon, p: Vec2): boolean {
  const s = Math.sign(signedArea(poly));
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!,
      b = poly[(i + 1) % poly.length]!;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const cr = ((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])) / len;
    if (s * cr <= 1e-3) return false;
  }
  return true;
}
