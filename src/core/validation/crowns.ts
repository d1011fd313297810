import type { Crowns } from '../types';
import type { z } from 'zod';
import { crownTriangles, CROWN_TRIANGLES } from '../engine/crowns';
import type { crownsSchema } from './schemas';
import type { PlanOrigin } from './aboutRoom';

/** The request's `crowns` as zod returns them: the schema's own type, not written again. */
export type RawCrowns = z.output<typeof crownsSchema>;

/**
 * The crowns as the engine takes them (types.ts Crowns): each tree's ellipsoid drawn as triangles
 * (engine/crowns.ts), moved by −origin as the room and mesh are (aboutRoom.ts), each triangle numbered
 * with its tree.
 */
export function parseCrowns(raw: RawCrowns, origin: PlanOrigin): Crowns {
  const points: number[] = [];
  const tree = new Uint16Array(raw.trees.length * CROWN_TRIANGLES);
  raw.trees.forEach((t, i) => {
    crownTriangles(
      { centre: [t.centre[0] - origin.x, t.centre[1] - origin.y, t.centre[2]], radii: t.radii },
      points,
    );
    tree.fill(i + 1, i * CROWN_TRIANGLES, (i + 1) * CROWN_TRIANGLES);
  });
  return { positions: new Float32Array(points), tree, transmittance: raw.transmittance };
}
