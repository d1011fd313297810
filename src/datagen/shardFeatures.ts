/**
 * Model inputs for one shard (preprocessing `lux-frame-3`, src/core/model/features.ts), from the /run
 * bodies stored in its JSONL (and, for the window flux, the context mesh, which the JSONL does not keep:
 * sampleRoom rebuilds it from the room's seed): `NNNNNN.x.npy` float16 (n, C, 128, 128) and `NNNNNN.s.npy` float32
 * (n, SCALAR_COUNT), then `NNNNNN.inputs` holding the preprocessing id they were made with. Recomputed
 * whenever the preprocessing changes (npm run features redoes shards whose id differs); the simulation is not.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  channelCount,
  FRAME_CELLS,
  frameInputs,
  INPUTS_ID,
  SCALAR_COUNT,
  type ExactSkyFrame,
  type FrameInputs,
} from '../core/model/features';
import { frame4Inputs } from '../core/model/frame4';

/** The preprocessings training data is made in. */
export type TrainingInputs = 'lux-frame-3' | ExactSkyFrame;
import { npyBytes } from '../core/encoding/npy';
import { parseRunRequest } from '../core/validation/requests';
import type { TriangleSoup } from '../core/types';
import { windowFluxes, type WindowFlux } from '../core/engine/windowFlux';
import { storedRequest, type Focus, type StoredWindow } from './sampleRoom';
import { float16Bytes } from './float16';

export interface FeatureTask {
  dir: string;
  name: string;
}

/** The focused stream a shard folder belongs to, from `<dir>.meta.json` (npm run data writes it). */
export function focusOf(dir: string): Focus | undefined {
  const meta = `${dir.replace(/\/+$/, '')}.meta.json`;
  if (!existsSync(meta)) return undefined;
  return (JSON.parse(readFileSync(meta, 'utf8')) as { focus?: Focus }).focus;
}

/**
 * `lines`: the shard's JSONL lines when the caller has them (the generator), else read from disk.
 * `meshes`: each room's parsed context mesh by room seed when the caller has them (the generator), else
 * rebuilt from the seeds (storedRequest).
 */
export function shardFeatures(
  t: FeatureTask,
  given?: readonly string[],
  meshes?: ReadonlyMap<number, TriangleSoup | null>,
  /** lux-frame-3 for data/v1's generator; the compact labels' export makes lux-frame-4, 5 or 6 (frame4.ts). */
  preprocessing: TrainingInputs = INPUTS_ID,
): number {
  const lines =
    given ??
    readFileSync(join(t.dir, `${t.name}.jsonl`), 'utf8')
      .trim()
      .split('\n');
  const focus = focusOf(t.dir);
  const C = channelCount(preprocessing);
  const x = new Float32Array(lines.length * C * FRAME_CELLS);
  const s = new Float32Array(lines.length * SCALAR_COUNT);
  let fluxes: { seed: number; flux: WindowFlux[] } | null = null;
  let v4: { seed: number; inputs: FrameInputs[] } | null = null;
  lines.forEach((line, k) => {
    const rec = JSON.parse(line) as StoredWindow;
    const req = parseRunRequest(rec.body);
    const w = req.parameters.windows[rec.window]!;
    // The lines of a room are consecutive: one flux computation per room, against its mesh if it had one.
    const withMesh = (): TriangleSoup | null =>
      meshes?.has(rec.room_seed)
        ? (meshes.get(rec.room_seed) ?? null)
        : rec.triangles > 0
          ? storedRequest(rec, focus).mesh
          : null;
    let inp: FrameInputs;
    if (preprocessing !== 'lux-frame-3') {
      if (v4?.seed !== rec.room_seed) {
        const angles = req.parameters.windows.map((v) => ({ horizon: v.horizon!, zenith: v.zenith! }));
        v4 = {
          seed: rec.room_seed,
          inputs: frame4Inputs({ ...req, mesh: withMesh() }, angles, preprocessing),
        };
      }
      inp = v4.inputs[rec.window]!;
    } else {
      if (fluxes?.seed !== rec.room_seed)
        fluxes = { seed: rec.room_seed, flux: windowFluxes({ ...req, mesh: withMesh() }) };
      inp = frameInputs(
        req,
        rec.window,
        { horizon: w.horizon!, zenith: w.zenith! },
        req.modelType,
        fluxes.flux[rec.window],
      );
    }
    x.set(inp.channels, k * C * FRAME_CELLS);
    s.set(inp.scalars, k * SCALAR_COUNT);
  });
  const base = join(t.dir, t.name);
  writeFileSync(`${base}.s.npy.tmp`, npyBytes(s, [lines.length, SCALAR_COUNT]));
  renameSync(`${base}.s.npy.tmp`, `${base}.s.npy`);
  writeFileSync(`${base}.x.npy.tmp`, float16Bytes(x, [lines.length, C, 128, 128]));
  renameSync(`${base}.x.npy.tmp`, `${base}.x.npy`);
  writeFileSync(`${base}.inputs`, preprocessing);
  return lines.length;
}

/** Whether the shard's inputs on disk were made by this preprocessing. */
export function inputsCurrent(dir: string, name: string): boolean {
  const f = join(dir, `${name}.inputs`);
  return existsSync(f) && readFileSync(f, 'utf8').trim() === INPUTS_ID;
}

export default (t: FeatureTask): number => shardFeatures(t);
