import type { RoomProfile } from './roomProfile';

/**
 * The stress suite's classes (issue 15, docs/model.md §Stress suite): the edges of the training
 * distribution and beyond them, each a profile of the room sampler. The suite judges the model on them
 * (stressSuite.ts); the same profiles can also feed focused training streams, on other seeds.
 */
export const STRESS_PROFILES = {
  /** Windows on one facade facing a street with buildings on both sides. */
  'street-canyon': { windowEdges: 'first', windows: [1, 3], context: [[1, 'street']] },
  /** One long building across from a window, gap 3–40 m, 3–50 m high. */
  'facing-slab': { context: [[1, 'slab']] },
  /** 15–40 blocks, the nearest 1–6 m beyond the room. */
  'dense-near': { context: [[1, 'dense-near']] },
  /** 10–40 tall blocks, all 25 m or more away. */
  'dense-far': { context: [[1, 'dense-far']] },
  /** L, T, U and cut-corner outlines in the default surroundings. */
  'non-rect': { shapes: ['L', 'T', 'U', 'cut'] },
  /** Rectangles 8–14 m deep behind their one window. */
  deep: {
    shapes: ['rect'],
    width: [2.5, 6],
    depth: [8, 14],
    windows: [1, 1],
    windowEdges: 'first',
  },
  /** Floors 7–10 m above the terrain among buildings. */
  'high-floor': {
    floor: [7, 10],
    context: [
      [1, 'city'],
      [1, 'street'],
      [1, 'slab'],
      [1, 'dense-near'],
    ],
    windowEdges: 'first',
  },
  /** Walls 0.3–0.5 m thick with balconies and overhangs above (and some below) the windows. */
  'balcony-thick': { thickness: [0.3, 0.5], context: [[1, 'balcony']] },
  /** Every reflectance within 10 % of an end of its range. */
  'reflectance-ends': { reflectances: 'extremes' },
  /** Two or three windows, no two on walls facing the same way. */
  'multi-facade': { windows: [2, 3], windowEdges: 'distinct' },
  /** Ground floor (0 m) under an open sky. */
  'open-ground': { floor: [0, 0], context: [[1, 'open']] },
  /** The surroundings as horizon/zenith angles only (no mesh), as many clients send them. */
  'angles-only': { context: [[1, 'angles']] },
} as const satisfies Record<string, RoomProfile>;

export type StressClass = keyof typeof STRESS_PROFILES;

export const STRESS_CLASSES = Object.keys(STRESS_PROFILES) as StressClass[];
