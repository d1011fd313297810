import { describe, expect, it } from 'vitest';
import { WINDOW } from '../../src/service/examples';
import { EXAMPLE_BODIES } from '../../src/service/operations';
import { ModelStatus } from '../../src/service/model/status';
import { post, testApp } from './inProcess';
import { SHIPPED_CARD_PATH } from '../helpers/paths';

/**
 * Absurd rooms are refused at once with a 400 that names the limit and its environment variable (a room of
 * 20 000 windows used to run until the 504), on every endpoint that takes a room.
 */
const manyWindows = (n: number) =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`w${i}`, { ...WINDOW }]));
const circle = (n: number) =>
  Array.from({ length: n }, (_, i) => [
    5 * Math.cos((2 * Math.PI * i) / n),
    5 * Math.sin((2 * Math.PI * i) / n),
  ]);

describe('room size limits', async () => {
  const model = new ModelStatus(SHIPPED_CARD_PATH);
  expect(await model.settled()).toBe('ready');
  const app = testApp({ model });

  it('20 000 windows: 400 naming LUX_MAX_WINDOWS on /run, /simulate, /encode, /obstruction_all and the geometry routes', async () => {
    const windows = manyWindows(20_000);
    const bodies: [string, unknown][] = [
      [
        '/v2/run',
        {
          ...(EXAMPLE_BODIES['/run']![0] as object),
          parameters: { ...(EXAMPLE_BODIES['/run']![0] as { parameters: object }).parameters, windows },
        },
      ],
      [
        '/v2/simulate',
        {
          ...(EXAMPLE_BODIES['/simulate']![0] as object),
          parameters: { ...(EXAMPLE_BODIES['/simulate']![0] as { parameters: object }).parameters, windows },
        },
      ],
      [
        '/v2/encode',
        {
          ...(EXAMPLE_BODIES['/encode']![0] as object),
          parameters: { ...(EXAMPLE_BODIES['/encode']![0] as { parameters: object }).parameters, windows },
        },
      ],
      ['/v2/obstruction_all', { ...(EXAMPLE_BODIES['/obstruction_all']![0] as object), windows }],
      ['/v2/get-reference-point', { ...(EXAMPLE_BODIES['/get-reference-point']![0] as object), windows }],
      // The original gateway's /merge form: refused before any of its frames is read.
      [
        '/v2/merge',
        {
          parameters: { room_polygon: circle(4), windows },
          simulations: { w0: [[0]] },
        },
      ],
    ];
    for (const [path, body] of bodies) {
      const res = await post(app, path, body);
      expect(res.status, path).toBe(400);
      expect((await res.json()).error, path).toBe(
        "Parameter 'windows' has 20000 windows, above the limit of 200 per room (LUX_MAX_WINDOWS)",
      );
    }
  });

  it('the limits follow the configuration; a room at the limit passes', async () => {
    const small = testApp({ maxWindows: 2, maxCorners: 8 });
    const base = EXAMPLE_BODIES['/get-reference-point']![0] as Record<string, unknown>;
    const two = { ...base, windows: { a: WINDOW, b: { ...WINDOW, x1: 3, x2: 4 } } };
    expect((await post(small, '/v2/get-reference-point', two)).status).toBe(200);
    const three = { ...base, windows: { ...two.windows, c: { ...WINDOW, x1: 2.2, x2: 2.8 } } };
    const r3 = await post(small, '/v2/get-reference-point', three);
    expect(r3.status).toBe(400);
    expect((await r3.json()).error).toMatch(/above the limit of 2 per room \(LUX_MAX_WINDOWS\)$/);
    const r9 = await post(small, '/v2/get-reference-point', { ...base, room_polygon: circle(9) });
    expect(r9.status).toBe(400);
    expect((await r9.json()).error).toBe(
      "Parameter 'room_polygon' has 9 corners, above the limit of 8 (LUX_MAX_CORNERS)",
    );
  });
});

describe('a mesh sent where none is needed is still checked', () => {
  const app = testApp();
  it.each([
    [
      '2 points',
      [
        [0, 0, 0],
        [1, 1, 1],
      ],
      'Mesh must contain at least 3 points',
    ],
    [
      'a string coordinate',
      [
        [0, 0, 'x'],
        [1, 1, 1],
        [2, 2, 2],
      ],
      "Parameter 'mesh[0][2]' must be a finite number",
    ],
  ])('/get-reference-point and /calculate-direction refuse %s', async (_, mesh, message) => {
    for (const path of ['/v2/get-reference-point', '/v2/calculate-direction']) {
      const body = { ...(EXAMPLE_BODIES[path.slice(3)]![0] as object), mesh };
      const res = await post(app, path, body);
      expect(res.status, path).toBe(400);
      expect((await res.json()).error, path).toBe(message);
    }
  });
});
