/**
 * Reading a generated split back for measurement (`npm run evaluate`, `npm run label-noise`): each shard's
 * windows with their labels, and a window's cells as the generator sampled them.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readNpy } from '../core/encoding/npy';
import { fromHalf } from '../datagen/float16';
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
  /** Per window and cell, 1 for a label on the window wall's own line (`wallLineCells`); absent: none read. */
  wallLine?: Uint8Array;
}

/** Within this of the window wall's inner plane a label is on the wall's line (train_terms.py WALL_LINE_M). */
export const WALL_LINE_M = 0.025;

/**
 * The labels on the window wall's own line, from an exported shard's inputs (`x`: n × C × 128 × 128 half
 * floats; channel 0 the room, channel 3 the distance to the window wall / 10, as lux-frame-3 and every later
 * preprocessing lay them out): room pixels on the room's edge towards the window (the next column is not
 * room) whose point is within 2.5 cm of the wall's inner plane — the test train_terms.py `--wall-line`
 * applies. A frame pixel stands for the point at its integer coordinates, so these are the engine lit from
 * a point on the wall's own plane (0 and 64 % DF a cell apart); `/run`'s nearest cell centre is 0.05 m in.
 */
export function wallLineCells(x: Uint16Array, windows: number, channels: number): Uint8Array {
  const out = new Uint8Array(windows * FRAME);
  const room = (w: number, i: number): boolean => fromHalf(x[w * channels * FRAME + i]!) > 0.5;
  for (let w = 0; w < windows; w++) {
    const dist = (w * channels + 3) * FRAME;
    for (let i = 0; i < FRAME; i++) {
      const edge = room(w, i) && (i % 128 === 127 || !room(w, i + 1));
      if (edge && fromHalf(x[dist + i]!) < WALL_LINE_M / 10) out[w * FRAME + i] = 1;
    }
  }
  return out;
}

/**
 * The split's shards in order; with `wallLine`, each shard's labels on the window wall's line marked from
 * its exported inputs (`NNNNNN.x.npy`, which an export writes beside the labels).
 */
export function* readShards(dir: string, opts: { wallLine?: boolean } = {}): Generator<StoredShard> {
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
    const shard: StoredShard = {
      recs,
      df: new Float32Array(df.buffer, df.byteOffset, df.byteLength / 4),
      mask,
    };
    if (opts.wallLine) {
      if (!existsSync(`${base}.x.npy`))
        throw new Error(`${base}.x.npy: no exported inputs to find the wall's line`);
      const x = readNpy(new Uint8Array(readFileSync(`${base}.x.npy`)));
      if (x.descr !== '<f2') throw new Error(`${base}.x.npy: half floats expected, got ${x.descr}`);
      // numpy pads its header to 64 bytes, so the data is 2-byte aligned; a copy only where it is not.
      const d = x.data.byteOffset % 2 === 0 ? x.data : x.data.slice();
      const bits = new Uint16Array(d.buffer, d.byteOffset, d.byteLength / 2);
      shard.wallLine = wallLineCells(bits, x.shape[0]!, x.shape[1]!);
    }
    yield shard;
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
 * (in `pred` too when it is another engine answer, `engineSide`) and without the labels on the wall's line
 * where the shard marks them; null when no cell is left.
 */
export function windowSample(
  shard: StoredShard,
  j: number,
  pred: ArrayLike<number>,
  engineSide = false,
): Sample | null {
  const truth = shard.df.subarray(j * FRAME, (j + 1) * FRAME);
  const m = shard.mask.subarray(j * FRAME, (j + 1) * FRAME);
  const line = shard.wallLine?.subarray(j * FRAME, (j + 1) * FRAME);
  let maxCol = 0;
  for (let i = 0; i < FRAME; i++) if (m[i]) maxCol = Math.max(maxCol, i % 128);
  const pv: number[] = [],
    tv: number[] = [],
    wv: number[] = [];
  for (let i = 0; i < FRAME; i++) {
    // NaN fails the comparison: not sampled.
    if (
      !m[i] ||
      line?.[i] ||
      !(truth[i]! <= MAX_PLAUSIBLE_DF) ||
      (engineSide && !(pred[i]! <= MAX_PLAUSIBLE_DF))
    )
      continue;
    pv.push(pred[i]!);
    tv.push(truth[i]!);
    wv.push(pixelWeight(i, maxCol));
  }
  return tv.length ? { pred: pv, truth: tv, weight: wv } : null;
}
