import { hostPlane, vertexMean } from '../engine/skylight';

/**
 * The tilt (°) up to which a roof opening counts as horizontal for EN 17037: a rooflight in a flat roof, not a
 * roof window in a pitched roof (an inclined opening, judged as a window is).
 */
export const HORIZONTAL_TILT = 10;

/** A room's openings as every face holds them: its wall windows, its skylights, its ceiling. */
export interface RoomOpenings {
  wallWindows: number;
  skylights: readonly { polygon: readonly (readonly number[])[] }[];
  /** A sloped ceiling's planes z = a·x + b·y + c, in the frame of `ceiling`; none: a flat ceiling. */
  ceilingPlanes?: readonly (readonly [number, number, number])[] | null | undefined;
  /** The flat ceiling's (or the planes' top's) height, in the planes' frame. */
  ceiling: number;
}

/**
 * Whether a room is lit through horizontal openings only (rooflights, no window in a wall or a slope):
 * EN 17037 (Annex A) then asks its target over 95 % of the reference plane, not 50 %, as light from above
 * reaches the whole floor. Each skylight's tilt is its host plane's (the surface lowest over its centre,
 * as the engine places it: engine/skylight.ts).
 */
export function litFromAboveOnly(o: RoomOpenings): boolean {
  if (o.wallWindows > 0 || o.skylights.length === 0) return false;
  const planes = o.ceilingPlanes ?? [];
  const level = Math.tan((HORIZONTAL_TILT * Math.PI) / 180);
  return o.skylights.every(({ polygon }) => {
    const [a, b] = hostPlane(planes, o.ceiling, ...vertexMean(polygon));
    return Math.hypot(a, b) <= level;
  });
}

/**
 * litFromAboveOnly for a `/run` or `/simulate` body (its `parameters`: windows and skylights as the API's
 * records keyed by id or the core's lists, ceiling_planes; heights above the terrain, as the planes are).
 */
export function requestLitFromAbove(body: object | null): boolean {
  const p = (body as { parameters?: Record<string, unknown> } | null)?.parameters;
  if (!p) return false;
  const windows = p['windows'];
  const skylights = p['skylights'];
  return litFromAboveOnly({
    wallWindows: Array.isArray(windows) ? windows.length : windows ? Object.keys(windows).length : 0,
    skylights: (Array.isArray(skylights)
      ? skylights
      : skylights && typeof skylights === 'object'
        ? Object.values(skylights)
        : []) as RoomOpenings['skylights'],
    ceilingPlanes: (p['ceiling_planes'] as RoomOpenings['ceilingPlanes']) ?? null,
    ceiling: Number(p['floor_height_above_terrain'] ?? 0) + Number(p['height_roof_over_floor'] ?? 0),
  });
}
