import { describe, expect, it } from 'vitest';
import { ModelStatus } from '../../src/service/model/status';
import { post, testApp } from './inProcess';

/**
 * Sloped ceilings over the API (issue 33): /simulate lights the room under them, /run answers such a room
 * by the engine (the model knows boxes), and planes that do not make a room are refused with the reason.
 */
const MODELS = new URL('../fixtures/models/', import.meta.url).pathname;

/** An attic 6 × 5 m, a gable along x: eaves 1.2 m, ridge 4.3 m; a window in the west gable. */
const attic = (planes: unknown, window: Record<string, number> = {}) => ({
  model_type: 'df_default',
  response_format: 'json',
  quality: 'draft',
  horizon: new Array(64).fill(0),
  zenith: new Array(64).fill(0),
  parameters: {
    height_roof_over_floor: 4.3,
    floor_height_above_terrain: 3,
    room_polygon: [
      [0, 0],
      [6, 0],
      [6, 5],
      [0, 5],
    ],
    windows: {
      w1: { x1: 0, y1: 1.8, z1: 4, x2: -0.3, y2: 3.2, z2: 5.6, window_frame_ratio: 0.2, ...window },
    },
    ...(planes ? { ceiling_planes: planes } : {}),
  },
});
const k = 3.1 / 2.5;
const GABLE = [
  [0, k, 4.2],
  [0, -k, 4.2 + 5 * k],
];
const mean = (b: { result: number[][]; mask: boolean[][] }) => {
  const m = b.mask.flat();
  const v = b.result.flat().filter((_, i) => m[i]);
  return v.reduce((s, x) => s + x, 0) / v.length;
};

describe('sloped ceilings', async () => {
  const model = new ModelStatus(`${MODELS}tiny-v2rgb.json`);
  expect(await model.settled()).toBe('ready');
  const app = testApp({ model });

  it('light the room as built: /simulate, and /run by the engine', async () => {
    const [box, gable, run] = await Promise.all([
      post(app, '/v2/simulate', attic(null)),
      post(app, '/v2/simulate', attic(GABLE)),
      post(app, '/v2/run', attic(GABLE)),
    ]);
    expect([box.status, gable.status, run.status]).toEqual([200, 200, 200]);
    const [a, b, r] = [await box.json(), await gable.json(), await run.json()];
    // The slopes are nearer the floor than a flat ceiling at the ridge: more light reflected down.
    expect(mean(b)).toBeGreaterThan(1.08 * mean(a));
    expect(r.method).toBe('simulation');
    expect(mean(r)).toBeCloseTo(mean(b), 1);
  });

  it('analyse the work plane only where the ceiling is above it', async () => {
    // Eaves at 0.5 m: the strips along the long walls where the slope is under 0.85 m are not in the map.
    const low = [
      [0, 1.5, 3.5],
      [0, -1.5, 3.5 + 7.5],
    ];
    const res = await post(app, '/v2/simulate', attic(low, { z2: 5.2 }));
    expect(res.status).toBe(200);
    const b = await res.json();
    const rows = b.mask.map((row: boolean[]) => row.some((m) => m));
    // 0.85 m (0.05 over the work plane) is reached 0.23 m in from each long wall: two rows of 0.1 m cells on
    // each side are not analysed.
    expect(rows.filter((x: boolean) => !x)).toHaveLength(4);
    expect([rows[0], rows[1], rows[2], rows.at(-3), rows.at(-2), rows.at(-1)]).toEqual([
      false,
      false,
      true,
      true,
      false,
      false,
    ]);
  });

  it('are refused when they do not make a room', async () => {
    const cases: [unknown, Record<string, number>, RegExp][] = [
      [[[5, 0, 4]], {}, /ceiling_planes\[0\]' is steeper than 76°/],
      [[[0, 2, 2.9]], {}, /puts the ceiling -0\.10 m above the floor at the corner \[0, 0\]/],
      [[[0, 0, 3.5]], {}, /leaves less than 0\.9 m over the whole floor/],
      [GABLE, { z2: 6.8 }, /'windows\.w1' ends at z 6\.8, more than 0\.15 m above the sloped ceiling/],
      ['steep', {}, /ceiling_planes/],
    ];
    for (const [planes, window, message] of cases) {
      const res = await post(app, '/v2/simulate', attic(planes, window));
      expect(res.status, JSON.stringify(planes)).toBe(400);
      expect((await res.json()).error).toMatch(message);
    }
    const both = attic(GABLE);
    (both.parameters as Record<string, unknown>).skylights = {
      s1: {
        polygon: [
          [2, 2],
          [3, 2],
          [3, 3],
          [2, 3],
        ],
      },
    };
    // Across the ridge (y = 2.5): a roof window lies in one slope.
    const res = await post(app, '/v2/simulate', both);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/'skylights\.s1' crosses a ridge or bend of the sloped ceiling/);
  });

  it('take a roof window in a slope: /simulate and /run light the room through it', async () => {
    const withRoofWindow = attic(GABLE);
    (withRoofWindow.parameters as Record<string, unknown>).skylights = {
      s1: {
        polygon: [
          [2, 0.8],
          [3.2, 0.8],
          [3.2, 2],
          [2, 2],
        ],
        window_frame_ratio: 0.15,
      },
    };
    const [plain, sim, run] = await Promise.all([
      post(app, '/v2/simulate', attic(GABLE)),
      post(app, '/v2/simulate', withRoofWindow),
      post(app, '/v2/run', withRoofWindow),
    ]);
    expect([plain.status, sim.status, run.status]).toEqual([200, 200, 200]);
    const [a, b, r] = [await plain.json(), await sim.json(), await run.json()];
    // A 1.2 m square roof window in a 30 m² attic lit by one gable window: well over twice the light.
    expect(mean(b)).toBeGreaterThan(2 * mean(a));
    expect(r.method).toBe('simulation');
    expect(mean(r)).toBeCloseTo(mean(b), 1);
    // "quality": "engine" asks /run for the engine at draft, here as for any room.
    const engine = await post(app, '/v2/run', { ...withRoofWindow, quality: 'engine' });
    expect(engine.status).toBe(200);
    expect(await engine.json()).toMatchObject({ method: 'simulation', quality: 'draft' });
  });
});
