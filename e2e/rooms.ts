/** The small room the worker tests share: 5 × 4 m, one 1 m window on the south wall, 10° horizon. */
export const SMALL_ROOM_RUN = {
  model_type: 'df_default',
  parameters: {
    height_roof_over_floor: 3,
    floor_height_above_terrain: 0,
    room_polygon: [
      [0, 0],
      [5, 0],
      [5, 4],
      [0, 4],
    ],
    windows: { w1: { x1: 1, y1: 0, z1: 0.9, x2: 2, y2: -0.3, z2: 2.4, window_frame_ratio: 0.2 } },
  },
  horizon: new Array(64).fill(10),
  zenith: new Array(64).fill(0),
};

/**
 * A room 18 m deep behind one window: its frame holds its first ~11 m, the rest is read from the model's
 * coarse solve (a card's `beyondFrame`).
 */
export const DEEP_ROOM_RUN = {
  ...SMALL_ROOM_RUN,
  parameters: {
    ...SMALL_ROOM_RUN.parameters,
    room_polygon: [
      [0, 0],
      [5, 0],
      [5, 18],
      [0, 18],
    ],
  },
};
