/**
 * The benchmarks' room (bench/scenes.ts re-exports it), which the evaluation scripts' own scenes reuse: 5 × 4
 * m on the second floor (3 m above the terrain, 3 m high), its 2 m window in the wall facing −y, the wall's
 * outer face at y = −0.3.
 */
export const BENCH_ROOM = {
  height_roof_over_floor: 3,
  floor_height_above_terrain: 3,
  room_polygon: [
    [0, 0],
    [5, 0],
    [5, 4],
    [0, 4],
  ],
  windows: { w1: { x1: 1.5, y1: 0, z1: 3.9, x2: 3.5, y2: -0.3, z2: 5.4, window_frame_ratio: 0.2 } },
};
