import { obstructionFans } from '../obstruction';
import type { TriangleSoup } from '../types';
import type { ResolvedRoom } from '../validation/requests';
import { aboutOrigin, type PlanOrigin } from '../validation/aboutRoom';

export interface WindowAngles {
  horizon: number[];
  zenith: number[];
}

/**
 * Each window's 64 horizon/zenith angles: its own (or the request's top-level ones, already applied by
 * validation), else the fan from its external reference point against the mesh, computed for all such
 * windows together (obstructionFans picks a stored tree, a scan or a new tree). Used by /encode,
 * /simulate and /run. `meshOrigin`: where the mesh's (0, 0) lies in the room's plan, when only the mesh was
 * moved about the room (/encode).
 */
export function windowAngles(
  room: ResolvedRoom,
  mesh: TriangleSoup | null,
  meshOrigin?: PlanOrigin,
): WindowAngles[] {
  const windows = room.parameters.windows;
  const needing = windows.flatMap((w, i) => (w.horizon && w.zenith ? [] : [i]));
  if (needing.length > 0 && !mesh) {
    throw new Error(
      `windowAngles: window '${windows[needing[0]!]!.id}' has no angles and the request no mesh`,
    );
  }
  const fans = mesh
    ? obstructionFans(
        mesh,
        needing.map((i) => ({
          viewpoint: meshOrigin
            ? aboutOrigin(room.geometry[i]!.externalReferencePoint, meshOrigin)
            : room.geometry[i]!.externalReferencePoint,
          direction: room.geometry[i]!.directionAngle,
        })),
      )
    : [];
  return windows.map((w, i) => {
    const k = needing.indexOf(i);
    if (k < 0) return { horizon: w.horizon!, zenith: w.zenith! };
    const fan = fans[k]!;
    return { horizon: w.horizon ?? fan.horizon, zenith: w.zenith ?? fan.zenith };
  });
}
