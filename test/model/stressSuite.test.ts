import { describe, expect, it } from 'vitest';
import { STRESS_CLASSES } from '../../src/datagen/stressProfiles';
import { join } from 'node:path';
import { loadModel } from '../../src/service/model/runtime';
import { SHIPPED_CARD_PATH } from '../helpers/paths';
import {
  labelStressRoom,
  LIT_ROOM,
  readStressClass,
  roomDigest,
  STRESS_DIR,
  stressRoom,
  stressSensors,
  stressSuite,
  summariseStress,
  withinByBrightness,
  type StressRoomResult,
} from '../../src/evaluation/stressSuite';

const DRAWS = ['k1000', 'k2000', 'k3000'].map((d) => join('test/fixtures/stress-draws', d));

/**
 * The stress suite in the repository (test/fixtures/stress, made by npm run stress) is what the sampler
 * and the engine give today: every class present, each stored room the room its seed draws, and the
 * labels the engine's answer (a room labelled again gives the stored values).
 */
describe('the stress suite', () => {
  it('holds at least 40 rooms of every class, each the room its seed draws, with one value per sensor', () => {
    for (const cls of STRESS_CLASSES) {
      const file = readStressClass(STRESS_DIR, cls);
      expect(file, `${cls} is missing: npm run stress`).not.toBeNull();
      expect(file!.rooms.length).toBeGreaterThanOrEqual(40);
      expect(file!.quality).toBe('standard');
      expect(file!.ambient_bounces, `${cls}: labelled before issue 30 (-ab 7)`).toBeNull();
      for (const room of file!.rooms) {
        const s = stressRoom(cls, room.k);
        expect(roomDigest(s), `${cls} #${room.k}`).toBe(room.digest);
        expect(room.df).toHaveLength(stressSensors(s.body.parameters.room_polygon).length);
        expect(room.df.every((v) => Number.isFinite(v) && v >= 0)).toBe(true);
      }
    }
  });

  it('has further draws of 60 rooms a class, k from 1000, 2000 and 3000, each the room its seed draws', () => {
    DRAWS.forEach((dir, i) => {
      for (const cls of STRESS_CLASSES) {
        const file = readStressClass(dir, cls)!;
        expect(file.rooms.map((r) => r.k)).toEqual(Array.from({ length: 60 }, (_, k) => 1000 * (i + 1) + k));
        expect([file.quality, file.ambient_bounces]).toEqual(['standard', null]);
        for (const room of file.rooms) {
          const s = stressRoom(cls, room.k);
          expect(roomDigest(s), `${cls} #${room.k}`).toBe(room.digest);
          expect(room.df).toHaveLength(stressSensors(s.body.parameters.room_polygon).length);
        }
      }
    });
  });

  it('pools a class over several folders (the fixed suite and the draws)', async () => {
    const model = await loadModel(SHIPPED_CARD_PATH);
    const one = (await stressSuite(model, STRESS_DIR, ['deep'], 2))!;
    const pooled = (await stressSuite(model, [STRESS_DIR, ...DRAWS], ['deep'], 2))!;
    expect(pooled.rooms.map((r) => r.k)).toEqual([0, 1, 1000, 1001, 2000, 2001, 3000, 3001]);
    expect(pooled.rooms.slice(0, 2)).toEqual(one.rooms);
    expect(pooled.classes[0]!.count).toBe(8);
  }, 60_000);

  it('stores the engine at standard quality: rooms labelled again give the stored values', () => {
    for (const cls of ['angles-only', 'facing-slab'] as const) {
      const room = readStressClass(STRESS_DIR, cls)!.rooms[1]!;
      expect(labelStressRoom(stressRoom(cls, room.k), room.seed)).toEqual(room.df);
    }
  }, 60_000);
});

describe('rooms within 5 % by brightness', () => {
  it('counts each room in the band of its truth, edges to the upper band', () => {
    const rooms = [
      { meanTruth: 0.1, meanError: 0.2 },
      { meanTruth: 0.29, meanError: -0.04 },
      { meanTruth: 0.3, meanError: 0.05 },
      { meanTruth: 1.5, meanError: -0.051 },
      { meanTruth: 7, meanError: 0 },
      // Unlit by the engine (gridStress.ts): the darkest band, not within 5 % (its error NaN or −100 %).
      { meanTruth: 0, meanError: NaN },
      { meanTruth: -0.0004, meanError: -1 },
    ];
    expect(withinByBrightness(rooms)).toEqual([
      { from: 0, to: 0.3, rooms: 4, within5: 0.25 },
      { from: 0.3, to: 1, rooms: 1, within5: 1 },
      { from: 1, to: 2, rooms: 1, within5: 0 },
      { from: 2, to: null, rooms: 1, within5: 1 },
    ]);
  });
});

describe('the worst lit room', () => {
  it('is the worst room mean error among rooms whose truth is at least LIT_ROOM', () => {
    const room = (meanTruth: number, meanError: number): StressRoomResult =>
      ({
        cls: 'deep',
        k: 0,
        seed: 0,
        pass: false,
        mae: 0,
        delta1: 1,
        delta1Base: 1,
        weight: 1,
        meanTruth,
        meanPred: meanTruth * (1 + meanError),
        meanError,
        verdictPred: true,
        verdictTruth: true,
      }) as StressRoomResult;
    const s = summariseStress('deep', [room(0.04, -0.26), room(LIT_ROOM, 0.12), room(2, -0.08)]);
    expect(s.meanErrorAbsMax).toBeCloseTo(0.26, 10);
    expect(s.worstLit).toBeCloseTo(0.12, 10);
    expect(summariseStress('deep', [room(0.1, 0.3)]).worstLit).toBeNaN();
  });
});
