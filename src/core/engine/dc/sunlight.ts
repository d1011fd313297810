import { EPS, type Exterior } from '../exterior';
import { INSET, type PlanVisibility } from '../visibility';
import { sectorObstruction } from '../sectors';
import type { Receivers } from '../simulate';
import { toLocalPoint } from '../windowFrame';
import type { WindowView } from '../windowView';

/**
 * The direct sun on the work plane through one window, for many sun positions (issue 32: ASE, and the
 * 5-phase method's exact sun): per sun direction, the cells its beam reaches through the clear glass and
 * past the outer reveals, the room's own walls (plan visibility) and the surroundings (the mesh, or the
 * angle-given obstruction), each with its factor: the illuminance on the horizontal work plane per unit of
 * direct-normal illuminance, T(θ) · sin(altitude) with T the pane's transmittance at the incidence θ. The
 * sun is a point: its half-degree disc is smaller than a cell's view of it matters. Sparse (compressed rows
 * by direction): a beam lights a few hundred of a room's thousands of cells.
 */
export interface SunLight {
  /** Per direction d, its entries are offsets[d] … offsets[d + 1] − 1. */
  offsets: Int32Array;
  cells: Int32Array;
  factors: Float32Array;
}

/** Size of the cells of the outer opening on which the surroundings' shadow is cached, per direction (m). */
const RASTER = 0.05;

export function sunThroughWindow(
  view: WindowView,
  ext: Exterior,
  plan: PlanVisibility | null,
  cells: Receivers,
  directions: Float64Array,
): SunLight {
  const w = view.w;
  const T = view.T;
  const b = w.frame;
  const nDir = directions.length / 3;
  const offsets = new Int32Array(nDir + 1);
  const outCells: number[] = [];
  const outFactors: number[] = [];
  // The receivers in the window's frame, once.
  const n = cells.count;
  const ps = new Float64Array(n),
    pd = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const [s, d] = toLocalPoint(w, cells.x[i]!, cells.y[i]!);
    ps[i] = s;
    pd[i] = d;
  }
  const rs = Math.max(1, Math.ceil((w.s1 - w.s0) / RASTER)),
    rz = Math.max(1, Math.ceil((w.z1 - w.z0) / RASTER));
  // Per raster cell of the outer opening: 0 not yet known, 1 the sun is seen, 2 it is blocked.
  const shadow = new Uint8Array(rs * rz);
  for (let k = 0; k < nDir; k++) {
    offsets[k] = outCells.length;
    const dx = directions[k * 3]!,
      dy = directions[k * 3 + 1]!,
      dz = directions[k * 3 + 2]!;
    const os = dx * w.ux + dy * w.uy,
      od = dx * w.nx + dy * w.ny;
    if (dz <= 0 || od <= 1e-9) continue;
    if (view.sector !== null && sectorObstruction(view.sector, dx, dy, dz) !== 0) continue;
    const factor = w.glazing.transmittanceAt(od) * dz;
    shadow.fill(0);
    for (let i = 0; i < n; i++) {
      const pz = cells.z[i]!;
      // Through the inner face of the opening (d = 0), the glass (d = T/2), the outer face (d = T).
      const t0 = -pd[i]! / od;
      if (t0 < 0) continue;
      const s0 = ps[i]! + os * t0,
        z0 = pz + dz * t0;
      if (s0 < w.s0 || s0 > w.s1 || z0 < w.z0 || z0 > w.z1) continue;
      const tg = (T / 2 - pd[i]!) / od;
      const sg = ps[i]! + os * tg,
        zg = pz + dz * tg;
      if (sg < w.s0 + b || sg > w.s1 - b || zg < w.z0 + b || zg > w.z1 - b) continue;
      const tOut = (T - pd[i]!) / od;
      const so = ps[i]! + os * tOut,
        zo = pz + dz * tOut;
      if (so < w.s0 || so > w.s1 || zo < w.z0 || zo > w.z1) continue;
      if (
        plan !== null &&
        !plan.visible(
          cells.x[i]!,
          cells.y[i]!,
          w.ox + s0 * w.ux - INSET * w.nx,
          w.oy + s0 * w.uy - INSET * w.ny,
        )
      )
        continue;
      // The surroundings, once per raster cell of the outer opening and direction.
      const ci = Math.min(rs - 1, Math.max(0, ((so - w.s0) / RASTER) | 0)),
        cj = Math.min(rz - 1, Math.max(0, ((zo - w.z0) / RASTER) | 0));
      const at = cj * rs + ci;
      if (shadow[at] === 0) {
        const cs = w.s0 + (ci + 0.5) * RASTER,
          cz = w.z0 + (cj + 0.5) * RASTER;
        const ox = w.ox + cs * w.ux + (T + EPS) * w.nx,
          oy = w.oy + cs * w.uy + (T + EPS) * w.ny;
        shadow[at] = ext.occluded(ox, oy, cz, dx, dy, dz) ? 2 : 1;
      }
      if (shadow[at] === 2) continue;
      outCells.push(i);
      outFactors.push(factor);
    }
  }
  offsets[nDir] = outCells.length;
  return { offsets, cells: Int32Array.from(outCells), factors: Float32Array.from(outFactors) };
}
