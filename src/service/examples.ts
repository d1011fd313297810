/**
 * The pieces of the example request bodies that each operation's descriptor (operations.ts) carries: the
 * OpenAPI document's examples, the seeds of the fuzz test's mutations and the requests of the HTTP tests. The room and window are conventions.md's
 * third worked example (reference point (1.5, 0, 1.65), direction 270°); the mesh is a wall 10 m in
 * front of that window.
 */
export const ROOM_POLYGON = [
  [0, 0],
  [5, 0],
  [5, 4],
  [0, 4],
];
export const WINDOW = { x1: 1, y1: 0, z1: 0.9, x2: 2, y2: 0, z2: 2.4, window_frame_ratio: 0.2 };
export const MESH = [
  [-10, -10, 0],
  [12, -10, 0],
  [12, -10, 8],
  [-10, -10, 0],
  [12, -10, 8],
  [-10, -10, 8],
];
export const angles = (v: number) => Array.from({ length: 64 }, (_, i) => v + (i % 8));

export const parameters = {
  height_roof_over_floor: 3,
  floor_height_above_terrain: 0,
  room_polygon: ROOM_POLYGON,
  windows: { w1: WINDOW },
};
export const viewpoint = { x: 1.5, y: 0, z: 1.65, direction_angle: 270, mesh: MESH };
export const legacyViewpoint = { x: 1.5, y: 0, z: 1.65, rad_x: 0, rad_y: (3 * Math.PI) / 2, mesh: MESH };
export const grid = {
  df_matrix: [
    [0, 1.5, 2.5],
    [3.5, 0.5, 4],
  ],
  room_mask: [
    [true, true, false],
    [1, 1, 0],
  ],
};
