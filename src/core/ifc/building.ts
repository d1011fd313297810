import { ceilingAt } from '../geometry/ceiling';
import { containsPoint, floorArea, polygonDefect } from '../geometry/polygon';
import { wrap360 } from '../geometry/bearing';
import type { Vec2 } from '../geometry/vec';
import type { WindowCorners } from '../geometry/window';
import type { Reflectances } from '../types';
import { RANGES } from '../validation/ranges';
import { inOneSurface } from '../validation/ceiling';
import { floorDrop, FLOOR_LIMIT, FLOOR_MAX } from '../api/highFloor';
import { floorOutline } from './floorOutline';
import { footprintFloor } from './footprint';
import { buildingNorth, type NorthSource } from './north';
import { frameRatioFromLining } from './windowLining';
import { isRoofWindow, placeSkylight, type IfcRoomSkylight } from './skylights';
import type { GlazingKind, IfcSourceData, IfcWindowData } from './source';
import { wallBoxes, wallsAround, type WallBox } from './wallsAround';
import {
  crownOf,
  DEFAULT_CROWN_TRANSMITTANCE,
  DEFAULT_VEGETATION,
  isVegetation,
  vegetationElement,
  vegetationNote,
  type VegetationFound,
  type VegetationMode,
} from './vegetation';
import type { RawCrowns } from '../validation/crowns';
import type { CrownShape } from '../engine/crowns';

/**
 * A building read from IFC (issue 20 §1): every IfcSpace as a room in the API's terms, its windows found
 * in its walls, and everything else that stands in the sky as one obstruction mesh; rooms that cannot be
 * analysed are kept with the reason, never dropped.
 *
 * Frames: the API's plan frame is the file's own (x, y); z is shifted so that the terrain, the lowest
 * space's floor (as the original browser tool sets it), is z = 0. True north is turned into the scene's
 * north (degrees clockwise from the plan's +y).
 */
/** A window as the API takes it: its corners (interior face, exterior face; z above the terrain). */
export interface IfcRoomWindow extends WindowCorners {
  /** The window's id in the room's request: w1, w2… in the room's own order. */
  id: string;
  ifcId: number;
  name: string;
  /** A window, a door with glass, or a curtain wall's glazed panel. */
  kind: GlazingKind;
  /** Which rule put it in this room (PLACEMENT_RULES). */
  placedBy: PlacementRule;
  window_frame_ratio: number;
  /**
   * Where the frame ratio came from: the glass in the file's geometry, the file's lining and panel
   * properties, the project's default, or Lux's editor (a window changed or added there and kept).
   */
  frameFrom: 'glass' | 'lining' | 'default' | 'editor';
  /** Width × height of the opening (m). */
  width: number;
  height: number;
  /** The glass's light transmittance, where set in Lux's editor; absent: the API's default (0.70). */
  glass_transmittance?: number;
  /** The opening's ends on the room's wall face (plan), and the facade's outward direction (API angle). */
  inner: [[number, number], [number, number]];
  direction: number;
}

/**
 * A room as people read it: its number and its name, said once. Some exporters (Revit's SampleHouse) put the
 * name into IfcSpace.Name already ("1 - Living room", LongName "Living room"): the name is then not repeated.
 */
export function ifcRoomLabel(room: Pick<IfcRoom, 'number' | 'name'>): string {
  const number = room.number.trim(),
    name = room.name.trim();
  const n = number.toLowerCase(),
    m = name.toLowerCase();
  // Whole words only: "A1" does not hold the name "1", nor "12 Office" the number "1".
  if (!name || n === m || n.endsWith(` ${m}`)) return number;
  if (!number || m.startsWith(`${n} `)) return name;
  return `${number} ${name}`;
}

/** A room's title on its page and in the editor: its label and, when the file names it, its storey. */
export const ifcRoomTitle = (room: Pick<IfcRoom, 'number' | 'name' | 'storey'>): string =>
  ifcRoomLabel(room) + (room.storey ? ` · ${room.storey}` : '');

