import { RANGES } from '../validation/ranges';
import type { RawCrowns } from '../validation/crowns';

/**
 * Rooms above the API's floor range (floor_height_above_terrain 0–10 m, api.md, as the original service and
 * its model take it), sent as the API takes them: the room and its windows lowered together to 10 m, each
 * window's horizon and zenith angles measured where it really is. Over the unbounded terrain of physics.md
 * a window sees the same ground from any height; what changes with height (the view over lower
 * neighbours) is in the angles. So the engine's map is the one at the real height (a room with the same
 * angles at 2 m and at 10 m differs by Monte-Carlo noise, test/api/highFloor.test.ts), and the model
 * reads 10 m, the top of what it learned, as the original clamps it.
 *
 * Only bodies whose windows all have their angles (their own, or the body's) may be lowered: a mesh sent with the body would be
 * seen from the wrong height. Such a body is returned as it is, and the API names the range.
 */
export const FLOOR_MAX = RANGES.floor_height_above_terrain.max;

/** The highest floor a room may have in Lux's faces (m): above the tallest buildings' top storeys. */
export const FLOOR_LIMIT = 600;

/** How far a room at `floor` m is lowered to be sent (0 within the range). */
export const floorDrop = (floor: number): number => Math.max(0, floor - FLOOR_MAX);

/**
 * Whether a building's room is computed among the building's mesh (the command line, server jobs and the
 * app's Building view alike): not one above the API's floor range, which is sent lowered and seen through its
 * windows' angles, the mesh standing at the wrong height around it.
 */
export const meshReaches = (room: { floor_height_above_terrain: number } | undefined): boolean =>
  room !== undefined && floorDrop(room.floor_height_above_terrain) === 0;

export function lowerToFloorRange<
  T extends {
    parameters: Record<string, unknown>;
    mesh?: unknown;
    mesh_id?: unknown;
    horizon?: unknown;
    zenith?: unknown;
    crowns?: RawCrowns | undefined;
  },
>(body: T): T {
  const floor = body.parameters.floor_height_above_terrain;
  if (typeof floor !== 'number') return body;
  const drop = floorDrop(floor);
  const windows = body.parameters.windows as Record<string, Record<string, unknown>> | undefined;
  if (drop === 0 || !windows || body.mesh !== undefined || body.mesh_id !== undefined) return body;
  // Angles for every window: its own, or the body's (one set for all windows).
  const shared = Array.isArray(body.horizon) && Array.isArray(body.zenith);
  if (!shared && !Object.values(windows).every((w) => Array.isArray(w.horizon) && Array.isArray(w.zenith)))
    return body;
  const r = (v: number): number => Math.round(v * 1e6) / 1e6;
  const planes = body.parameters.ceiling_planes;
  return {
    ...body,
    // Trees around it too: they keep their height from the room's floor (those lower than the drop sink
    // into the terrain plane, as the ground they stand on does).
    ...(body.crowns ? { crowns: loweredCrowns(body.crowns, drop) } : {}),
    parameters: {
      ...body.parameters,
      floor_height_above_terrain: FLOOR_MAX,
      windows: Object.fromEntries(
        Object.entries(windows).map(([id, w]) => [
          id,
          { ...w, z1: r((w.z1 as number) - drop), z2: r((w.z2 as number) - drop) },
        ]),
      ),
      // A sloped ceiling's planes are absolute heights too: lowered with the room.
      ...(Array.isArray(planes)
        ? { ceiling_planes: (planes as number[][]).map(([a, b, c]) => [a, b, r(c! - drop)]) }
        : {}),
    },
  };
}

/** Crowns lowered by `drop` metres, with the room they are sent with (lowerToFloorRange). */
export function loweredCrowns(c: RawCrowns, drop: number): RawCrowns {
  if (drop === 0) return c;
  const r = (v: number): number => Math.round(v * 1e6) / 1e6;
  return {
    ...c,
    trees: c.trees.map((t) => ({ ...t, centre: [t.centre[0], t.centre[1], r(t.centre[2] - drop)] })),
  };
}
