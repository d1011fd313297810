import { describe, expect, it } from 'vitest';
import { STRESS_CLASSES } from '../../src/datagen/stressProfiles';
import {
  labelStressRoom,
  readStressClass,
  roomDigest,
  STRESS_DIR,
  stressRoom,
  stressSensors,
  withinByBrightness,
} from '../../src/evaluation/stressSuite';

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
    ];
    expect(withinByBrightness(rooms)).toEqual([
      { from: 0, to: 0.3, rooms: 2, within5: 0.5 },
      { from: 0.3, to: 1, rooms: 1, within5: 1 },
      { from: 1, to: 2, rooms: 1, within5: 0 },
      { from: 2, to: null, rooms: 1, within5: 1 },
    ]);
  });
});
