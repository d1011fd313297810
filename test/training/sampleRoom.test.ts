import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sampledRequest, sampleRoom } from '../../src/datagen/sampleRoom';

describe('random rooms for the training data', () => {
  it('are valid /run requests, for the default and the focused stream', () => {
    for (let seed = 1; seed <= 150; seed++) {
      expect(() => sampledRequest(sampleRoom(seed))).not.toThrow();
      expect(() => sampledRequest(sampleRoom(seed, 'balcony'))).not.toThrow();
    }
  });

  it('keep the default stream as generated for data/v1 (a focus must not shift it)', () => {
    const h = createHash('sha256');
    for (let seed = 1; seed <= 40; seed++) h.update(JSON.stringify(sampleRoom(seed)));
    expect(h.digest('hex').slice(0, 16)).toBe(PINNED);
  });

  it('put a deep slab close above every window in the balcony focus', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const s = sampleRoom(seed, 'balcony');
      expect(s.context).toBe('balcony');
      const mesh = s.mesh!;
      for (const w of Object.values(s.body.parameters.windows) as { z2: number }[]) {
        // A horizontal face (three equal z) from 0 to 0.6 m above the head (0.3 m for full-height
        // glazing, whose slab sits above the ceiling), 1 m deep or more.
        let found = false;
        for (let i = 0; i < mesh.length && !found; i += 3) {
          const [a, b, c] = [mesh[i]!, mesh[i + 1]!, mesh[i + 2]!];
          if (a[2] !== b[2] || b[2] !== c[2]) continue;
          if (a[2]! < w.z2 - 1e-6 || a[2]! > w.z2 + 0.6 + 0.2 + 1e-6) continue;
          const span = Math.max(
            Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!),
            Math.hypot(b[0]! - c[0]!, b[1]! - c[1]!),
            Math.hypot(a[0]! - c[0]!, a[1]! - c[1]!),
          );
          found = span >= 1;
        }
        expect(found, `seed ${seed}: no slab above the window at ${w.z2}`).toBe(true);
      }
    }
  });
});

// sha256 of sampleRoom(1…40) as JSON, first 16 hex digits: the rooms of data/v1.
const PINNED = '3a8eb75f852983d7';
