import { simulateRoom, TERMS } from '../../core/engine/simulate';
import { v2Frame } from '../../core/engine/v2Frame';
import { engineRoom, nearAndLattice } from '../shard';
import type { SampledRoom } from '../sampleRoom';
import { labelQuality, type LabelQuality } from './quality';
import type { LabelledRoom } from './format';

/** The pixels labelled: every one within 1 m of the window wall, every other one each way beyond (shard.ts). */
export const SAMPLER = 'near-lattice/1';

/**
 * Each window of a sampled room: the sampled pixels of its v2 frame (row-major indices) and the world
 * points they stand for — what a label's values are laid on, made again from the room alone.
 */
export function labelPixels(
  s: SampledRoom,
): { pixels: Int32Array; points: [number, number][]; mask: Uint8Array }[] {
  const room = engineRoom(s);
  return room.parameters.windows.map((_, i) => {
    const f = v2Frame(room, i);
    const keep = nearAndLattice(f);
    const k = [...f.pixels.keys()].filter((j) => keep(f.pixels[j]!));
    return {
      pixels: Int32Array.from(k, (j) => f.pixels[j]!),
      points: k.map((j) => f.points[j]!),
      mask: f.mask,
    };
  });
}

/**
 * A room's labels: one engine run lighting only the windows' sampled points (every reflection counted),
 * each window's share split into its TERMS. `engineSeed`: the engine's random choices (the room's seed in
 * the data).
 */
export function labelTerms(s: SampledRoom, quality: LabelQuality, engineSeed: number): LabelledRoom {
  const room = engineRoom(s);
  const frames = labelPixels(s);
  const all = frames.flatMap((f) => f.points);
  const res = simulateRoom(room, {
    quality: labelQuality(quality),
    seed: engineSeed,
    points: all,
    pointsOnly: true,
    terms: true,
  });
  let offset = 0;
  const windows = room.parameters.windows.map((w, i) => {
    const n = frames[i]!.points.length;
    const share = res.perWindow.find((p) => p.id === w.id);
    const terms = TERMS.map((_, t) =>
      share?.terms ? share.terms[t]!.slice(offset, offset + n) : new Float32Array(n),
    );
    offset += n;
    return { terms };
  });
  return { seed: engineSeed, windows };
}