export interface IfcRoom {
  ifcId: number;
  /** IfcSpace.Name (the number), LongName (the name). */
  number: string;
  name: string;
  storey: string;
  zones: string[];
  /** Floor area of the outline (m²); 0 when the outline could not be read. */
  area: number;
  floor_height_above_terrain: number;
  height_roof_over_floor: number;
  room_polygon: Vec2[];
  windows: IfcRoomWindow[];
  /** Roof windows and skylights over it (skylights.ts). */
  skylights: IfcRoomSkylight[];
  /** Its sloped ceiling as planes z = a·x + b·y + c (z from the terrain), when it has one; else null. */
  ceiling_planes: [number, number, number][] | null;
  /** Why the room cannot be analysed; null when it can. */
  problem: string | null;
  /** What is worth knowing but does not stop the analysis (a stepped floor, a clamped window…). */
  notes: string[];
  /** The surfaces' reflectances, where set in Lux's editor (then a df_custom request); absent: defaults. */
  materials?: Reflectances;
  /** Changed in Lux's editor and kept in the building: no longer the file's room as read. */
  edited?: boolean;
}

export interface IfcBuilding {
  schema: string;
  /** True north, degrees clockwise from the plan's +y; 0 when the file does not say. */
  north: number;
  northFromFile: boolean;
  /** What gave the north (north.ts): the model context's TrueNorth, a map conversion, or nothing. */
  northFrom: NorthSource | null;
  /** What is worth knowing of the file as a whole: where its north came from, its vegetation. */
  notes: string[];
  /** The terrain's z in the file's frame (the lowest space floor). */
  terrainZ: number;
  /** The file's plan point the plan frame is measured from (georeferenced files; else (0, 0)). */
  origin: [number, number];
  storeys: string[];
  rooms: IfcRoom[];
  /** Windows (and glazed doors and panels) that sit in no room's wall, with the reason (not analysed). */
  unplaced: { ifcId: number; name: string; kind: GlazingKind; reason: string }[];
  /** Doors without glass in the file's geometry: not light sources (the report says so). */
  opaqueDoors: number;
  /**
   * Trees and planting found in the file (vegetation.ts), kept apart from its other elements, and what the
   * setting did with them. Absent: a building made before they were told apart (a stored job's).
   */
  vegetation?: VegetationFound;
  /**
   * The obstruction mesh in the API's frame (terrain at z = 0), 9 floats a triangle: the building's own
   * elements, its vegetation among them only where the setting is `opaque`.
   */
  context: Float32Array;
  /**
   * Where the setting is `translucent`, the vegetation as the requests' tree crowns (in the API's frame,
   * one tree an element), which every room's request carries; absent otherwise.
   */
  crowns?: RawCrowns;
}

/**
 * How a window was put into its room, in the order they are tried:
 * - `space boundary`: the file's own IfcRelSpaceBoundary names the room; the window goes into the room's
 *   wall face nearest it (in a wall up to 1 m thick);
 * - `host wall`: the wall its opening voids (IfcRelFillsElement → IfcRelVoidsElement) has a face on the
 *   room's outline (or the outline runs inside it: rooms drawn to wall centre lines), and the window lies
 *   within that wall's thickness, wherever in it the exporter put it;
 * - `geometry`: the file says neither; a room's wall face within 0.2 m of the window's inner side, else (no
 *   host wall named) the wall the window stands in by geometry (wallsAround.ts), taken as its host wall;
 * - `editor`: added (or moved) in Lux's editor and kept in the building, not in the file.
 */
export type PlacementRule = 'space boundary' | 'host wall' | 'geometry' | 'editor';

/**
 * What to tell the user when a file has no room to list: many exports leave rooms out unless asked.
 * Null when it has rooms.
 */
export function noRoomsMessage(b: Pick<IfcBuilding, 'rooms'>): string | null {
  return b.rooms.length > 0
    ? null
    : 'The file has no rooms (IfcSpace): export it again with its rooms. In Revit, tick “Export rooms” in the IFC export settings; in ArchiCAD, export the zones; in Vectorworks, the spaces.';
}

export interface IfcReadOptions {
  /** Frame ratio for windows whose glass the file does not show (0–1). */
  defaultFrameRatio?: number;
  /** What its trees and planting do (vegetation.ts); absent: DEFAULT_VEGETATION. */
  vegetation?: VegetationMode;
  /** With `translucent`, the share of the light a crown lets through; absent: DEFAULT_CROWN_TRANSMITTANCE. */
  crownTransmittance?: number;
}

/** How far a window's inner side may be from a room's wall face and still be in that wall (m): `geometry`. */
const WALL_GAP = 0.2;
/** How far from the room's wall face a window the file puts in that room may lie (a thick wall, m). */
const WALL_REACH = 1.0;
/** Holes in a floor noted from this area (m²): not the columns a space is cut around. */
const HOLE_NOTED = 1.0;

