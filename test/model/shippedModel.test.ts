import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseModelCard } from '../../src/core/model/card';
import { meetsTargets, radiance, stressRecord, TARGETS } from '../../src/evaluation/evaluate';
import { DARK_LINE, DARK_ROOM } from '../../src/core/model/errorBand';
import { STRESS_CLASSES } from '../../src/datagen/stressProfiles';
import {
  darkRooms,
  readStressClass,
  STRESS_DIR,
  STRESS_TARGETS,
  stressSuite,
  summariseStress,
  type StressRoomResult,
} from '../../src/evaluation/stressSuite';
import { loadModel } from '../../src/service/model/runtime';
import { CONVERGED_DIR, FIXTURE_DIR } from '../engine/radianceFixtures';
import { SHIPPED_CARD_PATH } from '../helpers/paths';

/**
 * The shipped model (public/models) against the shared Radiance scenes, measured through the /run code
 * path: the targets of model.md, and the card telling the truth about what was measured.
 */
const CARD = SHIPPED_CARD_PATH;
/** Each stress room's measures when the card was written (test/fixtures/shipped-model/README.md). */
const STRESS_ROOMS = 'test/fixtures/shipped-model/stress-rooms.json';
/**
 * Rooms of each stress class measured again by this test (of 40): 48 in all, where a changed model or
 * preprocessing moves nearly every room (and test/model/pinnedFrames.test.ts holds the preprocessing to 1e-6).
 */
