import { writeFileSync, renameSync, existsSync } from 'node:fs';
import { TERMS } from '../../core/engine/simulate';
import { sampleRoom, type Focus } from '../sampleRoom';
import { roomSeed, shardName } from '../shard';
import { encodeShard, QUANT, type LabelHeader } from './format';
import { labelTerms, SAMPLER } from './label';
import type { LabelQuality } from './quality';

/** One shard to label: `rooms` rooms of a stream, written to `file` (never over an existing one). */
export interface LabelTask {
  file: string;
  stream: string;
  streamId: number;
  focus: Focus | null;
  seed: number;
  index: number;
  rooms: number;
  quality: LabelQuality;
}

export interface LabelResult {
  index: number;
  windows: number;
  bytes: number;
  seconds: number;
}

export const labelShardName = (index: number): string => `${shardName(index)}.luxl`;

/** Labels a shard's rooms and writes the shard (under a temporary name, then renamed: never half a file). */
export function makeLabelShard(t: LabelTask): LabelResult {
  if (existsSync(t.file)) throw new Error(`${t.file} exists: a shard is never rewritten`);
  const start = performance.now();
  const rooms = [];
  for (let k = 0; k < t.rooms; k++) {
    const seed = roomSeed({ seed: t.seed, stream: t.streamId, index: t.index }, k);
    rooms.push(labelTerms(sampleRoom(seed, t.focus ?? undefined), t.quality, seed));
  }
  const header: LabelHeader = {
    format: 'lux-labels',
    version: 1,
    stream: t.stream,
    streamId: t.streamId,
    focus: t.focus,
    seed: t.seed,
    shard: t.index,
    rooms: t.rooms,
    quality: t.quality,
    sampler: SAMPLER,
    terms: TERMS,
    quant: QUANT,
    created: new Date().toISOString(),
  };
  const bytes = encodeShard(header, rooms);
  writeFileSync(`${t.file}.tmp`, bytes);
  renameSync(`${t.file}.tmp`, t.file);
  return {
    index: t.index,
    windows: rooms.reduce((a, r) => a + r.windows.length, 0),
    bytes: bytes.length,
    seconds: (performance.now() - start) / 1000,
  };
}

export default makeLabelShard;
