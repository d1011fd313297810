/**
 * A 6 × 5 m room with a notch `gap` wide and 3 m deep cut into its north side at x = 3 (counter-clockwise;
 * edge 5 is the notch's west wall, x = 3 − gap/2). With walls thicker than half the gap, the walls close it
 * (src/core/engine/bodyOutline.ts).
 */
export const notchedOutline = (gap: number): [number, number][] => [
  [0, 0],
  [6, 0],
  [6, 5],
  [3 + gap / 2, 5],
  [3 + gap / 2, 2],
  [3 - gap / 2, 2],
  [3 - gap / 2, 5],
  [0, 5],
];
