import { describe, expect, it } from 'vitest';
import { post, testApp } from './inProcess';

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
    const res = await post(app, '/v2/simulate', {
      model_type: 'df_default',
      horizon: new Array(64).fill(0),
      zenith: new Array(64).fill(0),
      parameters: {
        height_roof_over_floor: 0,
        floor_height_above_terrain: 0,
        room_polygon: [
          [0, 0],
          [5, 0],
          [5, 4],
          [0, 4],
        ],
        windows: { w1: { x1: 1, y1: 0, z1: 0.9, x2: 2, y2: 0, z2: 2.4, window_frame_ratio: 0.2 } },
      },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(
      "Parameter 'height_roof_over_floor' value 0 outside valid range [0, 30]",
    );
  });
});
