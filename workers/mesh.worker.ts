/**
 * The surroundings in a browser Web Worker (comlink): imports a mesh file, keeps its triangles and their
 * BVH here (a 10⁶-triangle city is ~36 MB and seconds of parsing: never on the page's thread), and answers
 * each window's 64 horizon/zenith angles whenever the room changes. The page gets a copy of the triangles
 * for the 3D view (transferred, not cloned).
 */
import * as Comlink from 'comlink';
import { buildObstructionScene, type ObstructionScene } from '../src/core/obstruction';
import type { WindowSpec } from '../src/core/types';
import { importMesh, ImportError, type ImportedMesh, type UpAxis } from '../src/importers/importMesh';
import {
  buildingFromIfc,
  noRoomsMessage,
  type IfcBuilding,
  type IfcReadOptions,
  type IfcRoom,
} from '../src/core/ifc/building';
import type { VegetationMode } from '../src/core/ifc/vegetation';
import type { IfcSourceData } from '../src/core/ifc/source';
import { windowAngles, type RoomAngles } from '../src/core/ifc/roomRequest';
import {
  requestsWithCrowns,
  roomRequestWithCrowns,
  surroundBuilding,
} from '../src/core/building/surroundings';
import { HeldMeshes } from '../src/core/api/heldMeshes';

let positions: Float32Array | null = null;
let scene: ObstructionScene | null = null;
/** The mesh is a building's surroundings (its own walls among them), not a context imported for a room. */
let ofBuilding = false;
/** The current mesh's id (handOver), once computed. */
let currentId: string | null = null;
/**
 * The meshes handed over lately, by id, the latest last: undo back over an import, or over the mesh's
 * removal, makes one current again (select), as the model and engine workers keep theirs (HeldMeshes).
 */
const kept = new HeldMeshes();

/** A building's surroundings as last made (its own walls and its context files), their tree and display centre. */
interface BuildingSurroundings {
  context: Float32Array;
  scene: ObstructionScene;
  centre: [number, number];
}

/** The building last read from IFC: its rooms, its own triangles and the context files added to it. */
let ifc: {
  /** Its file's name: what a room opened from it names (the scene's `ifcRoom.file`). */
  file: string;
  /** What web-ifc read, kept so that the rooms can be made again with another default frame ratio. */
  source: IfcSourceData;
  /** The settings its rooms were last made with (default frame ratio, vegetation). */
  options: IfcReadOptions;
  building: Omit<IfcBuilding, 'context'>;
  own: Float32Array;
  files: { name: string; positions: Float32Array }[];
  /** Each window's angles from the last surroundings, kept for a change that does not move windows. */
  angles: RoomAngles;
  /** Rooms changed in the editor and kept (by index): they stay as kept when the rooms are made again. */
  edited: Map<number, IfcRoom>;
  /** Its surroundings (their tree is what a kept room's angles query); null until first made. */
  around: BuildingSurroundings | null;
} | null = null;

/**
 * The surroundings of buildings read before the open one, by file name, the latest last: a room opened from
 * one of them and shown again (undo, or the room's view beside the next building) is measured among its own
 * building, never among the one open since. One is kept (a building's triangles and tree are tens of MB);
 * a room of a building no longer kept keeps the angles it was given there.
 */
const earlier = new Map<string, BuildingSurroundings>();
const EARLIER_KEPT = 1;
/** The ids of buildings' surroundings handed to the engine lanes (buildingMesh), by their triangles. */
const buildingIds = new WeakMap<Float32Array, string>();

/**
 * The IFC files asked for so far: a read ends unused when another was asked for after it, whichever ends
 * last, as the page shows the file opened last (before 2026-12-07 the worker kept the read that ended last:
 * two files opened at once, the page showed the second and the worker measured among the first).
 */
let filesAsked = 0;
/**
 * The open building's remakes (context files, frame ratios, trees) move on with each building read and each
 * Cancel of them (undoRemakes): a context file still being read then is not added (before 2026-12-07 one
 * read for a building was added to the building opened meanwhile). `beforeRemakes`: the building as it was
 * before the remakes the page has not yet settled (settleRemakes), which a Cancel puts back.
 */
let remakes = 0;
let beforeRemakes: BuildingAsWas | null = null;
/** What of the open building its remakes and kept rooms change (`ifc`'s fields of the same names). */
interface BuildingAsWas {
  building: Omit<IfcBuilding, 'context'>;
  options: IfcReadOptions;
  own: Float32Array;
  files: { name: string; positions: Float32Array }[];
  angles: RoomAngles;
  edited: Map<number, IfcRoom>;
  around: BuildingSurroundings | null;
}

