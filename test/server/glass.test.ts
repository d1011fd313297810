import { describe, expect, it } from 'vitest';
import { glassScale } from '../../src/core/model/predict';
import { ModelStatus } from '../../src/service/model/status';
import { EXAMPLE_BODIES, WINDOW } from '../helpers/exampleBodies';
import { post, testApp } from './inProcess';
import { SHIPPED_CARD_PATH } from '../helpers/paths';

/**
 * glass_transmittance (issue 19 §2): optional, top level and per window, 0.40–0.90. The original's requests
 * without it answer as before; the model scales each window's map by its pane's diffuse transmittance
 * over the reference pane's.
 */
const model = new ModelStatus(SHIPPED_CARD_PATH);
const base = EXAMPLE_BODIES['/run']![0] as { parameters: { windows: Record<string, unknown> } };

describe('glass_transmittance on /run', async () => {
  expect(await model.settled()).toBe('ready');
  const app = testApp({ model });
  const run = async (body: unknown) =>
    (await (await post(app, '/v2/run', body)).json()) as { result: number[][] };

  it('scales the map by the pane’s diffuse transmittance, 0.70 changing nothing', async () => {
    const reference = await run(base);
    expect(await run({ ...base, glass_transmittance: 0.7 })).toEqual(reference);
    const dark = await run({ ...base, glass_transmittance: 0.5 });
    const s = glassScale(0.5);
    expect(s).toBeCloseTo(0.683, 2);
    reference.result.forEach(
      (row, r) => row.forEach((v, c) => expect(dark.result[r]![c]).toBeCloseTo(v * s, 3)), // answers carry 4 decimals
    );
  });

  it('takes a window’s own value over the top-level one', async () => {
    const two = {
      ...base,
      parameters: {
        ...base.parameters,
        windows: { a: { ...WINDOW, glass_transmittance: 0.85 }, b: { ...WINDOW, x1: 3, x2: 4 } },
      },
    };
    const withWindows = (a: number, b: number) => ({
      ...two,
      parameters: {
        ...two.parameters,
        windows: {
          a: { ...WINDOW, glass_transmittance: a },
          b: { ...WINDOW, x1: 3, x2: 4, glass_transmittance: b },
        },
      },
    });
    // a keeps its own 0.85; the top-level 0.45 reaches b only.
    const mixed = await run({ ...two, glass_transmittance: 0.45 });
    expect(mixed).toEqual(await run(withWindows(0.85, 0.45)));
    expect(mixed).not.toEqual(await run(withWindows(0.45, 0.45)));
    expect(mixed).not.toEqual(await run(withWindows(0.85, 0.85)));
  });

  it('refuses values outside the datasheet range with the interface’s message', async () => {
    const low = await post(app, '/v2/run', { ...base, glass_transmittance: 0.3 });
    expect(low.status).toBe(400);
    expect((await low.json()).error).toBe(
      "Parameter 'glass_transmittance' value 0.3 outside valid range [0.4, 0.9]",
    );
    const win = await post(app, '/v2/run', {
      ...base,
      parameters: { ...base.parameters, windows: { w1: { ...WINDOW, glass_transmittance: 0.95 } } },
    });
    expect((await win.json()).error).toBe(
      "Parameter 'windows.w1.glass_transmittance' value 0.95 outside valid range [0.4, 0.9]",
    );
  });
});
