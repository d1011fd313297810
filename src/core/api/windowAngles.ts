import { buildObstructionScene, obstructionFan, type ObstructionScene } from '../obstruction';
import type { TriangleSoup } from '../types';
import type { ResolvedRoom } from '../validation/requests';

export interface WindowAngles {
  horizon: number[];
  zenith: number[];
}

/**
 * Each window's 64 horizon/zenith angles: its own (or the request's top-level ones, already applied by
 * validation), else the fan from its external reference point against the mesh. The BVH is built once,
 * and only when some window needs it. Used by /encode, /simulate and /run.
 */
export function windowAngles(room: ResolvedRoom, mesh: TriangleSoup | null): WindowAngles[] {
  let scene: ObstructionScene | null = null;
  return room.parameters.windows.map((w, i) => {
    if (w.horizon && w.zenith) return { horizon: w.horizon, zenith: w.zenith };
    if (!mesh) throw new Error(`windowAngles: window '${w.id}' has no angles and the request no mesh`);
    scene ??= buildObstructionScene(mesh);
    const g = room.geometry[i]!;
    const fan = obstructionFan(scene, g.externalReferencePoint, g.directionAngle);
    return { horizon: w.horizon ?? fan.horizon, zenith: w.zenith ?? fan.zenith };
  });
}
