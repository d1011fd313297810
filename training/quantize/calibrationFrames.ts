/**
 * `npx tsx training/quantize/calibrationFrames.ts <out prefix> <shard index> <rooms>`
 *
 * The network's real inputs, as `/run` makes them, for rooms of the training stream (stream 1, the given
 * shard index: never the held-out stream, never a stress class's draws), every other room drawn with the
 * broad sampler: `<out>.inputs.f32` (n × 7 × 128 × 128) and `<out>.scalars.f32` (n × 147), float32, one
 * window after another, for quantize.py's calibration and its check.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import type { LoadedModel } from '../../src/core/model/predict';
import { sampleRoom, sampledRequest } from '../../src/datagen/sampleRoom';
import { roomSeed } from '../../src/datagen/shard';
import { requestGridMean } from '../../src/evaluation/gridStress';
import { loadModel } from '../../src/service/model/runtime';

const [out, index, rooms] = process.argv.slice(2);
if (!out || !index || !rooms)
  throw new Error('usage: calibrationFrames.ts <out prefix> <shard index> <rooms>');
const shipped = await loadModel('public/models/lux-df-4.json', { roomTermsThread: false });
writeFileSync(`${out}.inputs.f32`, new Uint8Array(0));
writeFileSync(`${out}.scalars.f32`, new Uint8Array(0));
let windows = 0;
const bytes = (a: Float32Array) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
const model: LoadedModel = {
  ...shipped,
  run: async (feeds) => {
    appendFileSync(`${out}.inputs.f32`, bytes(feeds.inputs!.data));
    appendFileSync(`${out}.scalars.f32`, bytes(feeds.scalars!.data));
    windows += feeds.inputs!.dims[0]!;
    return shipped.run(feeds);
  },
};
for (let k = 0; k < Number(rooms); k++) {
  const seed = roomSeed({ seed: 20261127, stream: 1, index: Number(index) }, k);
  await requestGridMean(model, sampledRequest(sampleRoom(seed, k % 2 ? 'broad' : undefined)));
}
console.log(`${windows} windows`);
