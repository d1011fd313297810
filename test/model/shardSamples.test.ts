import { describe, expect, it } from 'vitest';
import type { StoredWindow } from '../../src/datagen/sampleRoom';
import { roomEnd, windowSample, type StoredShard } from '../../src/evaluation/shardSamples';

const FRAME = 128 * 128;
const at = (row: number, col: number): number => row * 128 + col;

/** Two windows; the second's room spans columns 20..59 of row 5 (the window wall at column 59). */
function shard(): StoredShard {
  const df = new Float32Array(2 * FRAME).fill(Number.NaN);
  const mask = new Uint8Array(2 * FRAME);
  for (let col = 20; col < 60; col++) {
    mask[FRAME + at(5, col)] = 1;
    df[FRAME + at(5, col)] = col;
  }
  df[FRAME + at(5, 30)] = Number.NaN; // not sampled
  df[FRAME + at(5, 31)] = 75; // a wall-line singularity
  df[FRAME + at(5, 32)] = 0; // inside the room, dark
  mask[FRAME + at(6, 70)] = 0;
  df[FRAME + at(6, 70)] = 3; // outside the mask
  const rec = (room_seed: number): StoredWindow => ({ room_seed }) as StoredWindow;
  return { recs: [rec(1), rec(1), rec(2)], df, mask };
}

describe('held-out samples of a stored shard', () => {
  it('keeps the sampled cells inside the mask, weighted 1 within 1 m of the window wall and 4 beyond', () => {
    const pred = new Float32Array(FRAME).fill(2);
    pred[at(5, 33)] = 99; // the model's own large value is its answer, not screened
    const s = windowSample(shard(), 1, pred)!;
    // 40 cells, less the unsampled and the implausible one.
    expect(s.truth).toHaveLength(38);
    expect(s.truth).not.toContain(75);
    expect(Array.from(s.truth)).toContain(0);
    expect(Array.from(s.pred)).toContain(99);
    const weights = Array.from(s.weight!);
    // Columns 50..59 are within 10 cells of the wall (column 59); 20..49 less two are beyond.
    expect(weights.filter((w) => w === 1)).toHaveLength(10);
    expect(weights.filter((w) => w === 4)).toHaveLength(28);
    const near = Array.from(s.truth).map((t, i) => [t, weights[i]!] as const);
    expect(near.find(([t]) => t === 50)![1]).toBe(1);
    expect(near.find(([t]) => t === 49)![1]).toBe(4);
  });

  it('screens the other side too when it is another engine answer', () => {
    const again = new Float32Array(FRAME).fill(1);
    again[at(5, 40)] = 80;
    again[at(5, 41)] = Number.NaN;
    expect(windowSample(shard(), 1, again)!.truth).toHaveLength(38);
    expect(windowSample(shard(), 1, again, true)!.truth).toHaveLength(36);
  });

  it('has no sample for a window with no sampled cell, and finds where a room ends', () => {
    expect(windowSample(shard(), 0, new Float32Array(FRAME))).toBeNull();
    const { recs } = shard();
    expect(roomEnd(recs, 0)).toBe(2);
    expect(roomEnd(recs, 2)).toBe(3);
  });
});
