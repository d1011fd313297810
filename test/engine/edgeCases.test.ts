import { describe, expect, it } from 'vitest';
import { simulateRoom } from '../../src/core/engine/simulate';
import { parseRunRequest } from '../../src/core/validation/requests';

/** Requests at the edges of what validation lets through: finite, non-negative, sensible results. */
function run(parameters: Record<string, unknown>) {
  const zeros = new Array(64).fill(0);
  const req = parseRunRequest({ model_type: 'df_default', parameters, horizon: zeros, zenith: zeros });
  for (const w of req.parameters.windows) {
    delete w.horizon;
    delete w.zenith;
  }
  const r = simulateRoom(
    { parameters: req.parameters, geometry: req.geometry, mesh: null, modelType: 'df_default' },
    { quality: 'draft' },
  );
  let s = 0,
    n = 0;
  r.df.data.forEach((v, i) => {
    expect(Number.isFinite(v) && v >= 0).toBe(true);
    if (r.mask.data[i]) {
      s += v;
      n++;
    }
  });
  return s / n;
}

const base = {
  height_roof_over_floor: 2.7,
  floor_height_above_terrain: 0.5,
  room_polygon: [
    [0, 0],
    [4, 0],
    [4, 5],
    [0, 5],
  ],
};
const win = (over: Record<string, number>) => ({
  w: { x1: 1, y1: 0, z1: 1.4, x2: 3, y2: -0.3, z2: 2.9, window_frame_ratio: 0.2, ...over },
});

describe('edge cases', () => {
  it('an opaque window (frame ratio 1) lets no light in', () => {
    expect(run({ ...base, windows: win({ window_frame_ratio: 1 }) })).toBe(0);
  });
  it('a window reaching past floor and ceiling is clipped to the wall and gives more light', () => {
    const normal = run({ ...base, windows: win({}) });
    const tall = run({ ...base, windows: win({ z1: 0.4, z2: 3.3 }) });
    expect(tall).toBeGreaterThan(normal);
  });
  it('triangular and U-shaped rooms, a 1 m² room', () => {
    expect(
      run({
        ...base,
        room_polygon: [
          [0, 0],
          [6, 0],
          [0, 5],
        ],
        windows: win({ x2: 4 }),
      }),
    ).toBeGreaterThan(1);
    const u = [
      [0, 0],
      [8, 0],
      [8, 6],
      [6, 6],
      [6, 2],
      [2, 2],
      [2, 6],
      [0, 6],
    ];
    expect(run({ ...base, room_polygon: u, windows: win({ x1: 3, x2: 5 }) })).toBeGreaterThan(0.5);
    expect(
      run({
        ...base,
        room_polygon: [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 1],
        ],
        windows: win({ x1: 0.2, x2: 0.8, y2: -0.2 }),
      }),
    ).toBeGreaterThan(1);
  });
});
