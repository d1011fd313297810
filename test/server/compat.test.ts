import { describe, expect, it } from 'vitest';
import { EXAMPLE_BODIES } from '../../src/service/operations';
import { post, testApp } from './inProcess';
import { SHIPPED_CARD_PATH } from '../helpers/paths';

/** Bodies of the original gateway's clients that Lux takes as documented aliases (docs/api-decisions.md). */
describe('clients of the original', () => {
  const app = testApp();

  it("/stats takes the original's {result, mask}: its sample request gives its metrics' values", async () => {
    // The original's assets/stats_request.json (gateway.md §10), answered there with max 9.2, mean 3.39375,
    // median 1.5, min 0.1.
    const body = {
      result: [
        [0.5, 0.3, 0.7, 0.1],
        [0.2, 0.8, 0.1, 0.9],
        [7.9, 8.4, 9.2, 3.5],
        [2.1, 5.5, 6.8, 7.3],
      ],
      mask: Array.from({ length: 4 }, () => [1, 1, 1, 1]),
    };
    const res = await post(app, '/v2/stats', body);
    expect(res.status).toBe(200);
    const b = await res.json();
    expect(b).toMatchObject({ status: 'success', max: 9.2, min: 0.1, median: 1.5 });
    expect(b.mean).toBeCloseTo(3.39375, 10);
    // The same answer as Lux's own names.
    const own = await (await post(app, '/v2/stats', { df_matrix: body.result, room_mask: body.mask })).json();
    expect(b).toEqual(own);
  });

  it('/stats keeps its own names first: a body with df_matrix is not re-read from result', async () => {
    const res = await post(app, '/v2/stats', { df_matrix: [[1]], result: [[5]], mask: [[1]] });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('Missing required parameters: room_mask');
  });

  it("the range message has the interface's shape for an exclusive bound too", async () => {
    const body = EXAMPLE_BODIES['/simulate']![0] as { parameters: object };
    const res = await post(app, '/v2/simulate', {
      ...body,
      parameters: { ...body.parameters, height_roof_over_floor: 0 },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(
      "Parameter 'height_roof_over_floor' value 0 outside valid range [0, 30]",
    );
  });
});

describe('/run/detailed (the original’s)', async () => {
  const { ModelStatus } = await import('../../src/service/model/status');
  const model = new ModelStatus(SHIPPED_CARD_PATH);
  expect(await model.settled()).toBe('ready');
  const app = testApp({ model });
  const body = EXAMPLE_BODIES['/run/detailed']![0] as Record<string, unknown>;

  it("is /run's answer plus each window's share on the room grid; the shares sum to the room's map", async () => {
    const run = await (await post(app, '/v2/run', body)).json();
    const res = await post(app, '/v2/run/detailed', body);
    expect(res.status).toBe(200);
    const d = await res.json();
    const { window_results, ...rest } = d;
    expect(rest).toEqual(run);
    expect(Object.keys(window_results)).toEqual(['w1', 'w2']);
    const room = (run.result as number[][]).flat();
    const sum = room.map(() => 0);
    for (const id of ['w1', 'w2']) {
      expect(window_results[id].mask).toEqual(run.mask);
      (window_results[id].result as number[][]).flat().forEach((v, i) => (sum[i]! += v));
    }
    // Each share is printed to 1e-4, as the room's map is.
    expect(Math.max(...sum.map((v, i) => Math.abs(v - room[i]!)))).toBeLessThan(2e-4);
    // Both windows light the room: neither share is the whole.
    const mean = (id: string) =>
      (window_results[id].result as number[][]).flat().reduce((a: number, b: number) => a + b, 0);
    expect(mean('w1')).toBeGreaterThan(0);
    expect(mean('w2')).toBeGreaterThan(0);
  });

  it('answers shape B per window in base64 too', async () => {
    const d = await (await post(app, '/v2/run/detailed', { ...body, response_format: 'base64' })).json();
    expect(d.window_results.w1).toMatchObject({ dtype: { result: 'float32', mask: 'uint8' } });
    expect(typeof d.window_results.w1.result).toBe('string');
  });
});
