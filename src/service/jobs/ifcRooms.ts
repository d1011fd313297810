import { floorDrop } from '../../core/api/highFloor';
import { passBody, type RoomPass } from '../../core/building/outcome';
import { surroundBuilding } from '../../core/building/surroundings';
import { buildingFromIfc, type IfcBuilding } from '../../core/ifc/building';
import { readIfc } from '../../ifc/webIfcSource';

/**
 * An IFC file made into a job's rooms (issue 37 §1), as `npm run ifc` makes them: the building read, each
 * window's angles from the building's own mesh, one request per IfcSpace (null for a room with a problem,
 * which the files list with its reason), and the pass's body for each analysable room. Runs on a compute
 * thread (web-ifc and the angles take seconds for a big building). Throws a LuxError-shaped message on a
 * file that is not IFC.
 */
export interface IfcJobParams {
  method: 'engine' | 'model';
  quality: 'draft' | 'standard' | 'high';
  frameRatio: number;
}

export interface IfcRooms {
  building: Omit<IfcBuilding, 'context'>;
  requests: (object | null)[];
  pass: RoomPass;
  /** The job's rooms: each analysable room's body, and which building room it is. */
  rooms: object[];
  roomIndex: number[];
  /** The building's own mesh the engine sees (9 floats a triangle); empty for the model. */
  context: Float32Array;
}

export async function ifcRooms(bytes: Uint8Array, p: IfcJobParams): Promise<IfcRooms> {
  const source = await readIfc(bytes);
  const { context: _mesh, ...building } = buildingFromIfc(source, { defaultFrameRatio: p.frameRatio });
  const { context, requests } = surroundBuilding({ ...building, context: _mesh }, []);
  const pass: RoomPass =
    p.method === 'engine' ? { method: 'engine', quality: p.quality } : { method: 'model' };
  const engine = p.method === 'engine' && context.length > 0;
  const roomIndex = requests.flatMap((r, i) => (r ? [i] : []));
  const rooms = roomIndex.map((i) => {
    const body = passBody(requests[i]!, pass);
    // A room sent lowered (above the API's 10 m) is seen through its angles, as the command line does.
    return engine && floorDrop(building.rooms[i]!.floor_height_above_terrain) === 0
      ? body
      : { ...body, job_context: false };
  });
  return { building, requests, pass, rooms, roomIndex, context: engine ? context : new Float32Array(0) };
}