export function buildingFromIfc(d: IfcSourceData, o: IfcReadOptions = {}): IfcBuilding {
  const defaultFrame = o.defaultFrameRatio ?? 0.2;
  const storeyName = new Map(d.storeys.map((s) => [s.id, s.name]));
  // A space without a body is read from its 2D footprint, where the file gives one (footprint.ts).
  const footprints = d.spaces.map((s) => (s.positions.length === 0 ? footprintFloor(s, d.storeys) : null));
  const outlines = d.spaces.map((s, i) => floorOutline(s.positions) ?? footprints[i]?.outline ?? null);
  const floors = outlines.flatMap((f) => (f ? [f.z] : []));
  const terrainZ = floors.length ? Math.min(...floors) : 0;

  const rooms: IfcRoom[] = d.spaces.map((s, i) => {
    const f = outlines[i];
    const room: IfcRoom = {
      ifcId: s.id,
      number: s.name,
      name: s.longName,
      storey: s.storey !== null ? (storeyName.get(s.storey) ?? '') : '',
      zones: s.zones,
      // The area of the outline the room is sent with (rounded corners), as the editor and report state it.
      area: f ? floorArea(f.polygon.map(([x, y]) => [round(x), round(y)] as const)) : 0,
      floor_height_above_terrain: f ? round(f.z - terrainZ) : 0,
      height_roof_over_floor: f ? round(f.top - f.z) : 0,
      room_polygon: f ? f.polygon.map(([x, y]) => [round(x), round(y)] as const) : [],
      windows: [],
      skylights: [],
      ceiling_planes: null,
      problem: null,
      notes: [],
    };
    const fp = footprints[i];
    if (s.external)
      room.problem =
        'The file marks it an exterior space (a balcony, terrace or loggia): outside the building, not a room to light.';
    else if (fp && !fp.outline) room.problem = fp.problem;
    else if (!f)
      room.problem = 'Its floor cannot be read from its geometry (no flat face at its lowest level).';
    else {
      if (fp?.outline) room.notes.push(fp.note);
      const defect = polygonDefect(room.room_polygon);
      if (defect) room.problem = `Its floor outline ${defect}.`;
      else if (f.flatShare < 0.95)
        room.notes.push(
          `Its floor has steps (${Math.round(f.flatShare * 100)} % of it at its lowest level): analysed as one floor at that level.`,
        );
      // A hole in the floor (a light well, a shaft; columns less than HOLE_NOTED): the outline has none.
      if (!room.problem && f.holeArea >= HOLE_NOTED)
        room.notes.push(
          `Its floor has ${f.holeArea.toFixed(1)} m² of holes inside its outline (a light well, a shaft or a courtyard): the API takes an outline without holes, so they are analysed as floor, and its area includes them.`,
        );
      // A ceiling under a pitched or sloped roof: as its planes when it is the lowest of them (the engine
      // takes that), else a prism to its top.
      if (f.ceiling.topShare < 0.9 && f.top - f.ceiling.low > 0.5) {
        // Its lowest point: at a corner of the outline for planes (the lowest of them), else the faces'.
        const planes = f.ceiling.planes;
        const low = planes
          ? Math.min(...f.polygon.map(([x, y]) => ceilingAt(planes, f.top, x, y)))
          : f.ceiling.low;
        const from = `Its ceiling slopes from ${(low - f.z).toFixed(2)} m to ${(f.top - f.z).toFixed(2)} m above its floor`;
        if (planes) {
          room.ceiling_planes = planes.map(([a, b, c]) => [round(a), round(b), round(c - terrainZ)]);
          room.notes.push(
            `${from}: lit as built by the engine (the model's preview knows flat ceilings only)${low - f.z < 0.85 ? '; the work plane (0.8 m) is analysed where the ceiling is above it' : ''}.`,
          );
        } else
          room.notes.push(
            `${from} (${Math.round(f.ceiling.topShare * 100)} % of it at the top) in a shape other than planes over the room (a vault, a dormer): analysed with a flat ceiling at the top, so its light is approximate.`,
          );
      }
      if (!room.problem && room.floor_height_above_terrain > FLOOR_LIMIT)
        room.problem = `Its floor is ${room.floor_height_above_terrain.toFixed(2)} m above the terrain (the lowest room's floor); more than ${FLOOR_LIMIT} m is not a building's.`;
      else if (!room.problem && floorDrop(room.floor_height_above_terrain) > 0)
        room.notes.push(
          `Its floor is ${room.floor_height_above_terrain.toFixed(2)} m above the terrain: sent at ${FLOOR_MAX} m (the API's top), its windows lowered with it and their angles measured where they are.`,
        );
      if (!room.problem && room.height_roof_over_floor > RANGES.height_roof_over_floor.max)
        room.problem = `It is ${room.height_roof_over_floor.toFixed(2)} m high; the API takes up to ${RANGES.height_roof_over_floor.max} m.`;
    }
    return room;
  });

  const walls = new Map(d.obstruction.map((e) => [e.id, e.positions]));
  const boxes = wallBoxes(d.obstruction);
  const types = new Map(d.obstruction.map((e) => [e.id, e.type]));
  // An exterior space (a balcony) is lit by no window: one between it and a room lights the room.
  const exterior = new Set(d.spaces.flatMap((s) => (s.external ? [s.id] : [])));
  const inside = rooms.filter((r) => !exterior.has(r.ifcId));
  const byId = new Map(inside.map((r) => [r.ifcId, r]));
  const unplaced: IfcBuilding['unplaced'] = [];
  for (const w of d.windows) {
    const hostType = types.get(w.hostWall ?? -1);
    const placed = isRoofWindow(w, hostType)
      ? placeSkylight(w, inside, terrainZ, defaultFrame)
      : placeWindow(w, inside, byId, exterior, terrainZ, walls, boxes, defaultFrame);
    if (typeof placed === 'string')
      unplaced.push({ ifcId: w.id, name: w.name, kind: w.kind, reason: placed });
  }
  for (const r of rooms) {
    r.windows.sort((a, b) => a.ifcId - b.ifcId);
    r.windows.forEach((w, k) => (w.id = `w${k + 1}`));
    r.skylights.sort((a, b) => a.ifcId - b.ifcId);
    r.skylights.forEach((s, k) => (s.id = `s${k + 1}`));
    // A roof window lies in the sloped ceiling's plane over it; one across a ridge or bend cannot, and the
    // room is then analysed under a flat ceiling at its top, its roof windows level in the roof.
    const top = r.floor_height_above_terrain + r.height_roof_over_floor;
    const planes = r.ceiling_planes;
    const across = planes ? r.skylights.filter((s) => !inOneSurface(planes, top, s.polygon)) : [];
    if (across.length > 0) {
      r.ceiling_planes = null;
      r.notes.push(
        `Roof window ${across.map((s) => s.name).join(', ')} crosses a ridge or bend of the sloped ceiling: analysed with a flat ceiling at the top, lit through its roof windows level in the roof.`,
      );
    }
    for (const s of r.skylights.filter((x) => x.tilted && !r.ceiling_planes))
      r.notes.push(`Roof window ${s.name} lies in a slope: lit as its outline in plan, level in the roof.`);
    if (!r.problem && r.windows.length === 0 && r.skylights.length === 0)
      r.problem =
        'It has no window in its walls or roof (no window, glazed door, curtain-wall glass or skylight lights it).';
  }

  // Vegetation apart from the rest: it stands in the sky only where the setting says so.
  const vegetation: VegetationFound = { elements: [], mode: o.vegetation ?? DEFAULT_VEGETATION };
  if (vegetation.mode === 'translucent')
    vegetation.transmittance = o.crownTransmittance ?? DEFAULT_CROWN_TRANSMITTANCE;
  const trees: CrownShape[] = [];
  const seen = d.obstruction.filter((e) => {
    if (!isVegetation(e)) return true;
    vegetation.elements.push(vegetationElement(e.id, e));
    const crown = vegetation.mode === 'translucent' ? crownOf(e.positions, terrainZ) : null;
    if (crown) trees.push(crown);
    return vegetation.mode === 'opaque';
  });
  let count = 0;
  for (const e of seen) count += e.positions.length;
  const context = new Float32Array(count);
  let at = 0;
  for (const e of seen) {
    context.set(e.positions, at);
    at += e.positions.length;
  }
  for (let i = 2; i < context.length; i += 3) context[i]! -= terrainZ;

  // Rooms by storey (from the lowest), then by number, as a room schedule lists them.
  const level = new Map(
    [...d.storeys].sort((a, b) => (a.elevation ?? 0) - (b.elevation ?? 0)).map((s, i) => [s.name, i]),
  );
  rooms.sort(
    (a, b) =>
      (level.get(a.storey) ?? Infinity) - (level.get(b.storey) ?? Infinity) ||
      a.number.localeCompare(b.number, 'en', { numeric: true }),
  );

  const north = buildingNorth(d.trueNorth, d.gridNorth ?? null, d.gridNorthFrom);
  const storeys = [...d.storeys].sort((a, b) => (a.elevation ?? 0) - (b.elevation ?? 0)).map((s) => s.name);
  return {
    schema: d.schema,
    north: north.north,
    northFromFile: north.from !== null,
    northFrom: north.from,
    notes: [north.note, ...[vegetationNote(vegetation)].filter((n) => n !== null)],
    terrainZ,
    origin: d.origin ?? [0, 0],
    storeys,
    rooms,
    unplaced,
    opaqueDoors: d.opaqueDoors,
    vegetation,
    context,
    ...(trees.length > 0 ? { crowns: { transmittance: vegetation.transmittance!, trees } } : {}),
  };
}

