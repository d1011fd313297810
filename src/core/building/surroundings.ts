import { joinContext } from '../ifc/context';
import { loweredCrowns } from '../api/highFloor';
import type { IfcBuilding, IfcRoom } from '../ifc/building';
import { buildingAngles, requestsWithAngles, roomRequest, type RoomAngles } from '../ifc/roomRequest';
import type { RawCrowns } from '../validation/crowns';

/** What every room of a building sees: the obstruction mesh, each window's angles from it, the requests. */
export interface BuildingSurroundings {
  /** The building's own triangles and the context files', on the building's terrain. */
  context: Float32Array;
  angles: RoomAngles;
  /**
   * Each analysable room's `/run` body, complete with its windows' angles and the building's translucent
   * trees (null: a room with a problem).
   */
  requests: ((ReturnType<typeof roomRequest> & { crowns?: RawCrowns }) | null)[];
}

/**
 * The building among its surroundings: its own mesh joined with the context files (in its coordinates,
 * on its terrain), and every analysable room's request with its windows' angles from that mesh.
 */
export function surroundBuilding(
  building: Pick<IfcBuilding, 'rooms' | 'terrainZ' | 'context' | 'crowns'>,
  files: readonly Float32Array[],
  onProgress?: (fraction: number) => void,
): BuildingSurroundings {
  const context = joinContext(building.context, files, building.terrainZ);
  const angles = buildingAngles(building.rooms, context, onProgress);
  return { context, angles, requests: requestsWithCrowns(building, angles) };
}

/**
 * Every analysable room's `/run` body with its windows' angles, and the building's translucent trees
 * where it has some: they ride in every room's request, for the engine to trace (the angles hold no tree).
 */
export function requestsWithCrowns(
  building: Pick<IfcBuilding, 'rooms' | 'crowns'>,
  angles: RoomAngles,
): BuildingSurroundings['requests'] {
  const requests = requestsWithAngles(building.rooms, angles);
  const crowns = building.crowns;
  return crowns ? requests.map((r, i) => r && withCrowns(r, building.rooms[i]!, crowns)) : requests;
}

/** One room's body as requestsWithCrowns makes it (a room kept from the editor). */
export function roomRequestWithCrowns(
  building: Pick<IfcBuilding, 'crowns'>,
  room: IfcRoom,
  angles: NonNullable<RoomAngles[number]>,
): ReturnType<typeof roomRequest> & { crowns?: RawCrowns } {
  const body = roomRequest(room, angles);
  return building.crowns ? withCrowns(body, room, building.crowns) : body;
}

/** A room's body with the crowns, lowered with it where the room was (highFloor.ts: above 10 m). */
function withCrowns<B extends { parameters: Record<string, unknown> }>(
  body: B,
  room: IfcRoom,
  crowns: RawCrowns,
): B & { crowns: RawCrowns } {
  const drop = room.floor_height_above_terrain - (body.parameters.floor_height_above_terrain as number);
  return { ...body, crowns: loweredCrowns(crowns, drop) };
}
