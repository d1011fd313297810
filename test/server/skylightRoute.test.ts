import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_BODIES } from '../helpers/exampleBodies';
import { ModelStatus } from '../../src/service/model/status';
import { post, testApp } from './inProcess';

/**
 * Skylights over the API (issue 33): /simulate lights the room through them (the daylight factor and a
 * year of climate), /run answers a room with skylights by the engine (the model knows windows in walls
 * only), and a skylight that is not a convex opening inside the room is refused with the reason.
 */
const [, anglesBody] = EXAMPLE_BODIES['/simulate'] as [Record<string, unknown>, Record<string, unknown>];
const params = anglesBody.parameters as Record<string, unknown>;
const skylight = {
  polygon: [
    [2, 1.5],
    [3, 1.5],
    [3, 2.5],
    [2, 2.5],
  ],
  window_frame_ratio: 0.1,
};
const body = (skylights: unknown, extra: Record<string, unknown> = {}) => ({
  ...anglesBody,
  response_format: 'json',
  quality: 'draft',
  parameters: { ...params, skylights, ...extra },
});
const mean = (b: { result: number[][] }) =>
  b.result.flat().reduce((s, v) => s + v, 0) / b.result.flat().length;

const MODELS = new URL('../fixtures/models/', import.meta.url).pathname;

describe('skylights', async () => {
  // A test model (test/fixtures/models): /run's route needs one loaded, and must not use it here.
  const model = new ModelStatus(`${MODELS}tiny-v2rgb.json`);
  expect(await model.settled()).toBe('ready');
  const app = testApp({ model });

  it('light the room through its roof: /simulate, and /run by the engine', async () => {
    const [plain, lit, run] = await Promise.all([
      post(app, '/v2/simulate', body({})),
      post(app, '/v2/simulate', body({ s1: skylight })),
      post(app, '/v2/run', body({ s1: skylight })),
    ]);
    expect([plain.status, lit.status, run.status]).toEqual([200, 200, 200]);
    const [a, b, r] = [await plain.json(), await lit.json(), await run.json()];
    // Row 20 (y ≈ 2), column 25 (x ≈ 2.5): under the skylight, about 4 % more daylight factor.
    expect(b.result[20][25] - a.result[20][25]).toBeGreaterThan(2.5);
    expect(mean(b)).toBeGreaterThan(mean(a) + 0.5);
    expect(r.method).toBe('simulation');
    expect(r.result[20][25]).toBeCloseTo(b.result[20][25], 0);
  });

  it('light a room with no window at all, and a year of its climate: its sun through the roof', async () => {
    const weather = readFileSync('test/fixtures/weather/chicago-ohare-tmy3.epw', 'utf8');
    const year = await post(app, '/v2/simulate', {
      ...body({ s1: skylight }, { windows: {} }),
      model_type: 'da_default',
      weather,
    });
    expect(year.status).toBe(200);
    const y = await year.json();
    // A 1 m² skylight over 20 m² in Chicago: daylight autonomy under it, less in the corners.
    // LM-83's blinds close the skylight in the hours its sun lands on more than 2 % of the floor (sDA with
    // blinds well under sDA open), and that sun brings some hours above 3000 lx.
    expect(y.climate.sda).toBeGreaterThan(80);
    expect(y.climate.sda_blinds).toBeLessThan(0.7 * y.climate.sda);
    expect(y.climate.udi.high).toBeGreaterThan(0.3);
    expect(y.result[20][25]).toBeGreaterThan(50);
    expect(y.result[2][2]).toBeLessThan(y.result[20][25]);
  }, 60_000);

  it('light a room with no window at all', async () => {
    const res = await post(app, '/v2/simulate', body({ s1: skylight }, { windows: {} }));
    expect(res.status).toBe(200);
    const b = await res.json();
    expect(b.result[20][25]).toBeGreaterThan(2.5);
    expect(b.windows).toEqual({});
  });

  it('are refused when they are not one convex opening inside the room, or overlap', async () => {
    const cases: [unknown, RegExp][] = [
      [
        {
          s1: {
            polygon: [
              [2, 1.5],
              [3, 1.5],
              [2.5, 1.8],
              [3, 2.5],
              [2, 2.5],
            ],
          },
        },
        /skylights\.s1\.polygon' must be convex/,
      ],
      [
        {
          s1: {
            polygon: [
              [4.5, 1],
              [5.5, 1],
              [5.5, 2],
              [4.5, 2],
            ],
          },
        },
        /must lie inside the room's outline \(corner \[5\.5, 1\] is outside\)/,
      ],
      [
        {
          s1: skylight,
          s2: {
            polygon: [
              [2.5, 2],
              [3.5, 2],
              [3.5, 3],
              [2.5, 3],
            ],
          },
        },
        /'skylights\.s1' and 'skylights\.s2' overlap/,
      ],
      [
        {
          s1: {
            polygon: [
              [2, 2],
              [2.05, 2],
              [2.05, 2.05],
            ],
          },
        },
        /less than 0\.01 m²/,
      ],
      [{ s1: { polygon: 'square' } }, /skylights\.s1\.polygon/],
    ];
    for (const [skylights, message] of cases) {
      const res = await post(app, '/v2/simulate', body(skylights));
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatch(message);
    }
    const none = await post(app, '/v2/simulate', body({}, { windows: {} }));
    expect(none.status).toBe(400);
    expect((await none.json()).error).toMatch(/at least one window \(or 'skylights' a skylight\)/);
    // Another endpoint still needs its windows.
    const enc = await post(app, '/v2/encode', { ...body({}), parameters: { ...params, windows: {} } });
    expect(enc.status).toBe(400);
  });
});
