import { ifcRoomTitle, type IfcRoom, type IfcRoomWindow } from '../../core/ifc/building';
import type { RawCrowns } from '../../core/validation/crowns';
import { floorArea, signedArea } from '../../core/geometry/polygon';
import { windowGeometry } from '../../core/geometry/window';
import { edgeFrame, windowCorners } from './geometry';
import { defaultScene, NAME_MAX, type Scene, type SceneWindow } from './scene';

/**
 * A room read from IFC as the editor's scene (issue 20 §2: open a room of the building in today's
 * editor): its outline and heights, each window on the outline edge whose line holds its inner side (offset
 * along the edge, width, sill and head above the floor, frame ratio, the host wall's thickness), the
 * building's north, its skylights, and the building as an imported mesh around it (its angles are
 * recomputed by the surroundings worker, which holds the building).
 */
export function sceneOfIfcRoom(
  room: IfcRoom,
  north: number,
  meshName: string,
  triangles: number,
  from?: { file: string; index: number },
  /** The building's trees as crowns (its vegetation setting `translucent`), which its rooms' requests carry. */
  crowns?: RawCrowns,
): Scene {
  const outline = room.room_polygon.map(([x, y]) => [x, y] as [number, number]);
  const windows: SceneWindow[] = room.windows.map((w) => {
    const [a, b] = w.inner;
    let best = { edge: 0, d: Infinity, s0: 0, s1: 0 };
    for (let e = 0; e < outline.length; e++) {
      const [ax, ay] = outline[e]!,
        [bx, by] = outline[(e + 1) % outline.length]!;
      const len = Math.hypot(bx - ax, by - ay);
      if (len === 0) continue;
      const ux = (bx - ax) / len,
        uy = (by - ay) / len;
      // Distance of both ends from the edge's line, and where they fall along it.
      const d = Math.abs((a[0] - ax) * uy - (a[1] - ay) * ux) + Math.abs((b[0] - ax) * uy - (b[1] - ay) * ux);
      const s0 = (a[0] - ax) * ux + (a[1] - ay) * uy,
        s1 = (b[0] - ax) * ux + (b[1] - ay) * uy;
      if (d < best.d - 1e-9) best = { edge: e, d, s0, s1 };
    }
    const [ax, ay] = outline[best.edge]!,
      [bx, by] = outline[(best.edge + 1) % outline.length]!;
    const len = Math.hypot(bx - ax, by - ay);
    // The exterior corner's distance from the wall face: the host wall's thickness.
    const thickness = Math.abs(((w.x2 - ax) * (by - ay) - (w.y2 - ay) * (bx - ax)) / len);
    const floor = room.floor_height_above_terrain;
    return {
      id: w.id,
      edge: best.edge,
      offset: round((best.s0 + best.s1) / 2),
      width: round(Math.abs(best.s1 - best.s0)),
      sill: round(w.z1 - floor),
      head: round(w.z2 - floor),
      frame: w.window_frame_ratio,
      thickness: round(thickness),
      ...(w.glass_transmittance !== undefined ? { glass: w.glass_transmittance } : {}),
    };
  });
  return {
    ...defaultScene(),
    name: clipped(ifcRoomTitle(room), NAME_MAX),
    outline,
    floorZ: room.floor_height_above_terrain,
    height: room.height_roof_over_floor,
    windows,
    ...(room.skylights.length
      ? {
          skylights: room.skylights.map((k) => ({
            id: k.id,
            polygon: k.polygon.map(([x, y]): [number, number] => [x, y]),
            frame: k.window_frame_ratio,
          })),
        }
      : {}),
    ...(room.ceiling_planes
      ? { ceilingPlanes: room.ceiling_planes.map(([a, b, c]): [number, number, number] => [a, b, c]) }
      : {}),
    surroundings: {
      kind: 'mesh',
      name: meshName,
      triangles,
      perWindow: {},
      ...(crowns ? { crowns } : {}),
    },
    north,
    ...(room.materials ? { modelType: 'df_custom', materials: { ...room.materials } } : {}),
    ...(from ? { ifcRoom: from } : {}),
  };
}

