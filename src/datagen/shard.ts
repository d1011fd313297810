/**
 * One shard of training data: `rooms` random rooms, each simulated once by the engine, stored per window
 * in its v2 frame. Files (written under a temporary name and renamed, so a shard on disk is complete):
 * - `NNNNNN.jsonl`: one line per window: the /run body the model sees for it (the room's parameters, this
 *   window's horizon/zenith — given, or the fan from the mesh — and no mesh), its index and id, the context
 *   kind, the room and shard seeds;
 * - `NNNNNN.df.npy`: float32 (n, 128, 128), the window's DF share (%) on its v2 frame, 0 outside the mask;
 * - `NNNNNN.mask.npy`: uint8 (n, 128, 128), the encoder's room mask of that frame;
 * - `NNNNNN.x.npy`, `.s.npy`, `.inputs`: the model's inputs and their preprocessing id (shardFeatures.ts).
 * The JSONL is written last, so a shard whose JSONL exists is complete.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { windowAngles, type WindowAngles } from '../core/api/windowAngles';
import { simulateWindowFrames, type PixelSampler } from '../core/engine';
import type { EngineRoom } from '../core/engine/model';
import type { WindowFrameResult } from '../core/engine/v2Frame';
import { hash32 } from '../core/engine/random';
import { npyBytes } from '../core/encoding/npy';
import type { RunRequest } from '../core/validation/requests';
import { sampledRequest, sampleRoom, type Focus, type SampledRoom } from './sampleRoom';
import { shardFeatures } from './shardFeatures';
import type { TriangleSoup } from '../core/types';

export interface ShardTask {
  dir: string;
  quality: 'draft' | 'standard';
  /**
   * `engine`: each window's DF labelled by the engine. `none`: inputs only (no `.df.npy`, `.mask.npy`),
   * for distillation — training/train.py --teacher labels them with a trained model's answer, ~10× cheaper
   * than the engine, to hold a stream's distribution while a fine-tune learns another.
   */
  labels?: 'engine' | 'none';
  /** Distinguishes the train and test streams: their rooms never coincide. */
  stream: number;
  /** A focused train stream (sampleRoom.ts), written to `train-<focus>/`. */
  focus?: Focus;
  index: number;
  rooms: number;
  seed: number;
}

export interface ShardResult {
  index: number;
  windows: number;
  seconds: number;
}

const FRAME = 128 * 128;

export const shardName = (index: number): string => String(index).padStart(6, '0');

export function roomSeed(t: Pick<ShardTask, 'seed' | 'stream' | 'index'>, k: number): number {
  return hash32(t.seed, t.stream, t.index, k);
}

/** Pixels within this many columns of the room's window-side edge are all sampled (1 m). */
export const NEAR_COLUMNS = 10;

/**
 * Every pixel within 1 m of the window wall (where DF changes fastest), every other pixel in each
 * direction beyond: a quarter of the engine's cost there. Unsampled pixels are NaN in the target; the
 * training loss and the evaluation skip them, weighting lattice pixels by 4 for room means.
 */
/**
 * DF on an upward plane behind a vertical opening cannot exceed ~40 % (half the sky, through glass); the
 * engine's rare values far above that are singularities on the wall line (docs/model.md), which training
 * (training/train.py) and evaluation skip.
 */
export const MAX_PLAUSIBLE_DF = 60;

/** Area weight of a sampled pixel: 1 near the window (all sampled), 4 on the lattice beyond. */
export function pixelWeight(px: number, maxCol: number): number {
  return px % 128 > maxCol - NEAR_COLUMNS ? 1 : 4;
}

export const nearAndLattice: PixelSampler = (frame) => {
  let maxCol = 0;
  for (const px of frame.pixels) maxCol = Math.max(maxCol, px % 128);
  return (px) => {
    const row = Math.floor(px / 128),
      col = px % 128;
    return col > maxCol - NEAR_COLUMNS || ((row & 1) === 0 && (col & 1) === 0);
  };
};

/**
 * A sampled room labelled as the generator labels it: its /run request, each window's angles (given, or
 * the fan from the mesh) and the engine's frames. Open contexts are simulated without angles (the engine's
 * sky then reaches the horizon everywhere). `engineSeed` drives the engine's random choices (the room's
 * seed in the data; another to measure the labels' noise: npm run label-noise).
 */
