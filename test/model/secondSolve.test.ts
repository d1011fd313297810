import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { windowAngles } from '../../src/core/api/windowAngles';
import type { EngineRoom } from '../../src/core/engine/model';
import { parseModelCard } from '../../src/core/model/card';
import { predictWindows, roomGrid, secondSeed, type LoadedModel } from '../../src/core/model/predict';
import {
  coarseRoomTerms,
  meanOfSolves,
  type RoomTermsLattice,
  type RoomTermsMethod,
  type SolveOptions,
} from '../../src/core/model/roomTerms';
import { sampledRequest } from '../../src/datagen/sampleRoom';
import { stressRoom } from '../../src/evaluation/stressSuite';
import { loadModel } from '../../src/service/model/runtime';
import { SHIPPED_CARD_PATH } from '../helpers/paths';
import { withoutSolve } from '../helpers/withoutSolve';

/** The model with a solver that records what it is asked (the solve itself as on the calling thread). */
function recording(model: LoadedModel, asked: SolveOptions[], answer = coarseRoomTerms) {
  return {
    ...model,
    solveRoomTerms: async (r: EngineRoom, method: RoomTermsMethod, options: SolveOptions) => {
      asked.push(options);
      return answer(r, method, options);
    },
  };
}

const gridOf = async (req: ReturnType<typeof sampledRequest>, m: LoadedModel) =>
  Array.from(roomGrid(req, await predictWindows(req, windowAngles(req, req.mesh), m)).df.data);

describe('a card’s second solve in dark rooms (card.ts secondSolve)', () => {
  it('averages two solves on other streams in a dark room, and solves once in a bright one', async () => {
    const shipped = await loadModel(SHIPPED_CARD_PATH, { roomTermsThread: false });
    const card = { ...shipped.card, secondSolve: { belowDf: 0.75 } };
    const twice = { ...shipped, card };
    // A dark street room (~0.04 % DF): solved with seed 1, then with the second seed drawn from it.
    const dark = sampledRequest(stressRoom('street-canyon', 62021));
    const asked: SolveOptions[] = [];
    const answer = await gridOf(dark, recording(twice, asked));
    expect(asked.map((o) => o.seed)).toEqual([undefined, secondSeed(1)]);
    expect(secondSeed(1)).not.toBe(1);
    // What it answers is the shipped card's answer to the two solves' mean, to the bit.
    const averaged = recording(shipped, [], (r, method, options) =>
      meanOfSolves(
        coarseRoomTerms(r, method, options),
        coarseRoomTerms(r, method, { ...options, seed: secondSeed(1) }),
      ),
    );
    expect(answer).toEqual(await gridOf(dark, averaged));
    const once = await gridOf(dark, shipped);
    expect(answer).not.toEqual(once);
    // The solve's noise averaged, not another answer: the room's sum within a few % of one solve's.
    const sum = (d: readonly number[]) => d.reduce((a, v) => a + v, 0);
    expect(sum(answer) / sum(once)).toBeGreaterThan(0.95);
    expect(sum(answer) / sum(once)).toBeLessThan(1.05);
    // Another first seed draws another second stream (grid-seeds' runs stay apart).
    const asked2: SolveOptions[] = [];
    await gridOf(dark, recording({ ...twice, solveSeed: 2 }, asked2));
    expect(asked2.map((o) => o.seed)).toEqual([2, secondSeed(2)]);
    expect(new Set([1, 2, 3, secondSeed(1), secondSeed(2), secondSeed(3)]).size).toBe(6);

    // A bright room (~3.8 % DF): one solve, the shipped card's answer.
    const bright = sampledRequest(stressRoom('street-canyon', 82005));
    const askedBright: SolveOptions[] = [];
    expect(await gridOf(bright, recording(twice, askedBright))).toEqual(await gridOf(bright, shipped));
    expect(askedBright).toHaveLength(1);
  }, 120_000);

  it('keeps the beyond-frame lattice’s unlit nodes unlit and averages the rest', () => {
    const l = (v: number, nodes: number[]): RoomTermsLattice => ({
      pixels: Int32Array.of(5, 9),
      means: Float64Array.of(v, 2 * v, 3 * v),
      sky: v,
      exterior: 4 * v,
      beyond: { x0: 0, y0: 0, rows: 1, cols: 3, df: Float32Array.from(nodes) },
    });
    const [m] = meanOfSolves([l(1, [1, NaN, 3])], [l(3, [3, NaN, 5])]);
    expect(Array.from(m!.means)).toEqual([2, 4, 6]);
    expect([m!.sky, m!.exterior]).toEqual([2, 8]);
    expect(Array.from(m!.beyond!.df)).toEqual([2, NaN, 4]);
    expect(Array.from(m!.pixels)).toEqual([5, 9]);
  });

  it('is a card’s only with a solve to run again', () => {
    const shipped = JSON.parse(readFileSync(SHIPPED_CARD_PATH, 'utf8'));
    const base = withoutSolve(shipped);
    expect(() => parseModelCard({ ...base, secondSolve: { belowDf: 0.75 } })).toThrow(
      /secondSolve needs roomTerms/,
    );
    expect(parseModelCard({ ...shipped, secondSolve: { belowDf: 0.75 } }).secondSolve).toEqual({
      belowDf: 0.75,
    });
    expect(() => parseModelCard({ ...shipped, secondSolve: { belowDf: -1 } })).toThrow();
    expect(() => parseModelCard({ ...shipped, secondSolve: { below: 0.75 } })).toThrow();
  });
});
