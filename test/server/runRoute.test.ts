import { describe, expect, it } from 'vitest';
import { windowAngles } from '../../src/core/api/windowAngles';
import { windowFluxes } from '../../src/core/engine/windowFlux';
import { parseRunRequest } from '../../src/core/validation/requests';
import { ModelStatus } from '../../src/service/model/status';
import { EXAMPLE_BODIES, MESH, ROOM_POLYGON } from '../helpers/exampleBodies';
import { post, testApp } from './inProcess';

/**
 * /run end to end with test models whose outputs are known (test/fixtures/models, made by
 * training/tiny_models.py): the pipeline's geometry, summing and response shapes, independent of how
 * well a trained model predicts.
 */
const MODELS = new URL('../fixtures/models/', import.meta.url).pathname;

async function appWith(name: string) {
  const model = new ModelStatus(`${MODELS}${name}.json`);
  expect(await model.settled()).toBe('ready');
  return testApp({ model });
}

const [meshBody, anglesBody] = EXAMPLE_BODIES['/run'] as [Record<string, unknown>, Record<string, unknown>];
const params = meshBody.parameters as Record<string, unknown>;
const zeros = new Array(64).fill(0);

describe('/run with a custom v2-rgb-384 model (the original format)', async () => {
  const app = await appWith('tiny-v2rgb');

  it('health reports the model ready', async () => {
    const b = await (await app.request('/v2/')).json();
    expect(b.services.model).toBe('ready');
    expect(b.status).toBe('running');
  });

  it('answers "quality": "engine" by the engine at draft, in the same shape; the model’s answer has no band without a measured card', async () => {
    const body = { ...anglesBody, response_format: 'json' };
    const [byModel, byEngine] = await Promise.all([
      (await post(app, '/v2/run', body)).json(),
      (await post(app, '/v2/run', { ...body, quality: 'engine' })).json(),
    ]);
    expect(byEngine).toMatchObject({ status: 'success', method: 'simulation', quality: 'draft' });
    expect(byEngine.shape).toEqual(byModel.shape);
    expect(byEngine.origin).toEqual(byModel.origin);
    expect(byEngine.model).toBeUndefined();
    expect(byModel.model_error).toBeUndefined();
  });

  it('places each window map in the room frame and sums windows (shape A)', async () => {
    // The test model answers 2.0 on every frame cell: one window gives 2 everywhere in a small room.
    const one = await (await post(app, '/v2/run', { ...anglesBody, response_format: 'json' })).json();
    expect(one).toMatchObject({ status: 'success', model_type: 'df_custom', units: '%', resolution: 0.1 });
    expect(one.shape).toEqual([40, 50]);
    expect(one.origin).toEqual({ x: 0, y: 4 });
    expect(one.model).toEqual({ name: 'tiny-v2rgb', version: '0.0.1' });
    expect(new Set(one.result.flat())).toEqual(new Set([2]));
    const two = await (
      await post(app, '/v2/run', {
        model_type: 'df_default',
        parameters: {
          ...params,
          windows: {
            s: { x1: 1, y1: 0, z1: 0.9, x2: 2, y2: 0, z2: 2.4, window_frame_ratio: 0.2 },
            n: { x1: 3, y1: 4, z1: 0.9, x2: 4, y2: 4, z2: 2.4, window_frame_ratio: 0.2 },
          },
        },
        horizon: zeros,
        zenith: zeros,
      })
    ).json();
    expect(new Set(two.result.flat())).toEqual(new Set([4]));
    expect(two.windows.s.direction_angle).toBe(270);
    expect(two.windows.n.direction_angle).toBe(90);
  });

  it('answers shape B and cells outside an L-shaped room are 0 and masked', async () => {
    const L = [
      [0, 0],
      [6, 0],
      [6, 3],
      [3, 3],
      [3, 6],
      [0, 6],
    ];
    const b = await (
      await post(app, '/v2/run', {
        model_type: 'df_default',
        parameters: {
          ...params,
          room_polygon: L,
          windows: { w: { x1: 1, y1: 0, z1: 0.9, x2: 2, y2: 0, z2: 2.4, window_frame_ratio: 0.2 } },
        },
        horizon: zeros,
        zenith: zeros,
        response_format: 'base64',
      })
    ).json();
    expect(b.shape).toEqual([60, 60]);
    expect(b.dtype).toEqual({ result: 'float32', mask: 'uint8' });
    const bytes = Buffer.from(b.result, 'base64');
    const df = new Float32Array(bytes.buffer, bytes.byteOffset, 3600);
    const mask = Buffer.from(b.mask, 'base64');
    // Row 0 is y = 6 (north), column 59 is x = 6: the top-right quadrant is outside the L.
    expect(mask[5 * 60 + 55]).toBe(0);
    expect(df[5 * 60 + 55]).toBe(0);
    expect(mask[55 * 60 + 5]).toBe(1);
    expect(df[55 * 60 + 5]).toBe(2);
  });

  it('computes the angles from the mesh when none are given, exactly as /obstruction_all', async () => {
    const run = await (await post(app, '/v2/run', meshBody)).json();
    const obs = await (
      await post(app, '/v2/obstruction_all', {
        room_polygon: ROOM_POLYGON,
        windows: params.windows,
        mesh: MESH,
      })
    ).json();
    expect(run.windows.w1.horizon).toEqual(obs.windows.w1.horizon);
    expect(run.windows.w1.zenith).toEqual(obs.windows.w1.zenith);
    expect(Math.max(...run.windows.w1.horizon)).toBeGreaterThan(0);
  });

  it('places a room at a national grid’s coordinates where the user drew it: the same grid, origin and reference points moved back', async () => {
    // (2 600 km, 1 200 km): single precision once read such a room 0.07 % DF where the same room near the
    // origin reads 2.0 % (docs/api-decisions.md); the room is now computed about itself. This test model
    // answers 2.0 everywhere, so it checks the placement; test/api/aboutRoom.test.ts checks the light with
    // the shipped model and the engine.
    const [dx, dy] = [2_600_000, 1_200_000];
    const shift = ([x, y]: number[]) => [x! + dx, y! + dy];
    const windows = Object.fromEntries(
      Object.entries(params.windows as Record<string, Record<string, number>>).map(([id, w]) => [
        id,
        { ...w, x1: w.x1! + dx, y1: w.y1! + dy, x2: w.x2! + dx, y2: w.y2! + dy },
      ]),
    );
    const far = await (
      await post(app, '/v2/run', {
        ...anglesBody,
        response_format: 'json',
        parameters: { ...params, room_polygon: (params.room_polygon as number[][]).map(shift), windows },
      })
    ).json();
    const near = await (await post(app, '/v2/run', { ...anglesBody, response_format: 'json' })).json();
    expect(far.warnings).toEqual([]);
    expect(far.result).toEqual(near.result);
    expect(far.origin).toEqual({ x: near.origin.x + dx, y: near.origin.y + dy });
    const [id] = Object.keys(near.windows);
    expect(far.windows[id!].reference_point).toEqual({
      ...near.windows[id!].reference_point,
      x: near.windows[id!].reference_point.x + dx,
      y: near.windows[id!].reference_point.y + dy,
    });
  });

  it('df_default warns about ignored reflectances; da_* need a weather file', async () => {
    const warned = await (
      await post(app, '/v2/run', {
        ...anglesBody,
        model_type: 'df_default',
        parameters: { ...params, vertical_reflectance: 0.5 },
      })
    ).json();
    expect(warned.warnings).toEqual([
      "model_type 'df_default' uses the default reflectances; ignored: vertical_reflectance (use 'df_custom' to apply them)",
    ]);
    const da = await post(app, '/v2/run', { ...anglesBody, model_type: 'da_default' });
    expect(da.status).toBe(400);
    expect(await da.json()).toEqual({
      status: 'error',
      error:
        "model_type 'da_default' needs a year of weather: send an EnergyPlus weather file (EPW) as the text of 'weather' in the JSON body, or as a 'weather' file part of a multipart form",
      error_type: 'validation_error',
    });
  });

  it('validation comes before the model: missing fields are a 400', async () => {
    const res = await post(app, '/v2/run', { model_type: 'df_default' });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('Missing required parameters: parameters, mesh');
  });
});

