import { joinContext } from '../ifc/context';
import type { IfcBuilding } from '../ifc/building';
import { buildingAngles, requestsWithAngles, type RoomAngles, type roomRequest } from '../ifc/roomRequest';

/** What every room of a building sees: the obstruction mesh, each window's angles from it, the requests. */
export interface BuildingSurroundings {
  /** The building's own triangles and the context files', on the building's terrain. */
  context: Float32Array;
  angles: RoomAngles;
  /** Each analysable room's `/run` body, complete with its windows' angles (null: a room with a problem). */
  requests: (ReturnType<typeof roomRequest> | null)[];
}

/**
 * The building among its surroundings: its own mesh joined with the context files (in its coordinates,
 * on its terrain), and every analysable room's request with its windows' angles from that mesh.
 */
export function surroundBuilding(
  building: Pick<IfcBuilding, 'rooms' | 'terrainZ' | 'context'>,
  files: readonly Float32Array[],
  onProgress?: (fraction: number) => void,
): BuildingSurroundings {
  const context = joinContext(building.context, files, building.terrainZ);
  const angles = buildingAngles(building.rooms, context, onProgress);
  return { context, angles, requests: requestsWithAngles(building.rooms, angles) };
}
