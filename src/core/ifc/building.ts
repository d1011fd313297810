import { polygonDefect, signedArea } from '../geometry/polygon';
import type { Vec2 } from '../geometry/vec';
import type { WindowCorners } from '../geometry/window';
import { RANGES } from '../validation/ranges';
import { floorDrop, FLOOR_LIMIT, FLOOR_MAX } from '../api/highFloor';
import { floorOutline } from './floorOutline';
import { frameRatioFromLining } from './windowLining';
import type { IfcSourceData, IfcWindowData } from './source';

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
  window_frame_ratio: number;
  /**
   * Where the frame ratio came from: the glass in the file's geometry, the file's lining and panel
   * properties, or the project's default.
   */
  frameFrom: 'glass' | 'lining' | 'default';
  /** Width × height of the opening (m). */
  width: number;
  height: number;
  /** The opening's ends on the room's wall face (plan), and the facade's outward direction (API angle). */
  inner: [[number, number], [number, number]];
  direction: number;
}

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
  /** Why the room cannot be analysed; null when it can. */
  problem: string | null;
  /** What is worth knowing but does not stop the analysis (a stepped floor, a clamped window…). */
  notes: string[];
}

export interface IfcBuilding {
  schema: string;
  /** True north, degrees clockwise from the plan's +y; 0 when the file does not say. */
  north: number;
  northFromFile: boolean;
  /** The terrain's z in the file's frame (the lowest space floor). */
  terrainZ: number;
  /** The file's plan point the plan frame is measured from (georeferenced files; else (0, 0)). */
  origin: [number, number];
  storeys: string[];
  rooms: IfcRoom[];
  /** Windows that sit in no room's wall, with the reason (they are not analysed). */
  unplaced: { ifcId: number; name: string; reason: string }[];
  /** The obstruction mesh in the API's frame (terrain at z = 0), 9 floats a triangle. */
  context: Float32Array;
}

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
}

/** How far a window's inner side may be from a room's wall face and still be in that wall (m). */
const WALL_GAP = 0.2;