describe('/run with a lux-frame-2 model', async () => {
  const app = await appWith('tiny-frame');

  it('feeds the core preprocessing: the test model returns sky component + 0.5', async () => {
    const b = await (await post(app, '/v2/run', { ...anglesBody, response_format: 'json' })).json();
    const cells = b.result.flat() as number[];
    // Every cell gets at least the 0.5 offset; cells by the window see the sky as well.
    expect(Math.min(...cells)).toBeGreaterThanOrEqual(0.5 - 1e-4);
    const rowMean = (r: number) => b.result[r].reduce((s: number, v: number) => s + v, 0) / 50;
    expect(rowMean(38)).toBeGreaterThan(rowMean(2) + 1);
  });
});

describe('/run with a lux-frame-3 model', async () => {
  const app = await appWith('tiny-flux');
  // The test model answers 2 × (skyDown + skySteep + surfaceDown + up) in every room cell: the scaled flux.
  const fluxOf = (
    req: Pick<ReturnType<typeof parseRunRequest>, 'parameters' | 'geometry' | 'mesh' | 'modelType'>,
  ): number => {
    const [f] = windowFluxes({ ...req, mesh: req.mesh });
    return 2 * (f!.skyDown + f!.skySteep + f!.surfaceDown + f!.up);
  };
  const value = async (body: object): Promise<number> => {
    const b = await (await post(app, '/v2/run', { ...body, response_format: 'json' })).json();
    const cells = new Set(b.result.flat() as number[]);
    expect(cells.size).toBe(1);
    return [...cells][0]!;
  };

  it("feeds the window flux: traced against the request's mesh when it has one, else the angles' sectors", async () => {
    // (The JSON answer has 4 decimals.)
    const req = parseRunRequest(meshBody);
    const withMesh = await value(meshBody);
    expect(withMesh).toBeCloseTo(fluxOf(req), 3);
    // The same context as the mesh's angles alone: the sectors do not know what the facades reflect.
    const [a] = windowAngles(req, req.mesh);
    const asAngles = {
      ...req,
      mesh: null,
      parameters: { ...req.parameters, windows: req.parameters.windows.map((w) => ({ ...w, ...a! })) },
    };
    expect(Math.abs(withMesh - fluxOf(asAngles))).toBeGreaterThan(0.005);
    const withAngles = await value(anglesBody);
    expect(withAngles).toBeCloseTo(fluxOf(parseRunRequest(anglesBody)), 3);
    // Open sky (zero angles): the flux of an unobstructed opening (test/engine/windowFlux.test.ts checks
    // it against the CIE vertical illuminance), more than behind the obstructions.
    const openBody = { ...anglesBody, horizon: zeros, zenith: zeros };
    const open = await value(openBody);
    expect(open).toBeCloseTo(fluxOf(parseRunRequest(openBody)), 3);
    expect(open).toBeGreaterThan(withAngles);
  });
});

