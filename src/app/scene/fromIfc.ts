import type { IfcRoom } from '../../core/ifc/building';
import { defaultScene, type Scene, type SceneWindow } from './scene';

/**
 * A room read from IFC as the editor's scene (issue 20 §2: open a room of the building in today's
 * editor): its outline and heights, each window on the outline edge whose line holds its inner side (offset
 * along the edge, width, sill and head above the floor, frame ratio, the host wall's thickness), the
 * building's north, its skylights, and the building as an imported mesh around it (its angles are
 * recomputed by the surroundings worker, which holds the building).
 */
export function sceneOfIfcRoom(room: IfcRoom, north: number, meshName: string, triangles: number): Scene {
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
    };
  });
  return {
    ...defaultScene(),
    name: `${room.number} ${room.name}`.trim() + (room.storey ? ` · ${room.storey}` : ''),
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
    surroundings: { kind: 'mesh', name: meshName, triangles, perWindow: {} },
    north,
  };
}

const round = (v: number): number => Math.round(v * 1e4) / 1e4;
