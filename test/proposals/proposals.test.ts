import { describe, expect, it } from 'vitest';
import { simulateAnswer } from '../../src/core/api/simulateOps';
import { applyChange, windowsOnWalls, type Change, type RunBody } from '../../src/core/proposals/changes';
import type { RoomGridAnswer } from '../../src/core/api/roomAnswer';
import { proposeFixes, type Compute } from '../../src/core/proposals/proposals';
import { DEFAULT_COMPLIANCE, summarise } from '../../src/core/stats/verdicts';

/**
 * What would make it pass (issue 34): a deep room that fails BFS 2024:8 gets changes that make it pass,
 * each found on the fast answer and confirmed by the engine, the cheapest in glazed area first.
 */
const zeros = new Array(64).fill(0);
/** 4 m wide, 7 m deep, one 1.2 × 1.2 m window in the south wall: too dark for DF ≥ 1 % on half its floor. */
const deep: RunBody = {
  model_type: 'df_default',
  horizon: zeros,
  zenith: zeros,
  parameters: {
    height_roof_over_floor: 2.7,
    floor_height_above_terrain: 0,
    room_polygon: [
      [0, 0],
      [4, 0],
      [4, 7],
      [0, 7],
    ],
    windows: { w1: { x1: 1.4, y1: 0, z1: 0.9, x2: 2.6, y2: -0.3, z2: 2.1, window_frame_ratio: 0.2 } },
  },
};
const at =
  (quality: 'draft' | 'standard'): Compute =>
  (body) =>
    simulateAnswer({ ...body, quality });
const bfs = async (body: RunBody) =>
  summarise(await at('standard')(body), DEFAULT_COMPLIANCE, { floorArea: 28 }).verdicts.find(
    (v) => v.id === 'bfs',
  )!;

