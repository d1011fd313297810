import { signedArea } from '../geometry/polygon';
import type { ResolvedRoom } from '../types';

/**
 * The room with its outline counter-clockwise, as every room Lux's networks were trained on was drawn
 * (the sampler's, sampleRoom.ts). The API takes either winding, and the engine answers both alike, but a
 * window's wall runs the other way round a clockwise outline, and the closed-form sky the network reads
 * (skyTerm.ts) measures azimuths along the wall: it read such a room's surroundings mirrored — one
 * rectangular room 12 % darker drawn clockwise (docs/model.md, "The same room drawn the other way round").
 * Reversed, each window keeps its wall: edge i of the outline is edge n − 2 − i of the reversed one.
 */
export function counterClockwise<R extends ResolvedRoom>(room: R): R {
  const polygon = room.parameters.room_polygon;
  if (signedArea(polygon) >= 0) return room;
  const n = polygon.length;
  return {
    ...room,
    parameters: { ...room.parameters, room_polygon: [...polygon].reverse() },
    geometry: room.geometry.map((g) => ({ ...g, hostEdge: (2 * n - 2 - g.hostEdge) % n })),
  };
}
