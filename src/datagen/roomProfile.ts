/**
 * What the room sampler draws from (sampleRoom.ts), as plain types: the focuses of the training streams and
 * the stress suite's classes (stressProfiles.ts) are profiles. Its own module so that the profiles and the
 * sampler do not import each other.
 */
export type ContextKind =
  'open' | 'angles' | 'city' | 'canyon' | 'balcony' | 'street' | 'slab' | 'dense-near' | 'dense-far';

export type Shape = 'rect' | 'L' | 'T' | 'U' | 'cut';

export type Span = readonly [number, number];

/**
 * Where a room is drawn from when not from the default mixture: each field narrows one draw (absent:
 * the default's). The training streams' focuses and the stress suite's classes (stressSuite.ts) are
 * profiles; without one, the draws (and so data/v1's default stream) are exactly the default's.
 */
export interface RoomProfile {
  shapes?: readonly Shape[];
  /** Outline width (along edge 0) and depth (m). */
  width?: Span;
  depth?: Span;
  /** Floor height above terrain (m). */
  floor?: Span;
  /** Wall thickness (m). */
  thickness?: Span;
  /** Window count, both ends included. */
  windows?: Span;
  /** 'first': every window on edge 0; 'distinct': no two windows on walls facing the same way. */
  windowEdges?: 'first' | 'distinct';
  /** 'extremes': df_custom with every reflectance within 10 % of its range's low or high end. */
  reflectances?: 'extremes';
  /** The surroundings, drawn by weight. */
  context?: readonly (readonly [number, ContextKind])[];
  /** Balconies: a deep slab (1–2.5 m) close above every window (the balcony focus). */
  deepSlabs?: boolean;
  /** Chance that a window runs from floor to ceiling (default 0.15). */
  fullHeight?: number;
  /**
   * Every window a strip in one band of the wall (no full-height ones): 'low', sill 0–0.4 m and head
   * 0.4–0.7 m above it (so often under the 0.8 m work plane: a basement's or a gallery's strip); 'high', head
   * 2.2–2.8 m (or the ceiling, if lower) and sill 0.4–0.7 m under it (a clerestory over door height). Edges
   * of the default draws (sills 0–1.6 m, windows 0.5 m tall or more) that the strip probe judges the model on.
   */
  band?: 'low' | 'high';
}