/** Outside first, then unsaid, then inside. */
const rank = (external: boolean | null): number => (external === true ? 0 : external === null ? 1 : 2);

/** A window seen from one edge of a room's outline: along the edge (s), outward across it (t). */
interface EdgeFit {
  room: IfcRoom;
  edge: number;
  /** How far the window is from the edge line (m): the ranking within a rule. */
  gap: number;
  s0: number;
  s1: number;
  t0: number;
  t1: number;
  /** The host wall's faces across this edge, when known. */
  wall: { near: number; far: number } | null;
}

/** The edge's frame: start, unit direction, outward normal (the outline is counter-clockwise), length. */
function edgeFrame(poly: readonly Vec2[], e: number) {
  const [ax, ay] = poly[e]!,
    [bx, by] = poly[(e + 1) % poly.length]!;
  const len = Math.hypot(bx - ax, by - ay);
  const ux = (bx - ax) / len,
    uy = (by - ay) / len;
  return { ax, ay, ux, uy, nx: uy, ny: -ux, len };
}

/**
 * The window against every edge of the room it runs along (`runsAlong`), with its extent along and across
 * the edge.
 */
function edgeFits(w: IfcWindowData, room: IfcRoom, host: Float32Array | undefined): EdgeFit[] {
  const p = w.positions;
  const poly = room.room_polygon;
  const out: EdgeFit[] = [];
  for (let e = 0; e < poly.length; e++) {
    const f = edgeFrame(poly, e);
    if (!(f.len > 1e-6)) continue;
    if (!runsAlong(w, host, f)) continue;
    const { s0, s1, t0, t1 } = extentAlong(p, 0, p.length, f);
    const gap = t0 > 0 ? t0 : t1 < 0 ? -t1 : 0;
    out.push({ room, edge: e, gap, s0, s1, t0, t1, wall: wallFaces(host, f, s0, s1) });
  }
  return out;
}

