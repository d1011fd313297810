import type { Vec2 } from '../geometry/vec';
import { clipHalfPlane, signedArea2 } from './polygon2d';

/**
 * A ceiling piece in plan split by the surface that is lowest over each part: the flat top (as the plane
 * 0·x + 0·y + top) and each sloped plane. One part, the piece itself on the top, when the ceiling is flat.
 */
export function ceilingParts(
  piece: Vec2[],
  top: number,
  planes: readonly [number, number, number][],
): [Vec2[], [number, number, number]][] {
  const surfaces: [number, number, number][] = [[0, 0, top], ...planes];
  if (surfaces.length === 1) return [[piece, surfaces[0]!]];
  const out: [Vec2[], [number, number, number]][] = [];
  surfaces.forEach((sj, j) => {
    let part: Vec2[] = piece;
    for (let k = 0; k < surfaces.length && part.length >= 3; k++) {
      if (k === j) continue;
      const sk = surfaces[k]!;
      // Where surface j is below surface k (ties to the earlier one): (a_j − a_k)x + (b_j − b_k)y + (c_j − c_k) ≤ 0.
      const A = sj[0] - sk[0],
        B = sj[1] - sk[1],
        C = sj[2] - sk[2];
      if (Math.abs(A) < 1e-12 && Math.abs(B) < 1e-12) {
        if (C > 0 || (C === 0 && k < j)) part = [];
        continue;
      }
      const at: Vec2 = Math.abs(A) > Math.abs(B) ? [-C / A, 0] : [0, -C / B];
      part = clipHalfPlane(part, at, [A, B]);
    }
    if (part.length >= 3 && Math.abs(signedArea2(part)) > 1e-6) out.push([part, sj]);
  });
  return out;
}
