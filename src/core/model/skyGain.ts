import type { NearWallSky } from './frame4';
import { contradicts } from './roomTerms';

/** A sky input fainter than this (DF %) gives the network's gain no meaning: a neighbour's is used. */
const FAINT = 1e-6;
/** How far into the room (cells) a cell without a gain of its own looks for one. */
const REACH = 8;

/**
 * The card's skyTerm 'exact-near-wall' (docs/model.md "The exact sky beside the wall, substituted after the
 * network"): the network's sky term is by construction a gain map times the exact sky channel it was given
 * (training/linnet.py), and lux-frame-4…7 give that channel filled from a 0.2 m lattice, which misreads its
 * steep rise beside the window's wall. Each near-wall cell's term becomes its gain (term over the value
 * given) times the exact sky there; a cell given nothing (on the wall's line, where the sill hides the
 * glass) takes the gain of the nearest cell into the room, in its row, that has one, else 1 (the gain
 * starts at 1 and stays near it). `sky` (one window's sky term, FRAME_CELLS) is changed in place; the other
 * terms, and every cell beyond the band, keep the network's. No shipped card names it (its candidate,
 * df4-z4s, did not pass its rule), and train_terms.py does not yet train with it: it is here to measure
 * such candidates and for a run that learns the gain beside the wall against it.
 */
export function exactSkyNearWall(sky: Float32Array, given: Float32Array, near: NearWallSky): void {
  const gainAt = (px: number): number | null => (given[px]! > FAINT ? sky[px]! / given[px]! : null);
  const gains = Array.from(near.pixels, (px) => {
    const own = gainAt(px);
    if (own !== null) return own;
    const c = px & 127;
    for (let d = 1; d <= REACH && c - d >= 0; d++) {
      const g = gainAt(px - d);
      if (g !== null) return g;
    }
    return 1;
  });
  // Gains first, then the new terms: a cell's gain never reads a term already replaced.
  near.pixels.forEach((px, k) => (sky[px] = gains[k]! * near.exact[k]!));
}

/**
 * The card's exactSkyGuard: the network's sky term is a learned gain times the exact sky channel it was
 * given (training/linnet.py), and over a window's frame that gain averages 1 to within 0.5 % at p10–p99
 * (docs/model.md, "An exact-sky guard"); the channel itself is the engine's sky term in closed form, within
 * 0.5 % of it over a room. Where the term's sum over the room's pixels (`mask`) and the channel's differ by
 * more than a factor 1 + `guard`, the network has misread the window, and its term is scaled to the
 * channel's level, its shape kept. `sky` is changed in place; the scale applied is returned (1: untouched).
 */
export function exactSkyLevel(
  sky: Float32Array,
  given: Float32Array,
  mask: Uint8Array,
  guard: number,
): number {
  let own = 0,
    exact = 0;
  for (let i = 0; i < sky.length; i++)
    if (mask[i] === 1) {
      own += sky[i]!;
      exact += given[i]!;
    }
  if (own <= FAINT || exact <= FAINT) return 1;
  const r = exact / own;
  if (!contradicts(r, guard)) return 1;
  for (let i = 0; i < sky.length; i++) sky[i]! *= r;
  return r;
}