export function labelRoom(
  s: SampledRoom,
  quality: ShardTask['quality'],
  engineSeed: number,
): { req: RunRequest; angles: WindowAngles[]; frames: WindowFrameResult[] } {
  const req = sampledRequest(s);
  const angles = windowAngles(req, req.mesh);
  const frames = simulateWindowFrames(engineRoom(s, req), { quality, seed: engineSeed }, nearAndLattice);
  return { req, angles, frames };
}

/**
 * The room the engine labels: the sampled request, except that an open context is simulated without its
 * zero angles (the engine's sky then reaches the horizon everywhere). Changes `req`'s windows.
 */
export function engineRoom(s: SampledRoom, req: RunRequest = sampledRequest(s)): EngineRoom {
  if (s.context === 'open')
    for (const w of req.parameters.windows) {
      delete w.horizon;
      delete w.zenith;
    }
  return { parameters: req.parameters, geometry: req.geometry, mesh: req.mesh, modelType: req.modelType };
}

export function generateShard(t: ShardTask): ShardResult {
  const start = performance.now();
  const lines: string[] = [];
  const dfs: Float32Array[] = [];
  const masks: Uint8Array[] = [];
  // Each room's parsed context mesh, so that the inputs' window flux does not rebuild it from the seed.
  const meshes = new Map<number, TriangleSoup | null>();
  for (let k = 0; k < t.rooms; k++) {
    const seed = roomSeed(t, k);
    const s = sampleRoom(seed, t.focus);
    const { req, angles, frames } = t.labels === 'none' ? unlabelledRoom(s) : labelRoom(s, t.quality, seed);
    meshes.set(seed, req.mesh);
    lines.push(
      ...windowLines(
        s,
        seed,
        angles,
        frames.map((f) => f.id),
      ),
    );
    for (const f of frames)
      if (f.df && f.mask) {
        dfs.push(f.df);
        masks.push(f.mask);
      }
  }
  const base = join(t.dir, shardName(t.index));
  const write = (suffix: string, data: Uint8Array | string): void => {
    writeFileSync(`${base}${suffix}.tmp`, data);
    renameSync(`${base}${suffix}.tmp`, `${base}${suffix}`);
  };
  if (t.labels !== 'none') writeLabels(write, dfs, masks);
  // The model inputs too, so that training can read the shard at once (npm run features redoes them).
  shardFeatures({ dir: t.dir, name: shardName(t.index) }, lines, meshes);
  // The JSONL goes last: its presence marks the shard complete, inputs included.
  write('.jsonl', lines.join('\n') + '\n');
  return { index: t.index, windows: lines.length, seconds: (performance.now() - start) / 1000 };
}

/**
 * A room's windows as a shard's JSONL lines: the /run body the model sees for each (the room's parameters
 * with every window's angles, no mesh), its index and id, the context kind, the room's seed.
 */
export function windowLines(
  s: SampledRoom,
  seed: number,
  angles: readonly WindowAngles[],
  ids: readonly string[],
): string[] {
  return ids.map((id, i) => {
    const windows = structuredClone(s.body.parameters.windows);
    for (const [j, key] of Object.keys(windows).entries()) Object.assign(windows[key]!, angles[j]);
    return JSON.stringify({
      body: { ...s.body, parameters: { ...s.body.parameters, windows } },
      window: i,
      id,
      context: s.context,
      triangles: s.mesh ? s.mesh.length / 3 : 0,
      room_seed: seed,
    });
  });
}

/** A sampled room as labelRoom gives it, without the engine: its request, angles and window ids. */
function unlabelledRoom(s: SampledRoom): {
  req: RunRequest;
  angles: WindowAngles[];
  frames: { id: string; df?: undefined; mask?: undefined }[];
} {
  const req = sampledRequest(s);
  return {
    req,
    angles: windowAngles(req, req.mesh),
    frames: req.parameters.windows.map((w) => ({ id: w.id })),
  };
}

export function writeLabels(
  write: (suffix: string, data: Uint8Array) => void,
  dfs: readonly Float32Array[],
  masks: readonly Uint8Array[],
): void {
  const n = dfs.length;
  const df = new Float32Array(n * FRAME);
  const mask = new Uint8Array(n * FRAME);
  dfs.forEach((d, i) => df.set(d, i * FRAME));
  masks.forEach((m, i) => mask.set(m, i * FRAME));
  write('.df.npy', npyBytes(df, [n, 128, 128]));
  write('.mask.npy', npyBytes(mask, [n, 128, 128]));
}

export default generateShard;
