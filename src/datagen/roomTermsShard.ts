/**
 * One frames shard's room terms, for `npm run room-terms` (roomTermFrames.ts, in its worker threads):
 * `NNNNNN.rt.npy` float32 (n, 3), each window's ROOM_TERMS means over its frame's lattice by the coarse solve
 * (src/core/model/roomTerms.ts), and `NNNNNN.rt` naming the method. Rooms are rebuilt from their seeds, as
 * the labels were.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { npyBytes } from '../core/encoding/npy';
import { coarseRoomTerms, ROOM_TERMS, type RoomTermsMethod } from '../core/model/roomTerms';
import { focusOf } from './shardFeatures';
import { sampleRoom, type StoredWindow } from './sampleRoom';
import { engineRoom } from './shard';

export interface RoomTermsTask {
  dir: string;
  name: string;
  method: RoomTermsMethod;
}

/** One shard's room terms, written atomically; returns its windows. */
export default function roomTermsOfShard({ dir, name, method }: RoomTermsTask): number {
  const focus = focusOf(dir);
  const recs = readFileSync(join(dir, `${name}.jsonl`), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as StoredWindow);
  const out = new Float32Array(recs.length * ROOM_TERMS.length);
  for (let k = 0; k < recs.length;) {
    let end = k + 1;
    while (
      end < recs.length &&
      recs[end]!.room_seed === recs[k]!.room_seed &&
      recs[end]!.window > recs[end - 1]!.window
    )
      end++;
    const lattice = coarseRoomTerms(engineRoom(sampleRoom(recs[k]!.room_seed, focus)), method);
    for (let j = k; j < end; j++) out.set(lattice[recs[j]!.window]!.means, j * ROOM_TERMS.length);
    k = end;
  }
  const file = join(dir, `${name}.rt.npy`);
  writeFileSync(`${file}.tmp`, npyBytes(out, [recs.length, ROOM_TERMS.length]));
  renameSync(`${file}.tmp`, file);
  writeFileSync(join(dir, `${name}.rt`), `${method}\n`);
  return recs.length;
}
