import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { windowAngles } from '../../core/api/windowAngles';
import type { TriangleSoup } from '../../core/types';
import { sampledRequest, sampleRoom, type Focus } from '../sampleRoom';
import { windowLines, writeLabels } from '../shard';
import { shardFeatures, type TrainingInputs } from '../shardFeatures';
import { decodeShard } from './format';
import { labelPixels } from './label';
import { npyRaw } from '../../core/encoding/npy';
import { float16Bytes } from '../float16';

const FRAME = 128 * 128;

/**
 * The inputs an export makes: lux-frame-6 by default (lux-df-4 4.0.0's, and train_terms.py's default),
 * lux-frame-5 or 4 for the runs made before it, lux-frame-7 (the sky beside the fan from the mesh) for
 * lux-df-4 4.1.0 (`--inputs lux-frame-7`), lux-frame-8 (the exact sky beside the window's wall) for the runs
 * after it (`--inputs lux-frame-8`).
 */
export type FrameInputsId = Exclude<TrainingInputs, 'lux-frame-3'>;
export const FRAME_INPUTS: FrameInputsId = 'lux-frame-6';

/**
 * A compact label shard as the frames training reads today (shard.ts's layout, in an ignored folder): per
 * window the JSONL line, its daylight factor — the sum of its terms — on its v2 frame (NaN on the room's
 * pixels not labelled, 0 outside it), its mask, and the model's inputs made again from the room's seed
 * (shardFeatures.ts). For a network linear in the terms (issue 35 §4) also, per window: `.terms.npy`
 * float16 (n, 5, P) each term at its labelled pixels (NaN after the last), `.pix.npy` int32 (n, P) those
 * pixels' row-major indices in the frame (−1 after the last); the light outside each term is carried by is in
 * `.s.npy`'s flux scalars (lux-frame-4, 5 or 6: frame4.ts). `dir` gets `<name>.*`, and
 * `<dir>.meta.json` names the stream's focus.
 */
export function exportLabelShard(
  bytes: Uint8Array,
  dir: string,
  name: string,
  inputs: FrameInputsId = FRAME_INPUTS,
): number {
  const { header, rooms } = decodeShard(bytes);
  const focus = (header.focus as Focus | null) ?? undefined;
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir.replace(/\/+$/, '')}.meta.json`, JSON.stringify({ focus, from: 'data/labels' }));
  const lines: string[] = [];
  const dfs: Float32Array[] = [];
  const masks: Uint8Array[] = [];
  const meshes = new Map<number, TriangleSoup | null>();
  const perWindow: { terms: Float32Array[]; pixels: Int32Array }[] = [];
  for (const r of rooms) {
    const s = sampleRoom(r.seed, focus);
    const req = sampledRequest(s);
    meshes.set(r.seed, req.mesh);
    const angles = windowAngles(req, req.mesh);
    lines.push(
      ...windowLines(
        s,
        r.seed,
        angles,
        req.parameters.windows.map((w) => w.id),
      ),
    );
    const frames = labelPixels(s);
    r.windows.forEach((w, i) => {
      const f = frames[i]!;
      const df = new Float32Array(FRAME);
      f.mask.forEach((m, px) => m && (df[px] = NaN));
      f.pixels.forEach((px, k) => (df[px] = w.terms.reduce((a, t) => a + t[k]!, 0)));
      dfs.push(df);
      masks.push(f.mask);
      perWindow.push({ terms: w.terms, pixels: f.pixels });
    });
  }
  const base = join(dir, name);
  const write = (suffix: string, data: Uint8Array | string): void => {
    writeFileSync(`${base}${suffix}.tmp`, data);
    renameSync(`${base}${suffix}.tmp`, `${base}${suffix}`);
  };
  writeLabels(write, dfs, masks);
  const n = perWindow.length;
  const P = Math.max(1, ...perWindow.map((w) => w.pixels.length));
  const T = perWindow[0]?.terms.length ?? 5;
  const terms = new Float32Array(n * T * P).fill(NaN);
  const pix = new Int32Array(n * P).fill(-1);
  perWindow.forEach((w, k) => {
    w.terms.forEach((t, j) => terms.set(t, (k * T + j) * P));
    pix.set(w.pixels, k * P);
  });
  write('.terms.npy', float16Bytes(terms, [n, T, P]));
  write('.pix.npy', npyRaw(new Uint8Array(pix.buffer), [n, P], '<i4', 4));
  shardFeatures({ dir, name }, lines, meshes, inputs);
  write('.jsonl', lines.join('\n') + '\n');
  return lines.length;
}

/**
 * Every shard of a committed label stream (`from`, e.g. data/labels/test) exported to `to` unless it is
 * there already with these inputs; `onShard` hears of each one exported. Returns `to`'s shards.
 */
export function exportStream(
  from: string,
  to: string,
  onShard?: (name: string, windows: number, seconds: number) => void,
  inputs: FrameInputsId = FRAME_INPUTS,
): number {
  if (!existsSync(from)) return 0;
  const shards = readdirSync(from)
    .filter((f) => /^\d{6}\.luxl$/.test(f))
    .sort();
  for (const f of shards) {
    const name = f.slice(0, 6);
    const made = join(to, `${name}.inputs`);
    if (existsSync(join(to, `${name}.jsonl`)) && existsSync(made) && readFileSync(made, 'utf8') === inputs)
      continue;
    const t0 = performance.now();
    const n = exportLabelShard(readFileSync(join(from, f)), to, name, inputs);
    onShard?.(name, n, (performance.now() - t0) / 1000);
  }
  return shards.length;
}
