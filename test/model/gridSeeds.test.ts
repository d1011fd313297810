import { describe, expect, it } from 'vitest';
import { windowAngles } from '../../src/core/api/windowAngles';
import { predictWindows, roomGrid, type LoadedModel } from '../../src/core/model/predict';
import { sampledRequest } from '../../src/datagen/sampleRoom';
import {
  changedRooms,
  darkSummary,
  joinRuns,
  meanErrors,
  seedSummary,
  type SeedRuns,
} from '../../src/evaluation/gridSeeds';
import type { GridRoomResult } from '../../src/evaluation/gridStress';
import { stressRoom } from '../../src/evaluation/stressSuite';
import { loadModel } from '../../src/service/model/runtime';
import { SHIPPED_CARD_PATH } from '../helpers/paths';

const room = (
  cls: GridRoomResult['cls'],
  k: number,
  meanTruth: number,
  meanError: number,
): GridRoomResult => ({
  cls,
  k,
  meanTruth,
  meanPred: meanTruth * (1 + meanError),
  meanError,
});

describe('a grid evaluation over several seeds of the solve', () => {
  // Two seeds of three rooms: a lit street room in at both, a dark one in at one seed only, a deep room out at
  // both; a room the engine finds unlit counts as not within and is left out of the errors.
  const runs: SeedRuns = {
    card: 'x',
    seeds: {
      '1': [
        room('street-canyon', 1, 1.2, 0.02),
        room('street-canyon', 2, 0.05, 0.06),
        room('deep', 1, 0.8, -0.08),
        room('deep', 2, 0, 0),
      ],
      '2': [
        room('street-canyon', 1, 1.2, 0.01),
        room('street-canyon', 2, 0.05, 0.03),
        room('deep', 1, 0.8, -0.07),
        room('deep', 2, 0, 0),
      ],
    },
  };

  it('averages the counts within 5 % and the mean |error| over the seeds, the worst lit room from seed 1', () => {
    const s = seedSummary(runs);
    expect(s.seeds).toEqual(['1', '2']);
    const street = s.classes.find((c) => c.cls === 'street-canyon')!;
    expect(street.perSeed).toEqual([1, 2]);
    expect(street.within5).toBe(1.5);
    expect(street.meanAbs01).toBeCloseTo((0.04 + 0.02) / 2, 12);
    expect(street.worstLit).toBeCloseTo(0.02, 12);
    const deep = s.classes.find((c) => c.cls === 'deep')!;
    expect(deep.within5).toBe(0);
    expect(deep.unlit).toBe(1);
    expect(deep.meanAbs01).toBeCloseTo(0.075, 12);
    expect(s.all.within5).toBe(1.5);
    expect(s.all.rooms).toBe(4);
  });

  it('gives the dark rooms’ figures the rules read, and counts the rooms another card answers otherwise', () => {
    // The one room of 0.01–0.1 % DF (street-canyon #2): in at seed 2 only; the worst from 0.1 % DF is deep #1's.
    const d = darkSummary(runs);
    expect(d.rooms).toBe(1);
    expect(d.within5).toBe(0.5);
    expect(d.median).toBeCloseTo(0.06, 12);
    expect(d.meanAbs).toBeCloseTo(0.045, 12);
    expect(d.worstAbove).toBeCloseTo(0.08, 12);
    const seed1 = runs.seeds['1']!;
    const moved: SeedRuns = {
      ...runs,
      seeds: {
        ...runs.seeds,
        '1': seed1.map((r) => (r.k === 1 && r.cls === 'deep' ? room('deep', 1, 0.8, -0.01) : r)),
      },
    };
    expect(changedRooms(moved, runs)).toBe(1);
    expect(changedRooms(runs, runs)).toBe(0);
  });

  it('gives each room its error averaged over the seeds, the unlit left out', () => {
    const e = meanErrors(runs);
    expect([...e.keys()]).toEqual(['street-canyon#1', 'street-canyon#2', 'deep#1']);
    expect(e.get('street-canyon#2')!.error).toBeCloseTo(0.045, 12);
  });

  it('puts one card’s runs on two draws together, seed by seed, and refuses another card’s', () => {
    const other: SeedRuns = {
      card: 'x',
      seeds: { '1': [room('deep', 9, 1, 0.01)], '2': [room('deep', 9, 1, 0.2)] },
    };
    const both = joinRuns([runs, other]);
    expect(both.seeds['1']!.map((r) => `${r.cls}#${r.k}`)).toEqual([
      'street-canyon#1',
      'street-canyon#2',
      'deep#1',
      'deep#2',
      'deep#9',
    ]);
    expect(seedSummary(both).all.perSeed).toEqual([2, 2]);
    expect(() => joinRuns([runs, { ...other, card: 'y' }])).toThrow(/another card/);
    expect(() => joinRuns([runs, { card: 'x', seeds: { '1': [] } }])).toThrow(/other seeds/);
  });

  it('draws the model’s coarse solve from the seed it is given, 1 where none is', async () => {
    const model = await loadModel(SHIPPED_CARD_PATH);
    const req = sampledRequest(stressRoom('street-canyon', 62021));
    const angles = windowAngles(req, req.mesh);
    const map = async (m: LoadedModel) => roomGrid(req, await predictWindows(req, angles, m)).df.data;
    const plain = await map(model);
    expect(await map({ ...model, solveSeed: 1 })).toEqual(plain);
    const other = await map({ ...model, solveSeed: 2 });
    expect(other).not.toEqual(plain);
    // The solve's noise, not another answer: the room mean within a few % (this dark street room, 0.04 % DF,
    // moved by 6.1 and 4.9 % against the engine with seeds 1 and 2).
    const sum = (d: ArrayLike<number>) => Array.from(d).reduce((a, v) => a + v, 0);
    expect(sum(other) / sum(plain)).toBeGreaterThan(0.95);
    expect(sum(other) / sum(plain)).toBeLessThan(1.05);
  }, 60_000);
});
