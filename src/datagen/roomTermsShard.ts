/**
 * One frames shard's room terms, for `npm run room-terms` (roomTermFrames.ts, in its worker threads):
 * `NNNNNN.rt.npy` float32 (n, 3), each window's ROOM_TERMS means over its frame's lattice by the coarse solve
 * (src/core/model/roomTerms.ts), and `NNNNNN.rt` naming the method. With `exterior`, also `NNNNNN.rtx.npy`
 * float32 (n), the solve's light from exterior surfaces over the same lattice (what a card's `exteriorTerm:
 * 'solve-level'` reads), and `NNNNNN.rtx` naming the method; the room terms are the same to the bit either
 * way. Rooms are rebuilt from their seeds, as the labels were.
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
  /** Also the solve's exterior term (`.rtx.npy`). */
  exterior?: boolean;
}

/** One shard's room terms, written atomically; returns its windows. */
export default function roomTermsOfShard({ dir, name, method, exterior = false }: RoomTermsTask): number {
  const focus = focusOf(dir);
  const recs = readFileSync(join(dir, `${name}.jsonl`), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as StoredWindow);
  const out = new Float32Array(recs.length * ROOM_TERMS.length);
  const outside = new Float32Array(recs.length);
  for (let k = 0; k < recs.length;) {
    let end = k + 1;
    while (
      end < recs.length &&
      recs[end]!.room_seed === recs[k]!.room_seed &&
      recs[end]!.window > recs[end - 1]!.window
    )
      end++;
    const room = engineRoom(sampleRoom(recs[k]!.room_seed, focus));
    const lattice = coarseRoomTerms(room, method, { withSky: exterior });
    for (let j = k; j < end; j++) {
      const l = lattice[recs[j]!.window]!;
      out.set(l.means, j * ROOM_TERMS.length);
      outside[j] = l.exterior ?? 0;
    }
    k = end;
  }
  const write = (ext: string, values: Float32Array, shape: number[]): void => {
    const file = join(dir, `${name}.${ext}.npy`);
    writeFileSync(`${file}.tmp`, npyBytes(values, shape));
    renameSync(`${file}.tmp`, file);
    writeFileSync(join(dir, `${name}.${ext}`), `${method}\n`);
  };
  write('rt', out, [recs.length, ROOM_TERMS.length]);
  if (exterior) write('rtx', outside, [recs.length]);
  return recs.length;
}
