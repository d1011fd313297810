import { describe, expect, it } from 'vitest';
// Meshes travel as float32 (a tenth of a micrometre at these coordinates): angles agree to ~1e-6°.
import { post, testApp } from './inProcess';

/** A facing wall 10 m in front of the window (south, y = -10.3), 10 m higher than P: horizon 45° ahead. */
const P = { x: 2.5, y: -0.3, z: 1.5 };
const wall = [
  [-100, -10.3, 0],
  [100, -10.3, 0],
  [100, -10.3, 11.5],
  [-100, -10.3, 0],
  [100, -10.3, 11.5],
  [-100, -10.3, 11.5],
];
const room = {
  room_polygon: [
    [0, 0],
    [5, 0],
    [5, 4],
    [0, 4],
  ],
  windows: {
    s: { x1: 2, y1: 0, z1: 1, x2: 3, y2: -0.3, z2: 2, window_frame_ratio: 0.2 },
    n: { x1: 2, y1: 4, z1: 1, x2: 3, y2: 4, z2: 2, window_frame_ratio: 0.2 },
  },
};

describe('/obstruction_all', () => {
  const app = testApp();
  it('window form: per-window fans from the external reference point, first window on top', async () => {
    const res = await post(app, '/v2/obstruction_all', { ...room, mesh: wall });
    expect(res.status).toBe(200);
    const b = await res.json();
    expect(b.status).toBe('success');
    expect(b.horizon).toHaveLength(64);
    expect(b.windows.s.direction_angle).toBe(270);
    expect(b.windows.s.reference_point).toEqual({ x: 2.5, y: 0, z: 1.5 });
    // index i looks at 270 − 72.5 + i·145/63; the wall at distance 10/cos θ subtends atan(cos θ)
    for (let i = 0; i < 64; i++) {
      const theta = ((-72.5 + (i * 145) / 63) * Math.PI) / 180;
      expect(b.windows.s.horizon[i]).toBeCloseTo((Math.atan(Math.cos(theta)) * 180) / Math.PI, 5);
      expect(b.windows.s.zenith[i]).toBe(0);
    }
    expect(b.horizon).toEqual(b.windows.s.horizon);
    // the north window sees nothing: the wall is behind it
    expect(b.windows.n.direction_angle).toBe(90);
    expect(b.windows.n.horizon).toEqual(new Array(64).fill(0));
  });
  it('viewpoint form returns the 64 azimuths too', async () => {
    const b = await (
      await post(app, '/v2/obstruction_all', { ...P, direction_angle: 270, mesh: wall })
    ).json();
    expect(b.directions[0]).toBeCloseTo(197.5, 9);
    expect(b.directions[63]).toBeCloseTo(342.5, 9);
    expect(b.horizon[31]).toBeCloseTo(45, 0);
  });
  it('missing mesh is named', async () => {
    const res = await post(app, '/v2/obstruction_all', room);
    expect(await res.json()).toEqual({
      status: 'error',
      error: 'Missing required parameters: mesh',
      error_type: 'validation_error',
    });
  });
});

describe('single-direction endpoints', () => {
  const app = testApp();
  it('/horizon: a building 10 m higher at 10 m → 45°, with the point that defines it', async () => {
    const b = await (await post(app, '/v2/horizon', { ...P, direction_angle: 270, mesh: wall })).json();
    expect(b.horizon).toBeCloseTo(45, 5);
    expect(b.data.obstruction_angle_degrees).toBe(b.horizon);
    expect(b.data.obstruction_angle_radians).toBeCloseTo(Math.PI / 4, 6);
    expect(b.data.highest_point.z).toBeCloseTo(11.5, 5);
    expect(b.data.highest_point.y).toBeCloseTo(-10.3, 5);
    expect(b.data.projected_point_count).toBeGreaterThan(0);
  });
  it('/zenith: a balcony slab 1.5 m above P reaching 1.5 m out → 45°', async () => {
    const slab = [
      [-5, -0.3, 3],
      [5, -0.3, 3],
      [5, -1.8, 3],
      [-5, -0.3, 3],
      [5, -1.8, 3],
      [-5, -1.8, 3],
    ];
    const b = await (await post(app, '/v2/zenith', { ...P, direction_angle: 270, mesh: slab })).json();
    expect(b.zenith).toBeCloseTo(45, 5);
    expect(b.data.highest_point).toMatchObject({ z: 3 });
  });
  it('/obstruction carries both, and the legacy rad_y form gives the same answer', async () => {
    const deg = await (await post(app, '/v2/obstruction', { ...P, direction_angle: 270, mesh: wall })).json();
    const rad = await (
      await post(app, '/v1/obstruction', { ...P, rad_x: 0, rad_y: (3 * Math.PI) / 2, mesh: wall })
    ).json();
    expect(deg.horizon).toBeCloseTo(45, 5);
    expect(deg.zenith).toBe(0);
    expect(deg.data.horizon.obstruction_angle_degrees).toBe(deg.horizon);
    expect(rad.horizon).toBeCloseTo(deg.horizon, 9);
  });
});