const MEASURED_AGAIN = 4;
describe('the shipped model', () => {
  it('has a card that describes it, within the size limit', () => {
    expect(existsSync(CARD)).toBe(true);
    const card = parseModelCard(JSON.parse(readFileSync(CARD, 'utf8')));
    expect(card.preprocessing).toBe('lux-frame-11');
    // Its room terms' level comes from a coarse solve at /run (roomTerms.ts): the method it was trained with.
    expect(card.roomTerms).toBe('coarse-radiosity/8');
    const size = readFileSync(`public/models/${card.file}`).length;
    expect(size).toBeLessThanOrEqual(8 * 1024 * 1024);
    expect(card.size_bytes).toBe(size);
    expect(card.training).toMatchObject({
      seed: expect.any(Number),
      command: expect.stringContaining('train_terms.py'),
    });
  });

  it("on the Radiance reference scenes at -ab 7: what its card claims, every verdict the reference's", async () => {
    const model = await loadModel(CARD);
    const r = await radiance(model, FIXTURE_DIR);
    const card = JSON.parse(readFileSync(CARD, 'utf8'));
    // The card stores what the evaluation measured, and says whether model.md's targets are met.
    expect(card.metrics.radiance.mae).toBeCloseTo(r.summary.mae, 4);
    expect(card.metrics.radiance.delta1).toBeCloseTo(r.summary.delta1, 4);
    expect(card.metrics.meets_targets_radiance).toBe(meetsTargets(r.summary));
    // lux-df-4 learned the converged engine, and these references stop at seven bounces (R06's own two sets
    // differ by 12 %): a miss here can be the references' shortfall, not the model's (docs/model.md). What
    // is held on them beyond the card's claim (4.6.0 misses them by R07's mean, −5.2 %, as 4.5.0 by −5.1 %): every
    // verdict, every room's mean within issue 15's worst-room bound — against the converged reference where
    // seven bounces leave the room more than 5 % short of it (R06, whose walls reflect 0.85 and ceiling 0.9:
    // 4.9.0 reads it +13.6 % over its -ab 7 reference and +1.5 % over its converged one, as the engine does).
    expect(r.summary.verdictAgreement).toBe(1);
    const converged = new Map((await radiance(model, CONVERGED_DIR)).scenes.map((s) => [s.scene, s]));
    const short = r.scenes.filter((s) => s.meanTruth < 0.95 * converged.get(s.scene)!.meanTruth);
    expect(short.map((s) => s.scene)).toEqual(['R06_rotated_fullheight_canyon']);
    for (const s of r.scenes) {
      const held = short.includes(s) ? converged.get(s.scene)! : s;
      expect(Math.abs(held.meanError), s.scene).toBeLessThanOrEqual(STRESS_TARGETS.worstRoom);
    }
  }, 120_000);

  it('against Radiance run to convergence: what its card claims, and model.md targets but where listed', async () => {
    const model = await loadModel(CARD);
    const r = await radiance(model, CONVERGED_DIR);
    const card = JSON.parse(readFileSync(CARD, 'utf8'));
    expect(card.metrics.radiance_converged.mae).toBeCloseTo(r.summary.mae, 4);
    expect(card.metrics.radiance_converged.bias).toBeCloseTo(r.summary.bias, 4);
    expect(card.metrics.meets_targets_radiance_converged).toBe(meetsTargets(r.summary));
    // Each target asserted on its own so that a failure names what fell short.
    expect(r.summary.mae).toBeLessThanOrEqual(TARGETS.mae);
    expect(r.summary.delta1).toBeGreaterThanOrEqual(TARGETS.delta1);
    expect(r.summary.verdictAgreement).toBe(1);
    // Every room's mean within 5 % but the scenes listed, which the card says fall short (a scene that comes
    // within fails until it is dropped from the list, so the claim cannot go stale either way).
    for (const s of r.scenes) {
      const within = Math.abs(s.meanError) <= TARGETS.meanError;
      expect(within, s.scene).toBe(!CONVERGED_SHORT.includes(s.scene));
    }
  }, 120_000);

  it('on the stress suite: what its card claims, class by class, and the targets where it claims them', async () => {
    // Every room of the suite, measured when the card was written (evaluate's --stress-out), stands in for
    // the 480-room evaluation (~2 minutes of one core): the first rooms of each class are measured again
    // here and must be what is stored (a changed model or preprocessing moves nearly every room), and the
    // card's claims are the stored rooms' summaries, exactly.
    const stored = JSON.parse(readFileSync(STRESS_ROOMS, 'utf8')) as StressRoomResult[];
    for (const cls of STRESS_CLASSES) {
      const suite = readStressClass(STRESS_DIR, cls)!;
      expect(
        stored.filter((r) => r.cls === cls).map((r) => [r.k, r.seed]),
        `${STRESS_ROOMS} holds every room of ${cls}`,
      ).toEqual(suite.rooms.map((r) => [r.k, r.seed]));
    }
    const model = await loadModel(CARD);
    const again = (await stressSuite(model, STRESS_DIR, STRESS_CLASSES, MEASURED_AGAIN))!.rooms;
    expect(again).toHaveLength(MEASURED_AGAIN * STRESS_CLASSES.length);
    for (const r of again) {
      const s = stored.find((x) => x.cls === r.cls && x.k === r.k)!;
      const room = `${r.cls} #${r.k} (stale: npm run evaluate -- --write --stress-out ${STRESS_ROOMS})`;
      for (const f of ['mae', 'delta1', 'meanPred', 'meanTruth', 'meanError', 'weight'] as const)
        expect(r[f], `${room}: ${f}`).toBeCloseTo(s[f], 6);
      expect([r.verdictPred, r.verdictTruth, r.pass], room).toEqual([s.verdictPred, s.verdictTruth, s.pass]);
    }
    const st = {
      classes: STRESS_CLASSES.map((c) =>
        summariseStress(
          c,
          stored.filter((r) => r.cls === c),
        ),
      ),
      all: summariseStress('all', stored),
    };
    const card = JSON.parse(readFileSync(CARD, 'utf8'));
    const claimed = card.metrics.stress.classes as Record<
      string,
      { mae: number; rooms_within_5: number; meets: boolean }
    >;
    for (const c of [...st.classes, st.all]) {
      expect(claimed[c.cls]!.mae, c.cls).toBeCloseTo(c.mae, 4);
      expect(claimed[c.cls]!.rooms_within_5, c.cls).toBeCloseTo(c.meanWithin5, 4);
      expect(claimed[c.cls]!.meets, c.cls).toBe(c.meets);
    }
    // /run's band for a room the model reads dark: the stored rooms it read below the line, every class.
    const dark = summariseStress(DARK_ROOM, darkRooms(stored));
    expect(card.metrics.stress.dark_rooms).toEqual({ below: DARK_LINE, ...stressRecord(dark) });
    expect(dark.count).toBeGreaterThan(40);
    // Issue 15's targets hold on every class but those listed here, which the card says fall short: a model
    // that reaches them fails this test until the list is emptied, so the claim cannot go stale either way.
    for (const c of st.classes) {
      if (SHORT_OF_TARGETS.includes(c.cls)) {
        expect(c.meets, `${c.cls} now meets the targets: drop it from SHORT_OF_TARGETS`).toBe(false);
        continue;
      }
      expect(c.mae, c.cls).toBeLessThanOrEqual(STRESS_TARGETS.mae);
      expect(c.delta1, c.cls).toBeGreaterThanOrEqual(STRESS_TARGETS.delta1);
      expect(c.meanWithin5, c.cls).toBeGreaterThanOrEqual(STRESS_TARGETS.roomsWithin5);
      expect(c.meanErrorAbsMax, c.cls).toBeLessThanOrEqual(STRESS_TARGETS.worstRoom);
      expect(c.verdictAgreement, c.cls).toBeGreaterThanOrEqual(STRESS_TARGETS.verdictAgreement);
    }
  }, 300_000);
});

/**
 * The converged Radiance scenes whose room mean the shipped model misses by more than 5 %: none since lux-df-4
 * 4.9.0 (4.8.0: R06 −9.3, R07 −9.1 %; 4.6.0 and 4.7.0 −9.3 and −8.3; 4.5.0 −7.8 and −8.2; docs/model.md).
 */
const CONVERGED_SHORT: readonly string[] = [];

/** The stress classes on which the shipped model does not yet reach issue 15's targets (docs/model.md). */
const SHORT_OF_TARGETS: readonly string[] = ['street-canyon'];