/** Keeps the open building as it is, before the first remake since the page last settled them. */
function rememberBuilding(): void {
  if (!ifc || beforeRemakes) return;
  const { building, options, own, files, angles, edited, around }: BuildingAsWas = ifc;
  // Copies of what keepRoom and the remakes change in place.
  beforeRemakes = {
    building: { ...building, rooms: [...building.rooms] },
    options,
    own,
    files: [...files],
    angles: [...angles],
    edited: new Map(edited),
    around,
  };
}

/** A building read from IFC: its rooms, each analysable one's /run body (angles from the building). */
export type IfcAnswer =
  | {
      ok: true;
      building: Omit<IfcBuilding, 'context'>;
      /** Per room (same order), its request, or why the API refuses it. */
      requests: ({ body: object } | null)[];
      display: Float32Array;
      triangles: number;
    }
  | { ok: false; message: string };

/** The building's rooms and requests again, after another default frame ratio. */
export type ReframeAnswer =
  | { ok: true; building: Omit<IfcBuilding, 'context'>; requests: ({ body: object } | null)[] }
  | { ok: false; message: string };

/** The building's rooms (their notes) and requests again, after its vegetation was stood up or left out. */
export type VegetationAnswer =
  | (Extract<ContextAnswer, { ok: true }> & { building: Omit<IfcBuilding, 'context'> })
  | { ok: false; message: string };

/** The building's requests again, after a context file was added or removed. */
export type ContextAnswer =
  | {
      ok: true;
      requests: ({ body: object } | null)[];
      /** Null where the page shows another mesh, which stays the worker's (surround). */
      display: Float32Array | null;
      triangles: number;
      /** The context files' names, in the order they were added. */
      contexts: string[];
    }
  | { ok: false; message: string };

export type ImportAnswer =
  | { ok: true; mesh: Omit<ImportedMesh, 'positions'>; display: Float32Array; shown: number }
  | { ok: false; message: string };

/** Triangles the 3D view draws at most: the obstruction angles always use all of them. */
export const DISPLAY_BUDGET = 250_000;

/**
 * The display copy: every triangle when few enough, else the DISPLAY_BUDGET nearest to the room (by
 * centroid), which are the ones that shape its view. Drawing a million triangles would hold the page's
 * thread for seconds on machines without a GPU.
 */
function displayCopy(p: Float32Array, centre: [number, number]): Float32Array {
  const n = p.length / 9;
  if (n <= DISPLAY_BUDGET) return p.slice();
  const d = new Float32Array(n);
  for (let t = 0; t < n; t++) {
    const o = 9 * t;
    const x = (p[o]! + p[o + 3]! + p[o + 6]!) / 3 - centre[0],
      y = (p[o + 1]! + p[o + 4]! + p[o + 7]!) / 3 - centre[1];
    d[t] = x * x + y * y;
  }
  const limit = Float32Array.from(d).sort()[DISPLAY_BUDGET - 1]!;
  const out = new Float32Array(DISPLAY_BUDGET * 9);
  let k = 0;
  for (let t = 0; t < n && k < DISPLAY_BUDGET; t++)
    if (d[t]! <= limit) out.set(p.subarray(9 * t, 9 * t + 9), 9 * k++);
  return out;
}

/**
 * The building's surroundings (its own triangles and the context files) made again, and every analysable
 * room's /run body with its windows' angles from them. They become this worker's mesh, with a display copy,
 * when `current` (a file just read, or the surroundings were current before a context file changed them);
 * else the mesh the page shows (a room of an earlier building, a drawn room's import) stays current.
 */
function surround<C extends boolean>(
  current: C,
  onProgress?: (fraction: number) => void,
): {
  requests: ({ body: object } | null)[];
  display: C extends true ? Float32Array : Float32Array | null;
  triangles: number;
  contexts: string[];
} {
  const { building, own, files } = ifc!;
  const around = surroundBuilding(
    { ...building, context: own },
    files.map((f) => f.positions),
    onProgress,
  );
  const context = around.context;
  ifc!.angles = around.angles;
  const requests = wrap(around.requests);
  // The tree buildingAngles built and adopted: the angles of a room opened later query it too.
  const tree = buildObstructionScene({ positions: context });
  if (current) {
    positions = context;
    ofBuilding = true;
    currentId = null;
    scene = tree;
  }
  const xs = building.rooms.flatMap((r) => r.room_polygon.map((p) => p[0]));
  const ys = building.rooms.flatMap((r) => r.room_polygon.map((p) => p[1]));
  const centre: [number, number] = xs.length
    ? [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2]
    : [0, 0];
  ifc!.around = { context, scene: tree, centre };
  const display = (current ? displayCopy(context, centre) : null) as C extends true
    ? Float32Array
    : Float32Array | null;
  return { requests, display, triangles: context.length / 9, contexts: files.map((f) => f.name) };
}

