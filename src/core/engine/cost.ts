import { signedArea } from '../geometry/polygon';
import type { ResolvedRoom } from '../types';

export type Quality = 'draft' | 'standard' | 'high';

/**
 * Milliseconds per m² of floor, and a base, by quality: measured on the project's 2-core VM (one core,
 * the other busy) for rectangular rooms of 20–600 m² with one window (docs/deployment.md §Cost estimate).
 * Further windows add a quarter each; a context mesh adds its tree's build (~4 µs a triangle).
 */
const COST: Record<Quality, { base: number; perM2: number }> = {
  draft: { base: 400, perM2: 5 },
  standard: { base: 400, perM2: 8 },
  high: { base: 800, perM2: 16 },
};
const PER_TRIANGLE_MS = 0.004;

/** Rough time of /simulate on one thread of that VM: for refusing work that cannot finish, not for promises. */
export function estimateSimulationMs(room: ResolvedRoom, quality: Quality, triangles: number): number {
  const area = Math.abs(signedArea(room.parameters.room_polygon));
  const windows = room.parameters.windows.length;
  const c = COST[quality];
  return c.base + area * c.perM2 * (1 + 0.25 * (windows - 1)) + triangles * PER_TRIANGLE_MS;
}
