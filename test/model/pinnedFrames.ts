import { readFileSync } from 'node:fs';
import { runAnswer } from '../../src/core/api/runOps';
import { OPEN_CONTEXT } from '../../src/core/api/result';
import { TERMS } from '../../src/core/engine/simulate';
import { parseModelCard } from '../../src/core/model/card';
import type { LoadedModel } from '../../src/core/model/predict';
import type { TensorIn } from '../../src/core/model/runner';
import { SHIPPED_CARD } from '../../src/core/model/shipped';
import { BENCH_ROOM, streetCity } from '../../bench/scenes';

/**
 * What the shipped model's `/run` path feeds its network and makes of what the network gives back, to the
 * last digit, for three rooms: what pinnedFrames.test.ts holds a change that claims not to move them to (a
 * speed-up of the frames, the exterior flux, the coarse solve or the placement; the engine's own answers are
 * pinnedAnswers'). The network itself is left out (its kernels round differently from one processor to
 * the next): a fixed pattern stands for its output, so that the post-processing is pinned too. Written
 * again, when a change means to move them, with `npx tsx test/model/pinnedFrames.ts >
 * test/model/pinnedFrames.json` (the commit then says why they moved).
 */
export const PINNED_BODIES: Readonly<Record<string, () => Record<string, unknown>>> = {
  /** The bench's room with a horizon of 10° (the window bench/model.ts times). */
  benchAngles: () => ({
    model_type: 'df_default',
    parameters: BENCH_ROOM,
    horizon: new Array(64).fill(10),
    zenith: new Array(64).fill(0),
  }),
  /** The bench's room on its street among a 2 000-triangle city (the mesh read itself: flux, bands, sky). */
  benchStreet: () => ({
    model_type: 'df_default',
    parameters: BENCH_ROOM,
    mesh: streetCity(2_000, 3),
  }),
  /** An L drawn clockwise with two windows on two facades, custom reflectances and glass. */
  clockwiseL: () => ({
    model_type: 'df_custom',
    parameters: {
      height_roof_over_floor: 2.8,
      floor_height_above_terrain: 6,
      room_polygon: [
        [0, 0],
        [0, 6],
        [3, 6],
        [3, 3],
        [6, 3],
        [6, 0],
      ],
      windows: {
        south: { x1: 1, y1: 0, z1: 6.9, x2: 2.6, y2: -0.35, z2: 8.3, window_frame_ratio: 0.15 },
        east: {
          x1: 6,
          y1: 0.7,
          z1: 6.8,
          x2: 6.35,
          y2: 2.3,
          z2: 8.4,
          window_frame_ratio: 0.1,
          glass_transmittance: 0.6,
        },
      },
      ceiling_reflectance: 0.85,
      horizontal_reflectance: 0.25,
      vertical_reflectance: 0.6,
      facade_reflectance: 0.35,
      terrain_reflectance: 0.15,
    },
    horizon: new Array(64).fill(0).map((_, i) => (i * 37) % 29),
    zenith: new Array(64).fill(0).map((_, i) => (i * 11) % 7),
  }),
};

export interface PinnedFrames {
  /**
   * Each window's channels of the network's input, in the tensor's order: each channel's sum (float64) and
   * its sum weighted by a fixed uneven pattern over its pixels (so that values moved within it show too).
   */
  channels: [number, number][][];
  /** Each window's scalar inputs. */
  scalars: number[][];
  /** The answer's room mean (DF %) and its grid's values at a few cells, from the stand-in output. */
  mean: number;
  cells: number[];
}

/**
 * A fixed, uneven stand-in for the network's per-term maps. Its sky term is, as the network's is, a gain
 * near 1 (here within ±1 %, unevenly) times the exact sky channel it was fed, so that the card's
 * exactSkyGuard leaves it as a real network's is left in all but a few rooms in a thousand (the guard's own
 * branch is skyGain.test's); the other terms a flat uneven pattern.
 */
function standIn(input: TensorIn): Float32Array {
  const [n, c] = input.dims as [number, number];
  const plane = 128 * 128;
  const t = new Float32Array(n * TERMS.length * plane);
  for (let k = 0; k < t.length; k++) t[k] = 0.02 * (1 + ((k * 7919) % 1009) / 1009);
  for (let i = 0; i < n; i++)
    for (let k = 0; k < plane; k++) {
      const gain = 0.99 + (0.02 * ((k * 7919) % 1009)) / 1009;
      t[i * TERMS.length * plane + k] = gain * input.data[(i * c + c - 1) * plane + k]!;
    }
  return t;
}

export async function pinnedFrames(body: Record<string, unknown>): Promise<PinnedFrames> {
  const card = parseModelCard(
    JSON.parse(readFileSync(new URL(`../../public/models/${SHIPPED_CARD}`, import.meta.url), 'utf8')),
  );
  let fed: Record<string, TensorIn> | null = null;
  const model: LoadedModel = {
    card,
    run: async (feeds) => {
      fed = feeds;
      const input = feeds[card.inputs[0]!.name]!;
      const n = input.dims[0]!;
      return { terms: { data: standIn(input), dims: [n, TERMS.length, 128, 128] } };
    },
  };
  const a = await runAnswer(body, { ...OPEN_CONTEXT, model: async () => model });
  const feeds = fed as Record<string, TensorIn> | null;
  if (!feeds) throw new Error('the network was not run');
  const input = feeds[card.inputs[0]!.name]!;
  const scal = feeds[card.inputs[1]!.name]!;
  const [n, c] = input.dims as [number, number];
  const plane = input.data.length / (n * c);
  const channels = Array.from({ length: n }, (_, i) =>
    Array.from({ length: c }, (_, ch): [number, number] => {
      let s = 0;
      let w = 0;
      const from = (i * c + ch) * plane;
      for (let k = 0; k < plane; k++) {
        const v = input.data[from + k]!;
        s += v;
        w += v * (((k * 7919) % 1009) / 1009);
      }
      return [s, w];
    }),
  );
  const per = scal.data.length / n;
  const scalars = Array.from({ length: n }, (_, i) => Array.from(scal.data.subarray(i * per, (i + 1) * per)));
  let sum = 0;
  let count = 0;
  a.mask.forEach((m, k) => {
    if (m) {
      sum += a.df[k]!;
      count++;
    }
  });
  const inside = [...a.mask.keys()].filter((k) => a.mask[k]);
  const cells = [0.1, 0.3, 0.5, 0.7, 0.9].map((q) => a.df[inside[Math.floor(q * inside.length)]!]!);
  return { channels, scalars, mean: sum / count, cells };
}

if (process.argv[1]?.endsWith('pinnedFrames.ts')) {
  const out: Record<string, PinnedFrames> = {};
  for (const [k, body] of Object.entries(PINNED_BODIES)) out[k] = await pinnedFrames(body());
  process.stdout.write(JSON.stringify(out, null, 1) + '\n');
}
