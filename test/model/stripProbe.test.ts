import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sampledRequest } from '../../src/datagen/sampleRoom';
import { STRESS_CLASSES } from '../../src/datagen/stressProfiles';
import { probeTruth, readProbeTruths } from '../../src/evaluation/roomProbe';
import { stripRoom } from '../../src/evaluation/stripProbe';
import { roomDigest, stressRoom } from '../../src/evaluation/stressSuite';

/** Strip windows (docs/model.md, "Strip windows"): every window of a stress room drawn low or high on its wall. */
describe('the strip-window probe', () => {
  const heights = (band: 'low' | 'high', cls: (typeof STRESS_CLASSES)[number], k: number) => {
    const p = stripRoom(band)(cls, k).body.parameters;
    const floor = p.floor_height_above_terrain;
    return {
      H: p.height_roof_over_floor,
      windows: Object.values(p.windows).map(
        (w) => [(w.z1 as number) - floor, (w.z2 as number) - floor] as const,
      ),
    };
  };

  it('draws every window of every class as a strip in its band, and each room is one /run takes', () => {
    for (const cls of STRESS_CLASSES)
      for (const k of [993000, 993001]) {
        const low = heights('low', cls, k);
        for (const [sill, head] of low.windows) {
          expect(sill).toBeGreaterThanOrEqual(-1e-3);
          expect(sill).toBeLessThanOrEqual(0.4 + 1e-3);
          expect(head - sill).toBeGreaterThanOrEqual(0.4 - 2e-3);
          expect(head - sill).toBeLessThanOrEqual(0.7 + 2e-3);
        }
        const high = heights('high', cls, k);
        for (const [sill, head] of high.windows) {
          expect(head).toBeLessThanOrEqual(Math.min(high.H, 2.8) + 1e-3);
          expect(head).toBeGreaterThanOrEqual(Math.min(high.H, 2.2) - 1e-3);
          expect(head - sill).toBeGreaterThanOrEqual(0.4 - 2e-3);
          expect(head - sill).toBeLessThanOrEqual(0.7 + 2e-3);
        }
        expect(() => sampledRequest(stripRoom('low')(cls, k))).not.toThrow();
        expect(() => sampledRequest(stripRoom('high')(cls, k))).not.toThrow();
      }
  });

  it('keeps the class: its context, and a room other than the stress room of the same seed', () => {
    const s = stripRoom('low')('street-canyon', 993001);
    expect(s.context).toBe('street');
    expect(roomDigest(s)).not.toBe(roomDigest(stressRoom('street-canyon', 993001)));
    expect(stripRoom('high')('angles-only', 993000).mesh).toBeNull();
  });

  it('keeps truths that belong to the rooms drawn today, and one of each band reproduces', () => {
    // Every stored file: each room still the one its band draws (readProbeTruths throws otherwise).
    const files = readdirSync('test/fixtures/strip-windows').filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const f of files) {
      const band = /-(low|high)\.json$/.exec(f)![1] as 'low' | 'high';
      expect(readProbeTruths(stripRoom(band), `test/fixtures/strip-windows/${f}`).length, f).toBe(240);
    }
    for (const band of ['low', 'high'] as const) {
      const draw = stripRoom(band);
      const truths = readProbeTruths(draw, `test/fixtures/strip-windows/k993000-${band}.json`);
      expect(truths.length).toBe(240);
      const stored = truths.find((t) => t.cls === 'deep' && t.k === 993000)!;
      expect(probeTruth(draw, 'deep', 993000, band)).toEqual(stored);
    }
  }, 60_000);
});