describe('what would make it pass', () => {
  it('applies a change to the request: a window widened about its centre on its wall, its depth kept', () => {
    const wider = applyChange(deep, { kind: 'width', window: 'w1', width: 2 });
    expect(wider.parameters.windows.w1).toMatchObject({ x1: 1, y1: 0, x2: 3, y2: -0.3, z1: 0.9, z2: 2.1 });
    expect(deep.parameters.windows.w1!.x1).toBe(1.4); // the original untouched
    const [w] = windowsOnWalls(wider);
    expect([w!.edge, Math.abs(w!.s2 - w!.s1)]).toEqual([0, 2]);
    const second = applyChange(deep, {
      kind: 'window',
      id: 'w2',
      edge: 1,
      offset: 3.5,
      width: 1.5,
      sill: 0.9,
      head: 2.1,
    });
    // On the east wall (x = 4, from y = 0 to 7), 0.3 m deep outward like the first.
    expect(second.parameters.windows.w2).toMatchObject({
      x1: 4,
      y1: 2.75,
      z1: 0.9,
      x2: 4.3,
      y2: 4.25,
      z2: 2.1,
    });
    // Clearer glass is never darker: a window already clearer keeps its glass; the rest take 80 %.
    const two = applyChange(second, { kind: 'glass', transmittance: 0.8 });
    expect(two.parameters.windows.w1!.glass_transmittance).toBe(0.8);
    const clear = {
      ...second,
      parameters: {
        ...second.parameters,
        windows: {
          ...second.parameters.windows,
          w2: { ...second.parameters.windows.w2!, glass_transmittance: 0.88 },
        },
      },
    };
    const both = applyChange(clear, { kind: 'glass', transmittance: 0.8 }).parameters.windows;
    expect([both.w1!.glass_transmittance, both.w2!.glass_transmittance]).toEqual([0.8, 0.88]);
  });

  it('finds changes that pass BFS 2024:8, each confirmed by the engine, the least glazing first', async () => {
    expect((await bfs(deep)).pass).toBe(false);
    const found = await proposeFixes(deep, 'bfs', {
      preview: at('draft'),
      confirm: at('standard'),
      thresholds: DEFAULT_COMPLIANCE,
    });
    const kinds = found.map((p) => p.change.kind);
    // The second window on the longest wall without one, the 7 m east wall, said by its bearing.
    expect(found.find((p) => p.change.kind === 'window')!.label).toMatch(
      /^Add a \d\.\d\d m window in the middle of the wall facing E 90° \(7\.00 m long\), sill 0\.90 m, head 2\.10 m$/,
    );
    expect(kinds).toContain('width');
    expect(kinds).toContain('window');
    // Sorted by the glazing they add; every one passes by the engine, here as when it was proposed.
    for (let i = 1; i < found.length; i++)
      expect(found[i]!.addedGlazing).toBeGreaterThanOrEqual(found[i - 1]!.addedGlazing);
    for (const p of found) {
      expect(p.verdict.pass).toBe(true);
      expect((await bfs(p.body)).pass, p.label).toBe(true);
    }
    // The widened window is as narrow as passing allows: 10 cm less fails (by the engine).
    const wider = found.find((p) => p.change.kind === 'width')!;
    const width = (wider.change as { width: number }).width;
    expect(wider.label).toBe(`Widen w1 from 1.20 m to ${width.toFixed(2)} m`);
    expect(wider.addedGlazing).toBeCloseTo((width - 1.2) * 1.2, 2);
    const less = applyChange(deep, { kind: 'width', window: 'w1', width: width - 0.1 });
    expect((await bfs(less)).pass).toBe(false);
  }, 120_000);

  it('puts changes together for a room no single change fixes, cheapest stage first', async () => {
    // 4 × 9 m, the same window, its surroundings given for it alone (no second window can be judged): no
    // single change passes; the free ones (surfaces, glass) with the window widened on top do.
    const deeper: RunBody = {
      model_type: 'df_default',
      parameters: {
        ...deep.parameters,
        room_polygon: [
          [0, 0],
          [4, 0],
          [4, 9],
          [0, 9],
        ],
        windows: { w1: { ...deep.parameters.windows.w1, horizon: zeros, zenith: zeros } },
      },
    };
    const bfs36 = async (body: RunBody) =>
      summarise(await at('standard')(body), DEFAULT_COMPLIANCE, { floorArea: 36 }).verdicts.find(
        (v) => v.id === 'bfs',
      )!;
    const found = await proposeFixes(deeper, 'bfs', {
      preview: at('draft'),
      confirm: at('standard'),
      thresholds: DEFAULT_COMPLIANCE,
    });
    expect(found.length).toBeGreaterThan(0);
    for (const p of found) {
      expect(p.change.kind).toBe('combined');
      const parts = (p.change as { changes: Change[] }).changes;
      expect(parts.slice(0, 2).map((c) => c.kind)).toEqual(['surfaces', 'glass']);
      // Said part by part, costed against the room as it is, and passing by the engine as proposed.
      expect(p.label).toMatch(/^Lighter surfaces: .*; and Clearer glass: 80 % .*; and /);
      expect((await bfs36(p.body)).pass, p.label).toBe(true);
    }
    // Each single change alone fails by the engine: the widest window, or surfaces and glass on their own.
    const widened = found.find((p) => (p.change as { changes: Change[] }).changes.at(-1)!.kind === 'width')!;
    const width = ((widened.change as { changes: Change[] }).changes.at(-1) as { width: number }).width;
    expect(widened.addedGlazing).toBeCloseTo((width - 1.2) * 1.2, 2);
    expect((await bfs36(applyChange(deeper, { kind: 'width', window: 'w1', width: 3.6 }))).pass).toBe(false);
  }, 180_000);

  it('words a proposal’s verdict on an attic’s analysed plane, as the room’s own verdict is worded', async () => {
    // A 6 × 5 m attic whose eaves leave two 0.2 m strips below the work plane: 27.6 of its 30 m² analysed.
    const attic: RunBody = {
      ...deep,
      parameters: {
        ...deep.parameters,
        room_polygon: [
          [0, 0],
          [6, 0],
          [6, 5],
          [0, 5],
        ],
      },
    };
    /** The attic's map with `lit` of its 2 760 analysed cells at DF 2 %, the rest at 0.5 %. */
    const mapWith = (lit: number): RoomGridAnswer => {
      const df = new Float32Array(50 * 60);
      const mask = new Uint8Array(50 * 60);
      let n = 0;
      for (let r = 2; r < 48; r++)
        for (let c = 0; c < 60; c++) {
          mask[r * 60 + c] = 1;
          df[r * 60 + c] = n++ < lit ? 2 : 0.5;
        }
      return { rows: 50, cols: 60, df, mask, origin: { x: 0, y: 5 }, resolution: 0.1 };
    };
    // The room as it is: 936 cells lit (33.9 %); any change lights 1 656 (60.0 %).
    const answer: Compute = async (b) => mapWith(b === attic ? 936 : 1656);
    const found = await proposeFixes(attic, 'bfs', {
      preview: answer,
      confirm: answer,
      thresholds: DEFAULT_COMPLIANCE,
      steps: 1,
    });
    expect(found.length).toBeGreaterThan(0);
    for (const p of found) {
      expect(p.verdict.pass).toBe(true);
      expect(p.verdict.detail).toContain('60.0 % of the analysed 27.60 m²');
    }
  });
});
