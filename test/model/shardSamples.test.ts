import { describe, expect, it } from 'vitest';
import type { StoredWindow } from '../../src/datagen/sampleRoom';
import { toHalf } from '../../src/datagen/float16';
import { readFileSync } from 'node:fs';
import {
  roomEnd,
  WALL_LINE_M,
  wallLineCells,
  windowSample,
  type StoredShard,
} from '../../src/evaluation/shardSamples';

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

  it("finds the labels on the window wall's line as training leaves them out, and drops them from the sample", () => {
    // One window, 7 channels: the room spans columns 20..59 of rows 5 and 6; its wall's inner plane is at
    // column 59 in row 5 (distance 0), 3 cm beyond column 59 in row 6 (a wall line 3 cm off: not on it).
    const C = 7;
    const x = new Uint16Array(C * FRAME);
    for (const row of [5, 6])
      for (let col = 20; col < 60; col++) {
        x[at(row, col)] = toHalf(1);
        const metres = (59 - col) * 0.1 + (row === 6 ? 0.03 : 0);
        x[3 * FRAME + at(row, col)] = toHalf(Math.max(metres, 0.02) / 10);
      }
    const line = wallLineCells(x, 1, C);
    // The cells training leaves out (train_terms.py --wall-line): the same distance.
    const py = /^WALL_LINE_M = ([\d.]+)/m.exec(readFileSync('training/train_terms.py', 'utf8'));
    expect(Number(py?.[1])).toBe(WALL_LINE_M);
    expect(Array.from(line.keys()).filter((i) => line[i])).toEqual([at(5, 59)]);

    const s = shard();
    const both = new Uint8Array(2 * FRAME);
    both.set(line, FRAME);
    const pred = new Float32Array(FRAME).fill(2);
    const kept = windowSample({ ...s, wallLine: both }, 1, pred)!;
    expect(kept.truth).toHaveLength(37);
    expect(kept.truth).not.toContain(59);
    expect(windowSample(s, 1, pred)!.truth).toContain(59);
  });
});