/**
 * The building's room as the editor's scene has it now (sceneOfIfcRoom's way back): its outline, heights,
 * windows (those the file gave keep their IFC id, name and kind; new ones are the editor's), skylights,
 * sloped ceiling, and reflectances when set — the room the building's table, plan, apartment totals and
 * report then show, marked as edited.
 */
export function ifcRoomOfScene(room: IfcRoom, scene: Scene): IfcRoom {
  const outline = scene.outline.map(([x, y]): [number, number] => [x, y]);
  const before = new Map(room.windows.map((w) => [w.id, w]));
  const windows = scene.windows.map((w): IfcRoomWindow => {
    const corners = windowCorners(scene, w);
    const e = edgeFrame(scene.outline, w.edge);
    const s0 = w.offset - w.width / 2,
      s1 = w.offset + w.width / 2;
    const was = before.get(w.id);
    const { id: _, glass_transmittance: glass, ...at } = corners;
    return {
      ...at,
      id: w.id,
      ifcId: was?.ifcId ?? -1,
      name: was?.name ?? `Window ${w.id} (added in Lux)`,
      kind: was?.kind ?? 'window',
      placedBy: was && sameWindow(was, at) ? was.placedBy : 'editor',
      window_frame_ratio: w.frame,
      frameFrom: was && was.window_frame_ratio === w.frame ? was.frameFrom : 'editor',
      width: round(w.width),
      height: round(w.head - w.sill),
      inner: [
        [round(e.ax + e.ux * s0), round(e.ay + e.uy * s0)],
        [round(e.ax + e.ux * s1), round(e.ay + e.uy * s1)],
      ],
      direction: windowGeometry(outline, corners).directionAngle,
      ...(glass !== undefined ? { glass_transmittance: glass } : {}),
    };
  });
  const skylightsBefore = new Map(room.skylights.map((k) => [k.id, k]));
  const skylights = (scene.skylights ?? []).flatMap((k) => {
    const was = skylightsBefore.get(k.id);
    if (!was) return [];
    const polygon = k.polygon.map(([x, y]): [number, number] => [x, y]);
    return [{ ...was, polygon, area: round(Math.abs(signedArea(polygon))), window_frame_ratio: k.frame }];
  });
  const edited = 'Changed in Lux’s editor and kept in the building: not the room as the file has it.';
  const { materials: _m, ...rest } = room;
  return {
    ...rest,
    area: floorArea(outline),
    floor_height_above_terrain: scene.floorZ,
    height_roof_over_floor: scene.height,
    room_polygon: outline,
    windows,
    skylights,
    ceiling_planes: scene.ceilingPlanes?.map(([a, b, c]): [number, number, number] => [a, b, c]) ?? null,
    notes: [...room.notes.filter((n) => n !== edited), edited],
    ...(scene.modelType === 'df_custom' ? { materials: { ...scene.materials } } : {}),
    edited: true,
  };
}

/** Whether the editor left a window where the file put it (to the millimetre). */
function sameWindow(
  a: IfcRoomWindow,
  b: { x1: number; y1: number; z1: number; x2: number; y2: number; z2: number },
): boolean {
  return (['x1', 'y1', 'z1', 'x2', 'y2', 'z2'] as const).every((k) => Math.abs(a[k] - b[k]) < 1e-3);
}

const round = (v: number): number => Math.round(v * 1e4) / 1e4;

/** Text cut to `most` characters, ending in "…" where it was cut (never half a character: an emoji's pair). */
const clipped = (text: string, most: number): string =>
  text.length <= most ? text : `${text.slice(0, most - 1).replace(/[\ud800-\udbff]$/, '')}…`;