type Frame = { ax: number; ay: number; ux: number; uy: number; nx: number; ny: number };

/**
 * Whether the window runs along the edge: its glass's longer plan side does (a pane is thin across its wall
 * however narrow it is); without glass, its body's or its host wall's. A narrow window's body can be deeper
 * than it is wide (a 0.4 m slit whose body, or opening, spans a 0.45 m wall), and was left unplaced.
 */
function runsAlong(w: IfcWindowData, host: Float32Array | undefined, f: Frame): boolean {
  const longer = (q: Float32Array): boolean => {
    const { s0, s1, t0, t1 } = extentAlong(q, 0, q.length, f);
    return s1 - s0 >= t1 - t0;
  };
  if (w.glass.length >= 9) return longer(w.glass);
  return longer(w.positions) || (host !== undefined && host.length >= 9 && longer(host));
}

/** The plan extent of the points p[from … to) along an edge's frame (s) and across it (t). */
function extentAlong(p: Float32Array, from: number, to: number, f: Frame) {
  let s0 = Infinity,
    s1 = -Infinity,
    t0 = Infinity,
    t1 = -Infinity;
  for (let i = from; i < to; i += 3) {
    const x = p[i]! - f.ax,
      y = p[i + 1]! - f.ay;
    const s = x * f.ux + y * f.uy,
      t = x * f.nx + y * f.ny;
    s0 = Math.min(s0, s);
    s1 = Math.max(s1, s);
    t0 = Math.min(t0, t);
    t1 = Math.max(t1, t);
  }
  return { s0, s1, t0, t1 };
}

/** Share of the window's width that lies on the edge. */
function onEdge(f: EdgeFit): number {
  const len = edgeFrame(f.room.room_polygon, f.edge).len;
  return (Math.min(f.s1, len) - Math.max(f.s0, 0)) / Math.max(1e-9, f.s1 - f.s0);
}

