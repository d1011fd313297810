import { Bvh, type RayHit } from './bvh';
import type { RoomModel, WindowModel } from './model';

/**
 * Windows the mesh seals: a surface right in front of the opening's outer face, across all of it. A client
 * that sends its whole model sends the building's own facade, and one without openings at the windows (or
 * drawn a few centimetres proud of the wall: cladding) shuts every window it covers — the room reads 0 %
 * DF, which looks like an answer. The facade on the wall's own outer face is harmless (the engine and the
 * angles skip a surface in the opening's plane). From 3 × 3 points across the outer opening, rays straight
 * out and tilted 60° up, down and to either side: a window is sealed when every ray meets the mesh within
 * REACH. A wall across a light well or a street is farther than that along the tilted rays; a balcony slab
 * or louvres leave some of them free.
 */
const REACH = 0.5;
/** In front of the outer face: a surface in its plane (the facade itself) is not a cover. */
const FACE_GAP = 1e-3;
const TILT = Math.PI / 3;

export function coveredWindows(model: RoomModel, positions: Float32Array): WindowModel[] {
  if (model.windows.length === 0 || positions.length === 0) return [];
  const near = trianglesNear(model, positions);
  if (near.length === 0) return [];
  const bvh = new Bvh(near);
  const hit: RayHit = { t: Infinity, tri: -1 };
  const T = model.thickness;
  return model.windows.filter((w) => {
    const out = [w.nx, w.ny, 0] as const;
    const [c, s] = [Math.cos(TILT), Math.sin(TILT)];
    const dirs = [
      out,
      [c * w.nx, c * w.ny, s],
      [c * w.nx, c * w.ny, -s],
      [c * w.nx + s * w.ux, c * w.ny + s * w.uy, 0],
      [c * w.nx - s * w.ux, c * w.ny - s * w.uy, 0],
    ] as const;
    for (const fs of [0.1, 0.5, 0.9])
      for (const fz of [0.1, 0.5, 0.9]) {
        const along = w.s0 + fs * (w.s1 - w.s0);
        const x = w.ox + along * w.ux + (T + FACE_GAP) * w.nx,
          y = w.oy + along * w.uy + (T + FACE_GAP) * w.ny,
          z = w.z0 + fz * (w.z1 - w.z0);
        for (const [dx, dy, dz] of dirs)
          if (!bvh.intersect(x, y, z, dx, dy, dz, 0, REACH, hit, true)) return false;
      }
    return true;
  });
}

/** The mesh's triangles whose boxes come within REACH of some window's outer opening (a small soup). */
function trianglesNear(model: RoomModel, positions: Float32Array): Float32Array {
  const T = model.thickness;
  const boxes = model.windows.map((w) => {
    const xs: number[] = [],
      ys: number[] = [];
    for (const along of [w.s0, w.s1]) {
      xs.push(w.ox + along * w.ux + T * w.nx);
      ys.push(w.oy + along * w.uy + T * w.ny);
    }
    const m = REACH + FACE_GAP;
    return [
      Math.min(...xs) - m,
      Math.min(...ys) - m,
      w.z0 - m,
      Math.max(...xs) + m,
      Math.max(...ys) + m,
      w.z1 + m,
    ];
  });
  const kept: number[] = [];
  const P = positions;
  for (let t = 0; t < P.length; t += 9) {
    const x0 = Math.min(P[t]!, P[t + 3]!, P[t + 6]!),
      x1 = Math.max(P[t]!, P[t + 3]!, P[t + 6]!),
      y0 = Math.min(P[t + 1]!, P[t + 4]!, P[t + 7]!),
      y1 = Math.max(P[t + 1]!, P[t + 4]!, P[t + 7]!),
      z0 = Math.min(P[t + 2]!, P[t + 5]!, P[t + 8]!),
      z1 = Math.max(P[t + 2]!, P[t + 5]!, P[t + 8]!);
    if (
      boxes.some(
        (b) => x0 <= b[3]! && x1 >= b[0]! && y0 <= b[4]! && y1 >= b[1]! && z0 <= b[5]! && z1 >= b[2]!,
      )
    )
      for (let k = 0; k < 9; k++) kept.push(P[t + k]!);
  }
  return Float32Array.from(kept);
}
