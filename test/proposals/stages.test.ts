import { describe, expect, it } from 'vitest';
import { applyChange, windowsOnWalls, type Change, type RunBody } from '../../src/core/proposals/changes';
import { proposeFixes, type Compute } from '../../src/core/proposals/proposals';
import { DEFAULT_COMPLIANCE } from '../../src/core/stats/verdicts';
import { DEFAULT_REFLECTANCES } from '../../src/core/types';

/**
 * The staged search's logic (issue 34), on a stand-in for the light that is monotone as daylight is: a
 * uniform DF over the floor that grows with the glazed area, the glass's transmittance and the surfaces'
 * reflectance. (The engine's own proposals are tested in proposals.test.ts; this checks what the stages
 * propose, fast and exactly.)
 */
const zeros = new Array(64).fill(0);
function standIn(per: number): Compute {
  return async (body) => {
    const glazed = windowsOnWalls(body).reduce((a, w) => a + Math.abs(w.s2 - w.s1) * (w.top - w.bottom), 0);
    const p = body.parameters as Record<string, unknown>;
    const t = Number(Object.values(body.parameters.windows)[0]?.glass_transmittance ?? 0.7);
    const rho = Number(p.ceiling_reflectance ?? DEFAULT_REFLECTANCES.ceiling_reflectance);
    const df = per * glazed * (t / 0.7) * (rho / 0.8);
    const rows = 40,
      cols = 60;
    return {
      rows,
      cols,
      df: new Float32Array(rows * cols).fill(df),
      mask: new Uint8Array(rows * cols).fill(1),
      origin: { x: 0, y: 4 },
      resolution: 0.1,
    };
  };
}
/** 6 × 4 m, two 1 m windows on the south wall (1–2 m and 3–4 m), 1.2 m tall. */
const room: RunBody = {
  model_type: 'df_default',
  horizon: zeros,
  zenith: zeros,
  parameters: {
    height_roof_over_floor: 2.7,
    floor_height_above_terrain: 0,
    room_polygon: [
      [0, 0],
      [6, 0],
      [6, 4],
      [0, 4],
    ],
    windows: {
      w1: { x1: 1, y1: 0, z1: 0.9, x2: 2, y2: -0.3, z2: 2.1, window_frame_ratio: 0.2 },
      w2: { x1: 3, y1: 0, z1: 0.9, x2: 4, y2: -0.3, z2: 2.1, window_frame_ratio: 0.2 },
    },
  },
};
const parts = (c: Change): Change[] => (c.kind === 'combined' ? c.changes : [c]);

describe('the staged proposals', () => {
  it('offer the free changes alone when they are enough, not a token enlargement on top', async () => {
    // A 3 m wide room whose one window already fills its wall (0.2–2.8 m) up to the lintel (2.6 m), its
    // angles its own (no second window can be judged): 4.42 m² of glazing, DF 0.84 % at per = 0.19. Lighter
    // surfaces alone give 0.95 %, clear glass alone 0.96 %, both 1.08 %: BFS passes with both, nothing else.
    const full: RunBody = {
      model_type: 'df_default',
      parameters: {
        height_roof_over_floor: 2.7,
        floor_height_above_terrain: 0,
        room_polygon: [
          [0, 0],
          [3, 0],
          [3, 6],
          [0, 6],
        ],
        windows: {
          w1: {
            x1: 0.2,
            y1: 0,
            z1: 0.9,
            x2: 2.8,
            y2: -0.3,
            z2: 2.6,
            window_frame_ratio: 0.2,
            horizon: zeros,
            zenith: zeros,
          },
        },
      },
    };
    const found = await proposeFixes(full, 'bfs', {
      preview: standIn(0.19),
      confirm: standIn(0.19),
      thresholds: DEFAULT_COMPLIANCE,
    });
    expect(found).toHaveLength(1);
    expect(parts(found[0]!.change).map((c) => c.kind)).toEqual(['surfaces', 'glass']);
    expect(found[0]!.addedGlazing).toBe(0);
  });

  it('never widens windows on one wall into each other: each takes its half of the gap', async () => {
    // Each window with its own angles (no second window). At per = 0.15 no single change passes, nor the free
    // ones with one window widened or raised: both widened together (sharing the 1 m gap, 0.2 m kept)
    // with a head raised on top does.
    const own: RunBody = {
      model_type: 'df_default',
      parameters: {
        ...room.parameters,
        windows: Object.fromEntries(
          Object.entries(room.parameters.windows).map(([k, w]) => [
            k,
            { ...w, horizon: zeros, zenith: zeros },
          ]),
        ),
      },
    };
    const found = await proposeFixes(own, 'bfs', {
      preview: standIn(0.15),
      confirm: standIn(0.15),
      thresholds: DEFAULT_COMPLIANCE,
    });
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((p) => parts(p.change).filter((c) => c.kind === 'width').length === 2)).toBe(true);
    for (const p of found) {
      const ws = windowsOnWalls(applyChange(own, p.change))
        .filter((w) => w.edge === 0)
        .map((w) => [Math.min(w.s1, w.s2), Math.max(w.s1, w.s2)] as const)
        .sort((a, b) => a[0] - b[0]);
      for (let i = 1; i < ws.length; i++)
        expect(ws[i]![0] - ws[i - 1]![1], p.label).toBeGreaterThanOrEqual(0.2 - 1e-9);
      expect(ws[0]![0]).toBeGreaterThanOrEqual(0.2 - 1e-9);
      expect(ws.at(-1)![1]).toBeLessThanOrEqual(5.8 + 1e-9);
    }
  });
});
