import { EPS, newHit, SKY, type Exterior } from '../exterior';
import type { ExteriorBasis } from '../exteriorBasis';
import type { Receivers } from '../receivers';
import { crossing, inOpening, type SkylightModel } from '../skylight';
import { forEachGlassSample, type SkylightSampling } from '../skylightLight';
import type { PlanVisibility } from '../visibility';
import type { SunLight } from './sunlight';

/**
 * A skylight's daylight coefficients (issue 32 with issue 33's skylights): skylightLight.ts's area integral
 * per sky channel. A sample that sees the sky adds to its channel (and to the part seen straight through
 * the glass, which the 5-phase method swaps for the exact sun); one that sees a surface outside adds the
 * surface's luminance per channel (ExteriorBasis). Receiver i's `total` and `direct` (P each) are
 * overwritten.
 */
export function skylightReceiver(
  s: SkylightModel,
  xb: ExteriorBasis,
  plan: PlanVisibility | null,
  rec: Receivers,
  i: number,
  sampling: SkylightSampling,
  random: () => number,
  total: Float64Array,
  direct: Float64Array,
): void {
  total.fill(0);
  direct.fill(0);
  const hit = newHit();
  forEachGlassSample(s, plan, rec, i, sampling, random, (q) => {
    if (xb.ext.trace(q.x, q.y, q.z + EPS, q.ux, q.uy, q.uz, hit) === SKY) {
      const k = xb.basis.channelOf(q.ux, q.uy, q.uz);
      total[k] = total[k]! + q.g;
      direct[k] = direct[k]! + q.g;
    } else xb.addSurfaceLuminance(hit, hit.t, q.g, total);
  });
}

/**
 * The direct sun on the work plane through a skylight for many sun positions (as sunlight.ts for a
 * window): a cell is lit when its beam passes the inner opening, the glass (inside the frame) and the
 * surroundings, its factor T(θ) · sin(altitude), θ the incidence on the glass (level, or in the roof's
 * slope: a sun behind the pane's plane is not let in).
 */
export function sunThroughSkylight(
  s: SkylightModel,
  ext: Exterior,
  plan: PlanVisibility | null,
  cells: Receivers,
  directions: Float64Array,
): SunLight {
  const nDir = directions.length / 3;
  const offsets = new Int32Array(nDir + 1);
  const outCells: number[] = [];
  const outFactors: number[] = [];
  // The glass: the opening inset by the frame, its edges the opening's (the same normals).
  const glass = { ...s, polygon: s.glass };
  for (let k = 0; k < nDir; k++) {
    offsets[k] = outCells.length;
    const dx = directions[k * 3]!,
      dy = directions[k * 3 + 1]!,
      dz = directions[k * 3 + 2]!;
    const incidence = dx * s.normal[0] + dy * s.normal[1] + dz * s.normal[2];
    if (dz <= 1e-9 || incidence <= 1e-9) continue;
    const factor = s.glazing.transmittanceAt(incidence) * dz;
    for (let i = 0; i < cells.count; i++) {
      const x = cells.x[i]!,
        y = cells.y[i]!,
        z = cells.z[i]!;
      const ti = crossing(s, 0, x, y, z, dx, dy, dz),
        tg = crossing(s, s.roof, x, y, z, dx, dy, dz);
      const ix = x + dx * ti,
        iy = y + dy * ti;
      if (!inOpening(s, ix, iy)) continue;
      const gx = x + dx * tg,
        gy = y + dy * tg;
      if (!inOpening(glass, gx, gy)) continue;
      if (plan !== null && !plan.visible(x, y, ix, iy)) continue;
      if (ext.occluded(gx, gy, z + dz * tg + EPS, dx, dy, dz)) continue;
      outCells.push(i);
      outFactors.push(factor);
    }
  }
  offsets[nDir] = outCells.length;
  return { offsets, cells: Int32Array.from(outCells), factors: Float32Array.from(outFactors) };
}