const nearest = (fits: EdgeFit[]): EdgeFit | null =>
  fits.reduce<EdgeFit | null>((b, f) => (!b || f.gap < b.gap - 1e-6 ? f : b), null);

/**
 * Puts a window into the wall of the room it opens, by the first rule that finds one (PlacementRule):
 * the file's space boundaries, its host wall, the geometry. Returns the reason when none does.
 */
function placeWindow(
  w: IfcWindowData,
  rooms: IfcRoom[],
  byId: Map<number, IfcRoom>,
  exterior: ReadonlySet<number>,
  terrainZ: number,
  walls: Map<number, Float32Array>,
  boxes: readonly WallBox[],
  defaultFrame: number,
): true | string {
  const p = w.positions;
  if (p.length === 0) return 'It has no geometry.';
  const host = walls.get(w.hostWall ?? -1);
  let zmin = Infinity,
    zmax = -Infinity;
  for (let i = 2; i < p.length; i += 3) {
    zmin = Math.min(zmin, p[i]!);
    zmax = Math.max(zmax, p[i]!);
  }
  zmin -= terrainZ;
  zmax -= terrainZ;
  const outlined = (r: IfcRoom | undefined): r is IfcRoom => !!r && r.room_polygon.length >= 3;
  // At least half the window's height between the room's floor and ceiling.
  // How much of the window's height lies between the room's floor and ceiling (m).
  const overlap = (room: IfcRoom): number =>
    Math.min(zmax, room.floor_height_above_terrain + room.height_roof_over_floor) -
    Math.max(zmin, room.floor_height_above_terrain);
  const inHeight = (room: IfcRoom): boolean => overlap(room) >= 0.5 * (zmax - zmin);
  const atHeight = rooms.filter((room) => outlined(room) && inHeight(room));

  // Between rooms only (the file says so): light borrowed from another room, not daylight.
  // A window the file puts on an exterior space (a balcony) faces outside: its boundary with the room is
  // an outer one, though a file that sees two spaces either side of it may mark both INTERNAL.
  const outward = w.bounds.some((b) => exterior.has(b.space));
  const named = w.bounds
    .filter((b) => !exterior.has(b.space))
    .map((b) => (outward ? { ...b, external: true } : b))
    .sort((a, b) => rank(a.external) - rank(b.external));
  const what = w.kind === 'door' ? 'a glazed door' : w.kind === 'window' ? 'a window' : 'glazing';
  const interior = `It is ${what} between two rooms: light borrowed from another room is not analysed.`;
  if (named.length > 0 && named.every((b) => b.external === false)) return interior;

  // 1. The file's space boundaries, outside first: a window on two spaces of one open plan (the file
  // names both) goes to the one holding most of its width. Of spaces on several storeys, those holding most
  // of its height: a curtain wall's boundaries name the spaces of every storey it runs past, and each panel
  // takes them all (a panel across a slab goes to either). One storey's spaces are taken whatever their
  // height: Revit's rooms stop 2.44 m above their level by default, and a window above that is theirs.
  const namedRooms = named.flatMap((b) => {
    const room = byId.get(b.space);
    return outlined(room) ? [room] : [];
  });
  const levels = new Set(namedRooms.map((r) => r.floor_height_above_terrain));
  const most = Math.max(...namedRooms.map(overlap));
  const atItsHeight = (room: IfcRoom): boolean => levels.size <= 1 || overlap(room) >= most - 1e-6;
  let fit: EdgeFit | null = null;
  let rule: PlacementRule = 'space boundary';
  for (const level of [0, 1]) {
    const fits = named
      .filter((b) => rank(b.external) === level)
      .flatMap((b) => {
        const room = byId.get(b.space);
        return outlined(room) && atItsHeight(room) ? edgeFits(w, room, host) : [];
      })
      .filter((f) => f.gap <= WALL_REACH && onEdge(f) >= 0.5);
    fit = fits.reduce<EdgeFit | null>((best, f) => {
      if (!best) return f;
      const d = onEdge(f) - onEdge(best);
      return d > 1e-3 || (Math.abs(d) <= 1e-3 && f.gap < best.gap - 1e-6) ? f : best;
    }, null);
    if (fit) break;
  }
  // 2. The host wall: a face of it on the room's outline, the window within its thickness.
  if (!fit && host) {
    rule = 'host wall';
    fit = inWall(atHeight, w, host);
  }
  // 3. The geometry alone: a wall face within WALL_GAP of the window's inner side; else, for a window no
  // relation hosts, the wall it stands in as its host (a room drawn to a thick wall's centre line, the window
  // at its outer face, lies farther out than WALL_GAP: its reach is the wall's thickness in the file).
  if (!fit) {
    rule = 'geometry';
    fit = nearest(
      atHeight.flatMap((room) =>
        edgeFits(w, room, host)
          .filter((f) => f.t0 >= -WALL_GAP && f.t0 <= WALL_GAP && onEdge(f) >= 0.8)
          .map((f) => ({ ...f, gap: Math.abs(f.t0) })),
      ),
    );
    if (!fit && !(host && host.length >= 9))
      fit = nearest(wallsAround(p, boxes).flatMap((wall) => inWall(atHeight, w, wall) ?? []));
  }
  if (!fit) {
    const said = named.map((b) => byId.get(b.space)).filter((r): r is IfcRoom => !!r);
    if (said.length > 0 && !said.some(inHeight))
      return `The file says it lights ${said.map((r) => r.number || r.name).join(', ')}, but it is not at ${said.length > 1 ? 'their' : 'its'} height (${zmin.toFixed(2)}–${zmax.toFixed(2)} m above the lowest floor; half of it at least must be between floor and ceiling).`;
    if (said.length > 0)
      return `The file says it lights ${said.map((r) => r.number || r.name).join(', ')}, but no wall face of ${said.length > 1 ? 'those rooms' : 'that room'} runs along it within ${WALL_REACH} m.`;
    if (atHeight.length === 0)
      return `No room (IfcSpace) is at its height (${zmin.toFixed(2)}–${zmax.toFixed(2)} m above the lowest floor): the file has no space there.`;
    return host
      ? `It is in no room's wall: no IfcSpace has a wall face within ${WALL_GAP} m of it at its height, and no face of its host wall lies on a room's outline there.`
      : `It is in no room's wall: no IfcSpace has a wall face within ${WALL_GAP} m of it at its height, the file names neither the room it lights nor its host wall, and no wall it stands in has a face on a room's outline there.`;
  }
  const { room, edge, s0: rs0, s1: rs1 } = fit;
  const { ax, ay, ux, uy, nx, ny, len } = edgeFrame(room.room_polygon, edge);
  const s0 = Math.max(0, rs0),
    s1 = Math.min(len, rs1);
  const thickness = fit.wall && fit.wall.far > 0.01 ? fit.wall.far : Math.max(0.1, fit.t1);
  // Without the file's word, another room just beyond the wall makes it an interior opening.
  if (named.length === 0) {
    const sm = (s0 + s1) / 2,
      out = thickness + 0.15;
    const beyond: Vec2 = [ax + ux * sm + nx * out, ay + uy * sm + ny * out];
    if (atHeight.some((r) => r !== room && containsPoint(r.room_polygon, beyond))) return interior;
  }
  const f = room.floor_height_above_terrain,
    c = f + room.height_roof_over_floor;
  const z1 = Math.max(zmin, f - 0.15),
    z2 = Math.min(zmax, c + 0.15);
  if (z1 !== zmin || z2 !== zmax)
    room.notes.push(`Window ${w.name} reaches past the floor or ceiling by more than 0.15 m: cut to it.`);
  const width = s1 - s0,
    height = z2 - z1;
  const glassArea = projectedArea(w.glass, nx, ny) / 2;
  // The glass as drawn first; else what the file says of the frame; else the project's default.
  const fromGlass = w.glass.length > 0 && width * height > 0;
  const fromLining = fromGlass || !w.lining ? null : frameRatioFromLining(w.lining);
  const frame = fromGlass
    ? clamp(1 - glassArea / (width * height), 0, 0.95)
    : fromLining !== null
      ? clamp(fromLining, 0, 0.95)
      : defaultFrame;
  room.windows.push({
    id: '',
    ifcId: w.id,
    name: w.name,
    kind: w.kind,
    placedBy: rule,
    x1: round(ax + ux * s0),
    y1: round(ay + uy * s0),
    z1: round(z1),
    x2: round(ax + ux * s1 + nx * thickness),
    y2: round(ay + uy * s1 + ny * thickness),
    z2: round(z2),
    window_frame_ratio: round(frame),
    frameFrom: fromGlass ? 'glass' : fromLining !== null ? 'lining' : 'default',
    width: round(width),
    height: round(height),
    inner: [
      [round(ax + ux * s0), round(ay + uy * s0)],
      [round(ax + ux * s1), round(ay + uy * s1)],
    ],
    direction: round(wrap360((Math.atan2(ny, nx) * 180) / Math.PI)),
  });
  return true;
}

