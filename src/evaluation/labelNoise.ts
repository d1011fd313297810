/**
 * `npm run label-noise -- [--data data/v1/test] [--rooms 40] [--skip 0] [--seed 7] [--quality draft] [--out rooms.json]`
 *
 * How far a split's labels are from themselves: its rooms simulated again by the engine with another seed
 * (at the split's quality, or `--quality`), the two answers compared as `npm run evaluate` compares the
 * model with the labels (same cells, same area weights, a room's mean the sum of its windows'). On the
 * held-out split this is the floor under the model's errors: a perfect model of the engine still differs
 * from one Monte Carlo answer by this much. With `--quality draft` (the training labels' quality) it
 * measures what training at draft costs: noise and any bias. `--out` writes each room's means (`pred`: the
 * new answer, `truth`: the label), as `evaluate --rooms-out` does for the model.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { sampleRoom } from '../datagen/sampleRoom';
import { labelRoom } from '../datagen/shard';
import { focusOf } from '../datagen/shardFeatures';
import { roomMeans, roomTotals, sampleMetrics, summarise, type SampleMetrics } from './metrics';
import { readShards, roomEnd, windowSample } from './shardSamples';

export interface RelabelOptions {
  quality: 'draft' | 'standard';
  /** XORed into each room's seed for the engine's random choices (0: the generator's own answer). */
  seed: number;
  rooms: number;
  skip?: number;
}

/** Rooms of a split simulated again, per window: the new answer as `pred`, the stored label as `truth`. */
export function relabel(dir: string, o: RelabelOptions): { room: number; m: SampleMetrics }[] {
  const out: { room: number; m: SampleMetrics }[] = [];
  const skip = o.skip ?? 0;
  let seen = 0;
  const focus = focusOf(dir);
  for (const shard of readShards(dir)) {
    const { recs } = shard;
    for (let k = 0, end; k < recs.length; k = end) {
      end = roomEnd(recs, k);
      if (seen++ < skip) continue;
      if (seen > skip + o.rooms) return out;
      const seed = recs[k]!.room_seed;
      const { frames } = labelRoom(sampleRoom(seed, focus), o.quality, (seed ^ o.seed) >>> 0);
      for (let j = k; j < end; j++) {
        const sample = windowSample(shard, j, frames[recs[j]!.window]!.df, true);
        if (sample) out.push({ room: seed, m: sampleMetrics(sample) });
      }
    }
  }
  return out;
}

function main(): void {
  const { values: o } = parseArgs({
    options: {
      data: { type: 'string', default: 'data/v1/test' },
      rooms: { type: 'string', default: '40' },
      skip: { type: 'string', default: '0' },
      seed: { type: 'string', default: '7' },
      quality: { type: 'string' },
      out: { type: 'string' },
    },
  });
  const quality =
    o.quality ??
    (JSON.parse(readFileSync(`${o.data.replace(/\/$/, '')}.meta.json`, 'utf8')) as { quality: string })
      .quality;
  if (quality !== 'draft' && quality !== 'standard') throw new Error(`--quality must be draft or standard`);
  const started = performance.now();
  const windows = relabel(o.data, {
    quality,
    seed: Number(o.seed),
    rooms: Number(o.rooms),
    skip: Number(o.skip),
  });
  const s = summarise(windows.map((w) => w.m));
  const rooms = roomTotals(windows);
  const r = roomMeans(rooms);
  const pct = (v: number): string => `${(100 * v).toFixed(1)} %`;
  console.log(
    `${quality} against ${o.data}: ${r.count} rooms, ${windows.length} windows, ${((performance.now() - started) / 1000).toFixed(0)} s\n` +
      `cells: MAE ${s.mae.toFixed(3)}  δ1 ${pct(s.delta1)}  verdicts ${pct(s.verdictAgreement)}  bias ${pct(s.bias)}\n` +
      `windows' means: avg ${pct(s.meanErrorAbsMean)} max ${pct(s.meanErrorAbsMax)} within 5 %: ${pct(s.meanWithin5)}\n` +
      `rooms' means:   avg ${pct(r.meanErrorAbsMean)} median ${pct(r.meanErrorAbsMedian)} max ${pct(r.meanErrorAbsMax)} within 5 %: ${pct(r.meanWithin5)}`,
  );
  if (o.out) writeFileSync(o.out, JSON.stringify(rooms) + '\n');
}

if (import.meta.url === `file://${process.argv[1]}`) main();
