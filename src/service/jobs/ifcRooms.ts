import { floorDrop } from '../../core/api/highFloor';
import type { RoomPass } from '../../core/building/outcome';
import { jobRoomBody } from '../../core/jobs/buildingOnServer';
import { surroundBuilding } from '../../core/building/surroundings';
import { buildingFromIfc, type IfcBuilding } from '../../core/ifc/building';
import { readIfc } from '../../ifc/webIfcSource';
import { readContextFile } from '../../importers/contextFile';
import { CONTEXT_UNREADABLE, type IfcJobParams } from './ifcParams';

export type { IfcJobParams } from './ifcParams';

/**
 * An IFC file made into a job's rooms (issue 37 §1), as `npm run ifc` makes them: the building read, each
 * window's angles from the building's own mesh, one request per IfcSpace (null for a room with a problem,
 * which the files list with its reason), and the pass's body for each analysable room. Runs on a compute
 * thread (web-ifc and the angles take seconds for a big building). Throws a LuxError-shaped message on a
 * file that is not IFC.
 */
export interface IfcRooms {
  building: Omit<IfcBuilding, 'context'>;
  requests: (object | null)[];
  pass: RoomPass;
  /**
   * The year's pass (its weather is the job's): its rooms follow the pass's in `rooms`, in the same order,
   * so the job's room k is building room roomIndex[k % n] in pass ⌊k / n⌋.
   */
  climate: (RoomPass & { method: 'climate' }) | null;
  /** The context files' names, for the report. */
  contexts: string[];
  /** The job's rooms: each analysable room's body, and which building room it is. */
  rooms: object[];
  roomIndex: number[];
  /** The building's own mesh the engine sees (9 floats a triangle); empty for the model. */
  context: Float32Array;
}

export async function ifcRooms(bytes: Uint8Array, p: IfcJobParams): Promise<IfcRooms> {
  const source = await readIfc(bytes);
  const { context: _mesh, ...building } = buildingFromIfc(source, {
    defaultFrameRatio: p.frameRatio,
    ...(p.vegetation ? { vegetation: p.vegetation } : {}),
    ...(p.crownTransmittance !== undefined ? { crownTransmittance: p.crownTransmittance } : {}),
  });
  const files: Float32Array[] = [];
  for (const c of p.contexts ?? []) {
    try {
      files.push(await readContextFile(c.name, c.bytes, building.origin));
    } catch (e) {
      throw new Error(`${CONTEXT_UNREADABLE}${(e as Error).message}`, { cause: e });
    }
  }
  const { context, requests } = surroundBuilding({ ...building, context: _mesh }, files);
  const pass: RoomPass =
    p.method === 'engine' ? { method: 'engine', quality: p.quality } : { method: 'model' };
  const climate = p.climate
    ? ({ method: 'climate', quality: p.quality, weather: '', planNorth: building.north } as const)
    : null;
  const engine = p.method === 'engine' && context.length > 0;
  const roomIndex = requests.flatMap((r, i) => (r ? [i] : []));
  const rooms = (climate ? [pass, climate] : [pass]).flatMap((each) =>
    // A room sent lowered (above the API's 10 m) is seen through its angles, as the command line does.
    roomIndex.map((i) =>
      jobRoomBody(
        requests[i]!,
        each,
        engine && floorDrop(building.rooms[i]!.floor_height_above_terrain) === 0,
      ),
    ),
  );
  return {
    building,
    requests,
    pass,
    climate,
    contexts: (p.contexts ?? []).map((c) => c.name),
    rooms,
    roomIndex,
    context: engine ? context : new Float32Array(0),
  };
}
