import { describe, expect, it } from 'vitest';
import { EXAMPLE_BODIES } from '../helpers/exampleBodies';
import { post, testApp } from './inProcess';
import { notchedOutline } from '../helpers/notchedRoom';

/** /simulate: the engine behind the /run contract (api.md response shapes A and B). */
const [meshBody, anglesBody] = EXAMPLE_BODIES['/simulate'] as [
  Record<string, unknown>,
  Record<string, unknown>,
];

describe('/simulate', () => {
  const app = testApp();

  it('answers shape A in the room frame, with the method and the angles used', async () => {
    const res = await post(app, '/v2/simulate', meshBody);
    expect(res.status).toBe(200);
    const b = await res.json();
    expect(b).toMatchObject({
      status: 'success',
      model_type: 'df_default',
      units: '%',
      method: 'simulation',
      resolution: 0.1,
      origin: { x: 0, y: 4 },
      warnings: [],
    });
    expect(b.shape).toEqual([40, 50]); // 4 m × 5 m at 0.1 m
    expect(b.result).toHaveLength(40);
    expect(b.result[0]).toHaveLength(50);
    expect(b.mask.flat().every((m: boolean) => m)).toBe(true); // a rectangle fills its grid
    const w = b.windows.w1;
    expect(w.direction_angle).toBe(270);
    expect(w.reference_point).toEqual({ x: 1.5, y: 0, z: 1.65 });
    expect(w.horizon).toHaveLength(64);
    // Light falls off from the south window (row 39 = y 0.05) to the back wall (row 0 = y 3.95).
    const rowMean = (r: number) => b.result[r].reduce((s: number, v: number) => s + v, 0) / 50;
    expect(rowMean(37)).toBeGreaterThan(3 * rowMean(2));
    expect(rowMean(2)).toBeGreaterThan(0);
  });

  it('is deterministic for a seed and answers shape B as little-endian float32 / uint8', async () => {
    const [a, c] = await Promise.all([
      post(app, '/v2/simulate', anglesBody),
      post(app, '/v2/simulate', anglesBody),
    ]);
    const ba = await a.json();
    const bc = await c.json();
    expect(ba.result).toBe(bc.result);
    expect(ba.dtype).toEqual({ result: 'float32', mask: 'uint8' });
    const bytes = Buffer.from(ba.result, 'base64');
    expect(bytes.length).toBe(40 * 50 * 4);
    const df = new Float32Array(bytes.buffer, bytes.byteOffset, 40 * 50);
    expect(Math.max(...df)).toBeGreaterThan(1);
    expect(Buffer.from(ba.mask, 'base64').length).toBe(40 * 50);
    expect(ba.seed).toBe(3);
  });

  it('counts every reflection by default; ambient_bounces limits them as Radiance -ab does (issue 30)', async () => {
    const mean = (b: { result: number[][] }) =>
      b.result.flat().reduce((s, v) => s + v, 0) / b.result.flat().length;
    const body = { ...meshBody, quality: 'draft' };
    const converged = await (await post(app, '/v2/simulate', body)).json();
    expect(converged.ambient_bounces).toBeNull();
    const [ab7, ab2] = await Promise.all(
      [7, 2].map(async (n) => (await post(app, '/v2/simulate', { ...body, ambient_bounces: n })).json()),
    );
    expect(ab7.ambient_bounces).toBe(7);
    expect(ab2.ambient_bounces).toBe(2);
    // Fewer counted reflections, less light; the converged answer is the most.
    expect(mean(ab2)).toBeLessThan(mean(ab7));
    expect(mean(ab7)).toBeLessThan(mean(converged));
    expect(mean(converged) / mean(ab7)).toBeLessThan(1.1);
    for (const bad of [0, 1.5, -3, 1001, '7']) {
      const res = await post(app, '/v2/simulate', { ...body, ambient_bounces: bad });
      expect(res.status, String(bad)).toBe(400);
      expect((await res.json()).error).toMatch(/ambient_bounces/);
    }
  });

  it('warns of a window opening into a gap the walls close, and lets no light through it', async () => {
    // A 0.6 m notch between 0.35 m walls; its west wall's window looks into the east wall's solid.
    const room_polygon = notchedOutline(0.6);
    const windows = { n1: { x1: 2.7, y1: 3, z1: 0.9, x2: 3.05, y2: 4.2, z2: 2.4, window_frame_ratio: 0.2 } };
    const zeros = new Array(64).fill(0);
    const body = {
      model_type: 'df_default',
      quality: 'draft',
      parameters: { height_roof_over_floor: 2.7, floor_height_above_terrain: 0.5, room_polygon, windows },
      horizon: zeros,
      zenith: zeros,
    };
    const b = await (await post(app, '/v2/simulate', body)).json();
    expect(b.warnings).toEqual([
      "window 'n1' opens into a gap between the room's own walls that their thickness (0.35 m) closes: no daylight reaches it",
    ]);
    expect(Math.max(...b.result.flat().filter((v: number | null) => v !== null))).toBeLessThan(1e-3);
  });

  it('df_default warns that it ignores given reflectances', async () => {
    const params = { ...(meshBody.parameters as object), ceiling_reflectance: 0.6 };
    const b = await (await post(app, '/v2/simulate', { ...meshBody, parameters: params })).json();
    expect(b.warnings).toEqual([
      "model_type 'df_default' uses the default reflectances; ignored: ceiling_reflectance (use 'df_custom' to apply them)",
    ]);
  });

  it('validates like /run, and its own options', async () => {
    expect(
      (await (await post(app, '/v2/simulate', { ...meshBody, model_type: 'da_default' })).json()).error,
    ).toBe(
      "model_type 'da_default' needs a year of weather: send an EnergyPlus weather file (EPW) as the text of 'weather' in the JSON body, or as a 'weather' file part of a multipart form",
    );
    expect((await (await post(app, '/v2/simulate', { ...meshBody, quality: 'ultra' })).json()).error).toBe(
      "Parameter 'quality' must be 'draft', 'standard' or 'high'",
    );
    expect((await (await post(app, '/v2/simulate', { ...meshBody, seed: 1.5 })).json()).error).toBe(
      "Parameter 'seed' must be an integer",
    );
  });

  it('does not need an installed model', async () => {
    const health = await (await app.request('/v2/')).json();
    expect(health.services.model).toBe('unavailable');
    expect((await post(app, '/v2/simulate', meshBody)).status).toBe(200);
  });
});
