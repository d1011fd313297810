/**
 * Compass bearings of the API's directions (issue 19 §1). The API's frame (conventions.md) measures a
 * direction as an angle from +x (east), counter-clockwise; an architect reads a bearing: degrees from north,
 * clockwise, and a compass point. A site's true north may be turned from the plan's up (+y, the API's
 * north): `north` is that turn, in degrees clockwise. North only changes what is shown of a daylight factor:
 * the API's frame stays as it is, and a request sends the same coordinates whatever the north (a year of
 * weather says it: `climate.plan_north`).
 */
const POINTS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
export type CompassPoint = (typeof POINTS)[number];

/** An angle in degrees into [0, 360). */
export const wrap360 = (deg: number): number => ((deg % 360) + 360) % 360;

/** Degrees from true north, clockwise, of the API direction `directionAngle` (0 = +x, counter-clockwise). */
export function compassBearing(directionAngle: number, north = 0): number {
  return wrap360(90 - directionAngle - north);
}

/** The nearest of the eight compass points (N, NE, … NW). */
export function compassPoint(bearing: number): CompassPoint {
  return POINTS[Math.round(wrap360(bearing) / 45) % 8]!;
}

/** "S 180°": the compass point and the bearing, as a plan or a report states a facade's orientation. */
export function formatBearing(directionAngle: number, north = 0): string {
  const b = compassBearing(directionAngle, north);
  const shown = Math.round(b) % 360;
  return `${compassPoint(b)} ${shown}°`;
}
