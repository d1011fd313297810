import { validationError } from '../errors';
import { bounds, polygonDefect, type Polygon } from '../geometry/polygon';
import { MAX_ROOM_EXTENT } from './ranges';
import {
  distanceToBoundary,
  ON_WALL_TOLERANCE,
  windowGeometry,
  type WindowGeometry,
} from '../geometry/window';
import type { WindowSpec } from '../types';

/** How far (m) a window may reach beyond the floor..ceiling range (conventions.md). */
export const HEIGHT_TOLERANCE = 0.15;

export function checkPolygon(poly: Polygon, name = 'room_polygon'): void {
  const defect = polygonDefect(poly);
  if (defect) throw validationError(`Parameter '${name}' is not a simple polygon: it ${defect}`);
  const b = bounds(poly);
  const extent = Math.max(b.maxX - b.minX, b.maxY - b.minY);
  if (extent > MAX_ROOM_EXTENT) {
    throw validationError(
      `Parameter '${name}' spans ${+extent.toPrecision(6)} m; rooms up to ${MAX_ROOM_EXTENT} m across are supported`,
    );
  }
}

/** Derives a window's geometry and rejects windows that are not on the room or have no opening. */
export function checkedWindowGeometry(poly: Polygon, w: WindowSpec): WindowGeometry {
  const name = `windows.${w.id}`;
  const g = windowGeometry(poly, w);
  if (distanceToBoundary(poly, w, g.directionAngle) > ON_WALL_TOLERANCE) {
    throw validationError(
      `Parameter '${name}' is not on the room polygon boundary (tolerance ${ON_WALL_TOLERANCE} m)`,
    );
  }
  if (!(g.width > 1e-6)) throw validationError(`Parameter '${name}' has zero width along its wall`);
  return g;
}

/** A window's z range against the room's floor..ceiling, with the 0.15 m tolerance. */
export function checkWindowHeights(w: WindowSpec, floor: number, ceiling: number): void {
  const name = `windows.${w.id}`;
  const bottom = Math.min(w.z1, w.z2);
  const top = Math.max(w.z1, w.z2);
  if (!(top - bottom > 1e-6))
    throw validationError(`Parameter '${name}' has zero height (z1 = z2 = ${w.z1})`);
  if (bottom < floor - HEIGHT_TOLERANCE - 1e-9) {
    throw validationError(
      `Parameter '${name}' starts at z ${bottom}, more than ${HEIGHT_TOLERANCE} m below the floor (z ${floor}); z values are absolute`,
    );
  }
  if (top > ceiling + HEIGHT_TOLERANCE + 1e-9) {
    throw validationError(
      `Parameter '${name}' ends at z ${top}, more than ${HEIGHT_TOLERANCE} m above the ceiling (z ${ceiling}); z values are absolute`,
    );
  }
}