/**
 * Where the host wall lies beside the window, measured outward from the room's wall face: its faces
 * parallel to that face whose extent along it overlaps the window's, nearest (its inner face, ~0 when it
 * is this room's wall) and farthest (its outer face: the thickness). By faces, not vertices: a long wall's
 * faces have their corners at its ends, far from the window. Null without the wall or such a face.
 */
function wallFaces(
  p: Float32Array | undefined,
  f: Frame,
  s0: number,
  s1: number,
): { near: number; far: number } | null {
  if (!p) return null;
  let near = Infinity,
    far = -Infinity;
  for (let i = 0; i < p.length; i += 9) {
    const { s0: lo, s1: hi, t0: tmin, t1: tmax } = extentAlong(p, i, i + 9, f);
    // Parallel to the wall face (1 cm across), beside the window, and not a wall across the room (an outline
    // drawn to a wall's centre line has its inner face up to half a thick wall inside).
    if (tmax - tmin > 0.01 || hi < s0 - 0.05 || lo > s1 + 0.05 || tmin < -0.75 || tmin > 1.5) continue;
    near = Math.min(near, tmin);
    far = Math.max(far, tmin);
  }
  return far > near + 0.01 ? { near, far } : null;
}

/**
 * The room whose outline edge lies on a face of the wall or inside it (its inner face for net areas, its
 * centre line for gross ones), the wall outward of the edge at least in part, and the window within the
 * wall's thickness: the nearest such edge, or null.
 */
