/**
 * Reading a generated split back for measurement (`npm run evaluate`, `npm run label-noise`): each shard's
 * windows with their labels, and a window's cells as the generator sampled them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readNpy } from '../core/encoding/npy';
import type { StoredWindow } from '../datagen/sampleRoom';
import { MAX_PLAUSIBLE_DF, pixelWeight } from '../datagen/shard';
import type { Sample } from './metrics';

const FRAME = 128 * 128;

export interface StoredShard {
  /** One line per window; the lines of one room are consecutive. */
  recs: StoredWindow[];
  /** The labels: DF (%) per window and cell, NaN where the generator did not sample. */
  df: Float32Array;
  mask: Uint8Array;
}

/** The split's shards in order. */
export function* readShards(dir: string): Generator<StoredShard> {
  for (const f of readdirSync(dir)
    .filter((n) => n.endsWith('.jsonl'))
    .sort()) {
    const base = join(dir, f.replace('.jsonl', ''));
    const recs = readFileSync(join(dir, f), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as StoredWindow);
    const df = readNpy(new Uint8Array(readFileSync(`${base}.df.npy`))).data;
    const mask = readNpy(new Uint8Array(readFileSync(`${base}.mask.npy`))).data;
    yield { recs, df: new Float32Array(df.buffer, df.byteOffset, df.byteLength / 4), mask };
  }
}

/** End (exclusive) of the room whose first line is `k`. */
export function roomEnd(recs: readonly StoredWindow[], k: number): number {
  let end = k;
  while (end < recs.length && recs[end]!.room_seed === recs[k]!.room_seed) end++;
  return end;
}

/**
 * Window `j` of a shard compared with another map of it (`pred`, its v2 frame): the cells the generator
 * sampled, each weighted by the area it stands for, without the engine's implausible wall-line values
 * (in `pred` too when it is another engine answer, `engineSide`); null when no cell is left.
 */
export function windowSample(
  shard: StoredShard,
  j: number,
  pred: ArrayLike<number>,
  engineSide = false,
): Sample | null {
  const truth = shard.df.subarray(j * FRAME, (j + 1) * FRAME);
  const m = shard.mask.subarray(j * FRAME, (j + 1) * FRAME);
  let maxCol = 0;
  for (let i = 0; i < FRAME; i++) if (m[i]) maxCol = Math.max(maxCol, i % 128);
  const pv: number[] = [],
    tv: number[] = [],
    wv: number[] = [];
  for (let i = 0; i < FRAME; i++) {
    // NaN fails the comparison: not sampled.
    if (!m[i] || !(truth[i]! <= MAX_PLAUSIBLE_DF) || (engineSide && !(pred[i]! <= MAX_PLAUSIBLE_DF)))
      continue;
    pv.push(pred[i]!);
    tv.push(truth[i]!);
    wv.push(pixelWeight(i, maxCol));
  }
  return tv.length ? { pred: pv, truth: tv, weight: wv } : null;
}
