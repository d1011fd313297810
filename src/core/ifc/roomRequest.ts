import { lowerToFloorRange } from '../api/highFloor';
import type { Vec2 } from '../geometry/vec';
import { windowGeometry, type WindowCorners } from '../geometry/window';
import { buildObstructionScene, obstructionFan, type ObstructionScene } from '../obstruction';
import { adoptScene } from '../obstruction/obstructionScene';
import type { IfcRoom } from './building';

/**
 * A room read from IFC as the `/run` (and `/simulate`) body the API takes: what the command line sends to
 * its worker threads and writes into rooms.json, so that any room can be sent to a server as it is.
 * `angles`: each window's 64 horizon and zenith angles (from the building's own mesh), which make the
 * body complete without the mesh.
 */
export function roomRequest(
  room: IfcRoom,
  angles: readonly { horizon: number[]; zenith: number[] }[] | null,
  modelType: 'df_default' | 'df_custom' = 'df_default',
): { model_type: string; parameters: Record<string, unknown> } {
  const windows: Record<string, unknown> = {};
  room.windows.forEach((w, i) => {
    windows[w.id] = {
      x1: w.x1,
      y1: w.y1,
      z1: w.z1,
      x2: w.x2,
      y2: w.y2,
      z2: w.z2,
      window_frame_ratio: w.window_frame_ratio,
      ...(w.glass_transmittance !== undefined ? { glass_transmittance: w.glass_transmittance } : {}),
      ...(angles ? { horizon: angles[i]!.horizon, zenith: angles[i]!.zenith } : {}),
    };
  });
  // A room above the API's 10 m is sent lowered with its windows, its angles measured where it is.
  // Reflectances set in the editor make it a df_custom request.
  return lowerToFloorRange({
    model_type: room.materials ? 'df_custom' : modelType,
    parameters: {
      ...(room.materials ?? {}),
      height_roof_over_floor: room.height_roof_over_floor,
      floor_height_above_terrain: room.floor_height_above_terrain,
      room_polygon: room.room_polygon.map(([x, y]) => [x, y]),
      windows,
      ...(room.skylights.length ? { skylights: skylightsOf(room) } : {}),
      ...(room.ceiling_planes ? { ceiling_planes: room.ceiling_planes.map(([a, b, c]) => [a, b, c]) } : {}),
    },
  });
}

/** The room's skylights as the API takes them, keyed by id. */
function skylightsOf(room: IfcRoom): Record<string, unknown> {
  return Object.fromEntries(
    room.skylights.map((s) => [
      s.id,
      { polygon: s.polygon.map(([x, y]) => [x, y]), window_frame_ratio: s.window_frame_ratio },
    ]),
  );
}

/** Window-to-floor ratio: the openings' areas (glazed and frame, skylights' in plan too) over the floor area, as the original tool gives it for windows. */
export const windowToFloor = (room: IfcRoom): number =>
  room.area > 0
    ? (room.windows.reduce((a, w) => a + w.width * w.height, 0) +
        room.skylights.reduce((a, s) => a + s.area, 0)) /
      room.area
    : 0;

/**
 * Every analysable room's `/run` body with its windows' angles from the building's mesh (and any context
 * files in it); null for a room with a problem. The tree is built once and adopted for these positions, so
 * every room queries it (a later obstructionFans or buildObstructionScene on the same array reuses it)
 * instead of scanning the whole building per room. A window the API would refuse is left to the API's
 * own check when the body is run, which names it.
 */
export function buildingRequests(
  rooms: readonly IfcRoom[],
  context: Float32Array,
  onProgress?: (fraction: number) => void,
): (ReturnType<typeof roomRequest> | null)[] {
  return requestsWithAngles(rooms, buildingAngles(rooms, context, onProgress));
}

/** Each window's angles, room by room (null for a room with a problem): the part that sees the mesh. */
export type RoomAngles = ({ horizon: number[]; zenith: number[] }[] | null)[];

export function buildingAngles(
  rooms: readonly IfcRoom[],
  context: Float32Array,
  onProgress?: (fraction: number) => void,
): RoomAngles {
  const scene = buildObstructionScene({ positions: context });
  adoptScene(scene);
  // A big building's windows take seconds (~5 ms each): the share of rooms done, every 20 rooms.
  return rooms.map((room, i) => {
    if (onProgress && (i % 20 === 19 || i === rooms.length - 1)) onProgress((i + 1) / rooms.length);
    if (room.problem) return null;
    return windowAngles(scene, room.room_polygon, room.windows);
  });
}

/** Each window's 64 horizon and zenith angles from its external reference point (conventions.md). */
export function windowAngles(
  scene: ObstructionScene,
  polygon: readonly Vec2[],
  windows: readonly WindowCorners[],
): { horizon: number[]; zenith: number[] }[] {
  return windows.map((w) => {
    const g = windowGeometry(polygon, w);
    const fan = obstructionFan(scene, g.externalReferencePoint, g.directionAngle);
    return { horizon: fan.horizon, zenith: fan.zenith };
  });
}

/**
 * The rooms' requests from angles measured before: what changes a window's frame ratio, not its place,
 * needs no new look at the mesh.
 */
export function requestsWithAngles(
  rooms: readonly IfcRoom[],
  angles: RoomAngles,
): (ReturnType<typeof roomRequest> | null)[] {
  return rooms.map((room, i) => (room.problem || !angles[i] ? null : roomRequest(room, angles[i])));
}
