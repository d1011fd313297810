import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseModelCard } from '../../src/core/model/card';
import { radiance, TARGETS } from '../../src/evaluation/evaluate';
import { loadModel } from '../../src/server/model/runtime';
import { FIXTURE_DIR } from '../engine/radianceFixtures';

/**
 * The shipped model (public/models) against the shared Radiance scenes, measured through the /run code
 * path: the targets of model.md, and the card telling the truth about what was measured.
 */
const CARD = 'public/models/lux-df-3.json';
/** What the shipped model must not fall below (set from its evaluation; tighten with each retrain). */
const FLOOR = { meanErrorAbsMax: 0.06 };

describe('the shipped model', () => {
  it('has a card that describes it, within the size limit', () => {
    expect(existsSync(CARD)).toBe(true);
    const card = parseModelCard(JSON.parse(readFileSync(CARD, 'utf8')));
    expect(card.preprocessing).toBe('lux-frame-3');
    const size = readFileSync(`public/models/${card.file}`).length;
    expect(size).toBeLessThanOrEqual(8 * 1024 * 1024);
    expect(card.size_bytes).toBe(size);
    expect(card.training).toMatchObject({
      seed: expect.any(Number),
      command: expect.stringContaining('train.py'),
    });
  });

  it('on the Radiance reference scenes: what its card claims, and no worse than the shipped floor', async () => {
    const model = await loadModel(CARD);
    const r = await radiance(model, FIXTURE_DIR);
    const card = JSON.parse(readFileSync(CARD, 'utf8'));
    // The card stores what the evaluation measured, and says whether model.md's targets are met.
    expect(card.metrics.radiance.mae).toBeCloseTo(r.summary.mae, 4);
    expect(card.metrics.radiance.delta1).toBeCloseTo(r.summary.delta1, 4);
    const meets =
      r.summary.mae <= TARGETS.mae &&
      r.summary.delta1 >= TARGETS.delta1 &&
      r.summary.meanErrorAbsMax <= TARGETS.meanError &&
      r.summary.verdictAgreement >= TARGETS.verdictAgreement;
    expect(card.metrics.meets_targets_radiance).toBe(meets);
    // model.md's MAE, δ1 and verdict targets hold. The room means are within 5 % on 9 of 10 scenes; the
    // small high window (R07, +5.2 %) is not yet (docs/model.md §Status): this floor guards against
    // regressions until a retrain meets that target too.
    expect(r.summary.mae).toBeLessThanOrEqual(TARGETS.mae);
    expect(r.summary.delta1).toBeGreaterThanOrEqual(TARGETS.delta1);
    expect(r.summary.verdictAgreement).toBeGreaterThanOrEqual(TARGETS.verdictAgreement);
    expect(r.summary.meanErrorAbsMax).toBeLessThanOrEqual(FLOOR.meanErrorAbsMax);
  }, 120_000);
});