export function buildingFromIfc(d: IfcSourceData, o: IfcReadOptions = {}): IfcBuilding {
  const defaultFrame = o.defaultFrameRatio ?? 0.2;
  const storeyName = new Map(d.storeys.map((s) => [s.id, s.name]));
  const outlines = d.spaces.map((s) => floorOutline(s.positions));
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
      area: f ? Math.abs(signedArea(f.polygon)) : 0,
      floor_height_above_terrain: f ? round(f.z - terrainZ) : 0,
      height_roof_over_floor: f ? round(f.top - f.z) : 0,
      room_polygon: f ? f.polygon.map(([x, y]) => [round(x), round(y)] as const) : [],
      windows: [],
      problem: null,
      notes: [],
    };
    if (!f) room.problem = 'Its floor cannot be read from its geometry (no flat face at its lowest level).';
    else {
      const defect = polygonDefect(room.room_polygon);
      if (defect) room.problem = `Its floor outline ${defect}.`;
      else if (f.flatShare < 0.95)
        room.notes.push(
          `Its floor has steps (${Math.round(f.flatShare * 100)} % of it at its lowest level): analysed as one floor at that level.`,
        );
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
  const types = new Map(d.obstruction.map((e) => [e.id, e.type]));
  const unplaced: IfcBuilding['unplaced'] = [];
  for (const w of d.windows) {
    const placed = placeWindow(w, rooms, terrainZ, walls, defaultFrame, types.get(w.hostWall ?? -1));
    if (typeof placed === 'string') unplaced.push({ ifcId: w.id, name: w.name, reason: placed });
  }
  for (const r of rooms) {
    r.windows.sort((a, b) => a.ifcId - b.ifcId);
    r.windows.forEach((w, k) => (w.id = `w${k + 1}`));
    if (!r.problem && r.windows.length === 0)
      r.problem = 'It has no window in its walls (a room needs at least one IfcWindow).';
  }

  let count = 0;
  for (const e of d.obstruction) count += e.positions.length;
  const context = new Float32Array(count);
  let at = 0;
  for (const e of d.obstruction) {
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

  const north = d.trueNorth ? wrap360((Math.atan2(d.trueNorth[0], d.trueNorth[1]) * 180) / Math.PI) : 0;
  const storeys = [...d.storeys].sort((a, b) => (a.elevation ?? 0) - (b.elevation ?? 0)).map((s) => s.name);
  return {
    schema: d.schema,
    north,
    northFromFile: d.trueNorth !== null,
    terrainZ,
    origin: d.origin ?? [0, 0],
    storeys,
    rooms,
    unplaced,
    context,
  };
}

/**
 * Puts a window into the wall of the room it opens: among the rooms whose height range holds most of
 * the window, the polygon edge whose line runs along the window's longer plan side, with the window's
 * inner side nearest the room's wall face (within WALL_GAP) and most of its width on the edge. Returns
 * the reason when none fits.
 */
function placeWindow(
  w: IfcWindowData,
  rooms: IfcRoom[],
  terrainZ: number,
  walls: Map<number, Float32Array>,
  defaultFrame: number,
  hostType: string | undefined,
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
  let best: { room: IfcRoom; edge: number; gap: number; s0: number; s1: number; t1: number } | null = null;
  for (const room of rooms) {
    if (room.room_polygon.length < 3) continue;
    const f = room.floor_height_above_terrain,
      c = f + room.height_roof_over_floor;
    if (Math.min(zmax, c) - Math.max(zmin, f) < 0.5 * (zmax - zmin)) continue;
    const poly = room.room_polygon;
    for (let e = 0; e < poly.length; e++) {
      const [ax, ay] = poly[e]!,
        [bx, by] = poly[(e + 1) % poly.length]!;
      const len = Math.hypot(bx - ax, by - ay);
      if (len < 1e-6) continue;
      const ux = (bx - ax) / len,
        uy = (by - ay) / len;
      const nx = uy,
        ny = -ux; // outward: the polygon is counter-clockwise
      let s0 = Infinity,
        s1 = -Infinity,
        t0 = Infinity,
        t1 = -Infinity;
      for (let i = 0; i < p.length; i += 3) {
        const x = p[i]! - ax,
          y = p[i + 1]! - ay;
        const s = x * ux + y * uy,
          t = x * nx + y * ny;
        s0 = Math.min(s0, s);
        s1 = Math.max(s1, s);
        t0 = Math.min(t0, t);
        t1 = Math.max(t1, t);
      }
      if (s1 - s0 < t1 - t0) continue; // the window's long side does not run along this edge
      if (t0 < -WALL_GAP) continue;
      if (t0 > WALL_GAP) {
        // Set towards the outside of a thick wall (an insulated 0.5 m wall, the frame at its outer third):
        // still this room's window when it lies within its host wall, whose inner face is this wall face.
        const span = wallSpan(host, ax, ay, ux, uy, nx, ny, s0, s1);
        if (!span || span.near > 0.05 || t0 > span.far) continue;
      }
      const on = Math.min(s1, len) - Math.max(s0, 0);
      if (on < 0.8 * (s1 - s0)) continue;
      const gap = Math.abs(t0);
      if (!best || gap < best.gap - 1e-6) best = { room, edge: e, gap, s0, s1, t1 };
    }
  }
  if (!best)
    return hostType === 'IFCROOF' || hostType === 'IFCSLAB'
      ? `It sits in a ${hostType === 'IFCROOF' ? 'roof' : 'slab'} (a skylight): only windows in walls are analysed.`
      : "It is in no room's wall: no IfcSpace has a wall face within 0.2 m of it at its height.";
  const { room, edge, s0: rs0, s1: rs1 } = best;
  const poly = room.room_polygon;
  const [ax, ay] = poly[edge]!,
    [bx, by] = poly[(edge + 1) % poly.length]!;
  const len = Math.hypot(bx - ax, by - ay);
  const ux = (bx - ax) / len,
    uy = (by - ay) / len;
  const nx = uy,
    ny = -ux;
  const s0 = Math.max(0, rs0),
    s1 = Math.min(len, rs1);
  const thickness = wallSpan(host, ax, ay, ux, uy, nx, ny, s0, s1)?.far ?? Math.max(0.1, best.t1);
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
 * Where the host wall lies beside the window, measured outward from the room's wall face: its nearest
 * vertex (its inner face, ~0 when it is this room's wall) and its farthest (its thickness). Null without
 * the wall or when none of its vertices is there.
 */
function wallSpan(
  p: Float32Array | undefined,
  ax: number,
  ay: number,
  ux: number,
  uy: number,
  nx: number,
  ny: number,
  s0: number,
  s1: number,
): { near: number; far: number } | null {
  if (!p) return null;
  let near = Infinity,
    far = -Infinity;
  for (let i = 0; i < p.length; i += 3) {
    const x = p[i]! - ax,
      y = p[i + 1]! - ay;
    const s = x * ux + y * uy,
      d = x * nx + y * ny;
    if (s >= s0 - 0.05 && s <= s1 + 0.05 && d > -0.05 && d < 1.5) {
      near = Math.min(near, d);
      far = Math.max(far, d);
    }
  }
  return far > 0.01 ? { near, far } : null;
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
const wrap360 = (deg: number): number => ((deg % 360) + 360) % 360;