describe('model status', () => {
  it('a missing or broken card leaves the model unavailable with the reason in the 503', async () => {
    const missing = new ModelStatus(`${MODELS}nothing.json`);
    expect(await missing.settled()).toBe('unavailable');
    const app = testApp({ model: missing });
    const res = await post(app, '/v2/run', anglesBody);
    expect(res.status).toBe(503);
    expect((await res.json()).error).toContain('no card at');
    expect((await (await app.request('/v2/')).json()).status).toBe('degraded');
  });

  it('without a model, judges the body first: a client’s error is its 400, and the engine’s rooms are answered', async () => {
    const app = testApp({ model: new ModelStatus(null) });
    const bad = await post(app, '/v2/run', { model_type: 'df_default', parameters: {} });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error_type: 'validation_error' });
    expect((await post(app, '/v2/run', 'not json')).status).toBe(400);
    // A room the model would answer: 503, with the status's reason.
    const model = await post(app, '/v2/run', anglesBody);
    expect(model.status).toBe(503);
    expect((await model.json()).error).toBe('Service unavailable: model not installed');
    // A room the engine answers needs no model.
    const engine = await post(app, '/v2/run', { ...anglesBody, quality: 'engine', response_format: 'json' });
    expect(engine.status).toBe(200);
    expect(await engine.json()).toMatchObject({ status: 'success', method: 'simulation' });
  }, 60_000);
});
