/**
 * A w × d m hall lit by one long window, with angles (no mesh): seconds of engine work at high quality for
 * 30 × 20 m, minutes for 90 × 60 m. For the tests of time-outs, hang-ups, lanes and the cost estimate.
 */
export function hall(w: number, d: number, quality: 'draft' | 'standard' | 'high' = 'high') {
  return {
    model_type: 'df_default',
    quality,
    parameters: {
      height_roof_over_floor: 4,
      floor_height_above_terrain: 0,
      room_polygon: [
        [0, 0],
        [w, 0],
        [w, d],
        [0, d],
      ],
      windows: { w1: { x1: 2, y1: 0, z1: 0.9, x2: w - 2, y2: -0.3, z2: 3.5, window_frame_ratio: 0.1 } },
    },
    horizon: new Array(64).fill(5),
    zenith: new Array(64).fill(0),
  };
}