/** Whether the open building's surroundings are this worker's mesh now (surround keeps them so). */
const buildingCurrent = (): boolean => ofBuilding && ifc?.around != null && positions === ifc.around.context;

/** A context change's answer: its display (when made current) moved to the page. */
function contextAnswer(r: ReturnType<typeof surround<boolean>>): ContextAnswer {
  return Comlink.transfer({ ok: true, ...r }, r.display ? [r.display.buffer] : []);
}

/** The open building's surroundings join the earlier ones as another file is read (`next`: its name). */
function keepEarlier(next: string): void {
  earlier.delete(next);
  if (ifc?.around && ifc.file !== next) {
    earlier.delete(ifc.file);
    earlier.set(ifc.file, ifc.around);
  }
  for (const old of earlier.keys()) if (earlier.size > EARLIER_KEPT) earlier.delete(old);
}

const wrap = (bodies: (object | null)[]): ({ body: object } | null)[] =>
  bodies.map((body) => (body ? { body } : null));

const api = {
  async importFile(
    name: string,
    bytes: Uint8Array,
    up: UpAxis | 'auto',
    centre: [number, number] = [0, 0],
  ): Promise<ImportAnswer> {
    try {
      const m = await importMesh(name, bytes, up);
      const s = buildObstructionScene({ positions: m.positions });
      // Only a complete, indexed mesh replaces the current one: a failure above leaves it as it was.
      positions = m.positions;
      ofBuilding = false;
      scene = s;
      currentId = null;
      const display = displayCopy(m.positions, centre);
      const { positions: _, ...info } = m;
      return Comlink.transfer({ ok: true, mesh: info, display, shown: display.length / 9 }, [display.buffer]);
    } catch (e) {
      return {
        ok: false,
        message: e instanceof ImportError ? e.message : `The file cannot be read (${String(e)}).`,
      };
    }
  },

  /**
   * Reads an IFC file (web-ifc's WASM, shipped at /ifc/): the building's rooms, and its own walls, slabs and
   * roofs as the surroundings this worker keeps (as an imported mesh). `onProgress` gets the share read.
   */
  async importIfc(
    file: string,
    bytes: Uint8Array,
    options: IfcReadOptions,
    onProgress?: (fraction: number, stage: 'reading' | 'angles') => void,
  ): Promise<IfcAnswer> {
    const asked = ++filesAsked;
    try {
      // web-ifc (its glue code is ~3 MB) loads on the first IFC file, not with the worker: a mesh import
      // or the angles never wait for it.
      const { readIfc } = await import('../src/ifc/webIfcSource');
      const source = await readIfc(bytes, {
        locate: (file) => new URL(`../ifc/${file}`, self.location.href).href,
        ...(onProgress ? { onProgress: (f: number) => onProgress(f, 'reading') } : {}),
      });
      if (asked !== filesAsked) return { ok: false, message: 'Another file was opened since.' };
      const { context, ...building } = buildingFromIfc(source, options);
      // Refused as a file that cannot be read is: the open building and the mesh shown stay current (before,
      // a room in the editor was measured again among the walls of a shell exported without its spaces).
      const none = noRoomsMessage(building);
      if (none) return { ok: false, message: none };
      keepEarlier(file);
      remakes++;
      beforeRemakes = null;
      ifc = {
        file,
        source,
        options,
        building,
        own: context,
        files: [],
        angles: [],
        edited: new Map(),
        around: null,
      };
      const r = surround(true, onProgress && ((f) => onProgress(f, 'angles')));
      return Comlink.transfer({ ok: true, building, ...r }, [r.display.buffer]);
    } catch (e) {
      return { ok: false, message: (e as Error).message };
    }
  },

  /**
   * Adds a context file to the building (IFC: everything in it that stands in the sky; OBJ, STL, glTF as
   * for a drawn room), in the building file's coordinates on its terrain; every room's angles again.
   */
  async addBuildingContext(name: string, bytes: Uint8Array, up: UpAxis | 'auto'): Promise<ContextAnswer> {
    if (!ifc) return { ok: false, message: 'Open a building first.' };
    rememberBuilding();
    const asked = remakes;
    try {
      // The context reader (and web-ifc with it) loads on the first context file, as for the building.
      const { readContextFile } = await import('../src/importers/contextFile');
      const p = await readContextFile(name, bytes, ifc.building.origin, {
        up,
        locate: (file) => new URL(`../ifc/${file}`, self.location.href).href,
      });
      // Another building read meanwhile, or the change cancelled: the file was for the building as it was.
      if (asked !== remakes)
        return {
          ok: false,
          message: `'${name}' was not added: its building was closed or the change cancelled.`,
        };
      ifc.files.push({ name, positions: p });
    } catch (e) {
      return {
        ok: false,
        message: e instanceof ImportError ? e.message : `'${name}' cannot be read: ${(e as Error).message}`,
      };
    }
    return contextAnswer(surround(buildingCurrent()));
  },

  /**
   * The building's rooms made again with another frame ratio for the windows whose frame the file does
   * not give, and their requests with the angles already measured: a frame moves no window, so neither
   * the mesh nor the angles are looked at again.
   */
  reframe(defaultFrameRatio: number): ReframeAnswer {
    if (!ifc) return { ok: false, message: 'Open a building first.' };
    rememberBuilding();
    // Taken once made: a read that throws leaves the setting as the rooms are (it read the new one).
    const options = { ...ifc.options, defaultFrameRatio };
    const { context: _, ...made } = buildingFromIfc(ifc.source, options);
    const building = { ...made, rooms: made.rooms.map((r, i) => ifc!.edited.get(i) ?? r) };
    ifc.options = options;
    ifc.building = building;
    return { ok: true, building, requests: wrap(requestsWithCrowns(building, ifc.angles)) };
  },

  /**
   * Keeps room `index` as changed in the editor: it replaces the file's room here (for the angles of later
   * context files, and a new default frame ratio, which leaves it as kept), and its request is made with
   * its windows' angles from the building and its context files.
   */
  keepRoom(index: number, room: IfcRoom): { ok: true; body: object } | { ok: false; message: string } {
    // The building's own tree, whatever the editor loaded since (another mesh, or the open sky).
    if (!ifc?.around || !ifc.building.rooms[index]) return { ok: false, message: 'Open the building first.' };
    ifc.building.rooms[index] = room;
    ifc.edited.set(index, room);
    const angles = windowAngles(ifc.around.scene, room.room_polygon, room.windows);
    ifc.angles[index] = angles;
    return { ok: true, body: roomRequestWithCrowns(ifc.building, room, angles) };
  },

  /**
   * The building's rooms made again with its trees and planting standing in the sky, left out or as crowns
   * that let `crownTransmittance` through (core/ifc/vegetation.ts): its own mesh changes, so every room's angles are measured again; rooms kept
   * from the editor stay as kept.
   */
  revegetate(vegetation: VegetationMode, crownTransmittance?: number): VegetationAnswer {
    if (!ifc) return { ok: false, message: 'Open a building first.' };
    rememberBuilding();
    const options = {
      ...ifc.options,
      vegetation,
      ...(crownTransmittance !== undefined ? { crownTransmittance } : {}),
    };
    const { context, ...made } = buildingFromIfc(ifc.source, options);
    const building = { ...made, rooms: made.rooms.map((r, i) => ifc!.edited.get(i) ?? r) };
    // The building as it was should its surroundings fail to be made (a worker out of memory): else the
    // setting read the new mode while the rooms and their angles were of the old.
    const was = { ...ifc, angles: [...ifc.angles] };
    const shown = { positions, scene, ofBuilding, currentId };
    Object.assign(ifc, { options, building, own: context });
    let r: ReturnType<typeof surround<boolean>>;
    try {
      r = surround(buildingCurrent());
    } catch (e) {
      Object.assign(ifc, was);
      ({ positions, scene, ofBuilding, currentId } = shown);
      throw e;
    }
    return Comlink.transfer({ ok: true, building, ...r }, r.display ? [r.display.buffer] : []);
  },

  /** Takes the context file at `index` away from the building; every room's angles again. */
  removeBuildingContext(index: number): ContextAnswer {
    if (!ifc) return { ok: false, message: 'Open a building first.' };
    rememberBuilding();
    ifc.files.splice(index, 1);
    return contextAnswer(surround(buildingCurrent()));
  },

  /**
   * A Cancel of the remakes the page has in hand: the open building goes back to what it was before the
   * first of them (its rooms, settings, context files, angles and surroundings, current again where the
   * remade ones were), and a context file still being read is not added. The page puts back what it showed.
   */
  undoRemakes(): void {
    remakes++;
    const was = beforeRemakes;
    beforeRemakes = null;
    if (!ifc || !was) return;
    const current = buildingCurrent();
    Object.assign(ifc, was);
    if (current && was.around) {
      positions = was.around.context;
      scene = was.around.scene;
    }
  },

  /** The page has taken every remake's answer: none is to be undone (and the building before is let go). */
  settleRemakes(): void {
    beforeRemakes = null;
  },

  /** Uses triangles the page already has (a share link's small mesh). */
  setMesh(p: Float32Array): number {
    positions = p;
    ofBuilding = false;
    scene = buildObstructionScene({ positions: p });
    currentId = null;
    return p.length / 9;
  },

  clear(): void {
    positions = null;
    scene = null;
    currentId = null;
  },

  /**
   * Makes the mesh handed over under `id` current again (the scene names it after an undo, or the editor's
   * room is shown again beside a building): its tree is built again and its display copy (around
   * `centre`) comes back; `display` is null when it is current already. Not ok when it is no longer kept.
   */
  select(id: string, centre: [number, number]): { ok: true; display: Float32Array | null } | { ok: false } {
    if (id === currentId && positions && !ofBuilding) return { ok: true, display: null };
    if (!kept.has(id)) return { ok: false };
    const p = kept.resolve(id).positions;
    positions = p;
    ofBuilding = false;
    scene = buildObstructionScene({ positions: p });
    currentId = id;
    const display = displayCopy(p, centre);
    return Comlink.transfer({ ok: true, display }, [display.buffer]);
  },

  /**
   * Makes a building's surroundings current again (a room opened from it is shown, or the building's view),
   * the open building's or one read before it (by file name): its tree is kept, so this costs the display
   * copy only; `display` is null when they are current already. Not ok when no building of that name is
   * kept (a room restored from a link or a project, or from a building read two files ago).
   */
  selectBuilding(file: string): { ok: true; display: Float32Array | null } | { ok: false } {
    const b = ifc?.file === file ? ifc.around : earlier.get(file);
    if (!b) return { ok: false };
    if (ofBuilding && positions === b.context) return { ok: true, display: null };
    positions = b.context;
    scene = b.scene;
    ofBuilding = true;
    currentId = null;
    const display = displayCopy(b.context, b.centre);
    return Comlink.transfer({ ok: true, display }, [display.buffer]);
  },

  /** Each window's angles from its external reference point (conventions.md), or null without a mesh. */
  angles(
    outline: [number, number][],
    windows: WindowSpec[],
  ): Record<string, { horizon: number[]; zenith: number[] }> | null {
    if (!scene) return null;
    const angles = windowAngles(scene, outline, windows);
    return Object.fromEntries(windows.map((w, i) => [w.id, angles[i]!]));
  },

  /**
   * The mesh for the model and engine workers: its id (the SHA-256 of its float32 positions, the id a Lux
   * server gives the same triangles stored by POST /v2/meshes) and a copy of its triangles, moved to the
   * page. Null without a mesh, or when the mesh is a building's from IFC: its own walls are among its
   * triangles, so its rooms keep their angles (docs/app.md).
   */
  async handOver(): Promise<{ id: string; positions: Float32Array } | null> {
    if (!positions || ofBuilding) return null;
    const p = positions;
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', p.slice().buffer));
    if (p !== positions) return null; // replaced meanwhile
    const id = Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
    currentId = id;
    kept.hold(id, p);
    const copy = p.slice();
    return Comlink.transfer({ id, positions: copy }, [copy.buffer]);
  },

  /**
   * The open building's surroundings (its own walls, trees as set, and its context files: what its windows'
   * angles were measured among, and what the command line stores for its engine) for the building's engine
   * lanes: their id (the SHA-256 of their float32 positions, as above) and `copies` copies of the triangles,
   * one a lane, moved to the page. Null without a building, or one with nothing around its rooms.
   */
  async buildingMesh(copies: number): Promise<{ id: string; copies: Float32Array[] } | null> {
    const p = ifc?.around?.context;
    if (!p || p.length === 0) return null;
    let id = buildingIds.get(p);
    if (!id) {
      const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', p.slice().buffer));
      id = Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
      buildingIds.set(p, id);
    }
    const out = Array.from({ length: copies }, () => p.slice());
    const buffers = out.map((c) => c.buffer);
    return Comlink.transfer({ id, copies: out }, buffers);
  },

  /** The triangles (for a share link), when few enough to travel in one. */
  smallMesh(limit: number): Float32Array | null {
    return positions && positions.length / 9 <= limit ? positions.slice() : null;
  },
};

export type MeshWorker = typeof api;
Comlink.expose(api);
