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
const CARD = 'public/models/lux-df-1.json';

describe('the shipped model', () => {
  it('has a card that describes it, within the size limit', () => {
    expect(existsSync(CARD)).toBe(true);
    const card = parseModelCard(JSON.parse(readFileSync(CARD, 'utf8')));
    expect(card.preprocessing).toBe('lux-frame-1');
    const size = readFileSync(`public/models/${card.file}`).length;
    expect(size).toBeLessThanOrEqual(8 * 1024 * 1024);
    expect(card.size_bytes).toBe(size);
    expect(card.training).toMatchObject({ seed: expect.any(Number), command: expect.stringContaining('train.py') });
  });

  it('meets model.md on the Radiance reference scenes', async () => {
    const model = await loadModel(CARD);
    const r = await radiance(model, FIXTURE_DIR);
    for (const s of r.scenes) expect(Math.abs(s.meanError), `${s.scene} room mean`).toBeLessThanOrEqual(TARGETS.meanError);
    expect(r.summary.mae).toBeLessThanOrEqual(TARGETS.mae);
    expect(r.summary.delta1).toBeGreaterThanOrEqual(TARGETS.delta1);
    expect(r.summary.verdictAgreement).toBeGreaterThanOrEqual(TARGETS.verdictAgreement);
    // The card stores what the evaluation measured.
    const card = JSON.parse(readFileSync(CARD, 'utf8'));
    expect(card.metrics.radiance.mae).toBeCloseTo(r.summary.mae, 4);
  }, 120_000);
});