function inWall(rooms: IfcRoom[], w: IfcWindowData, wall: Float32Array): EdgeFit | null {
  return nearest(
    rooms.flatMap((room) =>
      edgeFits(w, room, wall)
        .filter(
          (f) =>
            f.wall !== null &&
            f.wall.near <= 0.05 &&
            f.wall.far > 0.05 &&
            f.t0 >= f.wall.near - 0.05 &&
            f.t1 <= f.wall.far + 0.05 &&
            onEdge(f) >= 0.8,
        )
        .map((f) => ({ ...f, gap: Math.abs(f.wall!.near) })),
    ),
  );
}

/** Area of triangles seen along the plan direction (nx, ny): both faces of a pane count. */
function projectedArea(p: Float32Array, nx: number, ny: number): number {
  let a = 0;
  for (let i = 0; i < p.length; i += 9) {
    const e1x = p[i + 3]! - p[i]!,
      e1y = p[i + 4]! - p[i + 1]!,
      e1z = p[i + 5]! - p[i + 2]!;
    const e2x = p[i + 6]! - p[i]!,
      e2y = p[i + 7]! - p[i + 1]!,
      e2z = p[i + 8]! - p[i + 2]!;
    const cx = e1y * e2z - e1z * e2y,
      cy = e1z * e2x - e1x * e2z;
    a += Math.abs(cx * nx + cy * ny) / 2;
  }
  return a;
}

const round = (v: number): number => Math.round(v * 1e4) / 1e4;
const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** "2 windows, 1 glazed door, 6 curtain-wall panels and 1 skylight": glazing by kind, windows always named. */
export function glazingCount(windows: readonly { kind: GlazingKind }[], skylights = 0): string {
  const count = { window: 0, door: 0, 'curtain wall': 0 } satisfies Record<GlazingKind, number>;
  for (const w of windows) count[w.kind]++;
  const parts = [plural(count.window, 'window', 'windows')];
  if (count.door) parts.push(plural(count.door, 'glazed door', 'glazed doors'));
  if (count['curtain wall'])
    parts.push(plural(count['curtain wall'], 'curtain-wall panel', 'curtain-wall panels'));
  if (skylights) parts.push(plural(skylights, 'skylight', 'skylights'));
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0]!;
}

/**
 * One line on the building's glazing, for the command line, the report and the Building panel: what was
 * placed in rooms by kind, how many were not (the list says why), and the doors that are not light sources.
 */
export function glazingSummary(b: Pick<IfcBuilding, 'rooms' | 'unplaced' | 'opaqueDoors'>): string {
  const skylights = b.rooms.reduce((n, r) => n + r.skylights.length, 0);
  const placed = `${glazingCount(
    b.rooms.flatMap((r) => r.windows),
    skylights,
  )} in rooms`;
  const left = b.unplaced.length ? `, ${b.unplaced.length} not analysed` : '';
  const doors = b.opaqueDoors
    ? `; ${plural(b.opaqueDoors, 'door', 'doors')} without glass not counted as light sources`
    : '';
  return placed + left + doors;
}
