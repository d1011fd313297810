import type { RoomModel, WindowModel } from '../engine/model';
import type { Vec2 } from '../geometry/vec';
import { skyLuminance } from '../engine/sky';
import { INSET, planVisibility } from '../engine/visibility';
import { ROOF_ABOVE_CEILING } from '../engine/model';
import { offsetPolygon } from '../engine/polygon2d';

/**
 * The sky seen through a window, in closed form (issue 35 §3): the daylight factor at work-plane points from
 * the CIE overcast sky straight through the clear glass, with the window's 64 horizon/zenith angles as its
 * surroundings (conventions.md: within the ±72.5° fan, sector i shows sky between elevation horizon[i] and
 * 90° − zenith[i]; outside it the sky is open, as the engine's sector sky has it) — the engine's `sky` term
 * (simulate.ts TERMS) without its noise.
 *
 * The integral over the glass is split the way the geometry is: along the wall (s) the glass a point sees
 * through both the inner and the outer opening (the rays that meet no reveal; aperture.ts's V rectangle) is
 * cut at the sectors' edges (every 2.3° of azimuth from the point, outside the fan too), each piece on 2
 * Gauss points; at each s the sector's sky band is an interval of the glass's height, found exactly
 * (z = p_z + h · tan e for a ray of elevation e at horizontal distance h), and integrated on 4 Gauss points
 * per 8° of elevation. E = ∫ L(e) τ(θ_g) cos θ_r cos θ_g / r² dA, L the CIE
 * overcast sky (E_h = 1), DF = 100 · E. In a room that is not convex the glass a point sees around the
 * walls is what the engine's plan visibility lets through: the pieces are also cut where the line from the
 * point past a corner of the outline meets the glass, and each piece is seen or not as a whole; and the
 * building's own body (the outline offset by the walls, to the roof: body.ts), which such a room's other
 * wing raises in front of a window, hides the sky below the steepest line from the point over its roof
 * (sampled along the wing, as a sloped roof's ridge may lie inside it) — a lower bound on the band like a
 * horizon.
 * Written here because no library integrates a luminance over a window's aperture.
 */
const FAN = 72.5;
const STEP = 145 / 63;
const RAD = Math.PI / 180;
const G2 = [-1 / Math.sqrt(3), 1 / Math.sqrt(3)];
const G4 = [
  [-0.8611363115940526, 0.3478548451374538],
  [-0.3399810435848563, 0.6521451548625461],
  [0.3399810435848563, 0.6521451548625461],
  [0.8611363115940526, 0.3478548451374538],
] as const;

/** The tangents of the sectors' edges, and as many again outside the fan (the pieces' cuts along the glass). */
const EDGE_TANS: readonly number[] = Array.from({ length: 81 }, (_, k) => {
  const i = k - 8;
  return i === 0 ? -FAN : i === 64 ? FAN : -FAN + (i - 0.5) * STEP;
})
  .filter((edge) => edge > -89.9 && edge < 89.9)
  .map((edge) => Math.tan(edge * RAD));

export function skyTermAt(
  model: RoomModel,
  w: WindowModel,
  points: readonly (readonly [number, number])[],
  z: number,
): Float32Array {
  const out = new Float32Array(points.length);
  const T = model.thickness;
  const gd = T / 2;
  const b = w.frame;
  const horizon = w.horizon,
    zenith = w.zenith;
  const plan = planVisibility(model);
  const ring = plan === null ? null : offsetPolygon(model.polygon, model.edgeNormals, T);
  // The body's roof over (x, y): 0.3 m over the ceiling, following a sloped one's planes (body.ts).
  const roofAt = (px: number, py: number): number =>
    model.ceilingPlanes.reduce((m, [a, b, c]) => Math.min(m, a * px + b * py + c), model.ceiling) +
    ROOF_ABOVE_CEILING;
  for (let k = 0; k < points.length; k++) {
    const [x, y] = points[k]!;
    const ps = (x - w.ox) * w.ux + (y - w.oy) * w.uy;
    // A point on the wall line (a pixel on the outline) stands a hair inside, as the engine takes it.
    const pd = Math.min(-1e-12, (x - w.ox) * w.nx + (y - w.oy) * w.ny);
    if ((x - w.ox) * w.nx + (y - w.oy) * w.ny > 1e-9) continue;
    // The clear glass seen through the inner opening (A), and of it what also leaves the outer one (V).
    const ki = (gd - pd) / -pd,
      ko = (gd - pd) / (T - pd);
    const s0 = Math.max(w.s0 + b, ps + (w.s0 - ps) * ki, ps + (w.s0 - ps) * ko);
    const s1 = Math.min(w.s1 - b, ps + (w.s1 - ps) * ki, ps + (w.s1 - ps) * ko);
    const z0 = Math.max(w.z0 + b, z + (w.z0 - z) * ki, z + (w.z0 - z) * ko);
    const z1 = Math.min(w.z1 - b, z + (w.z1 - z) * ki, z + (w.z1 - z) * ko);
    if (s1 - s0 <= 1e-9 || z1 - z0 <= 1e-9) continue;
    const dd = gd - pd;
    // The sectors' edges along the glass (s where the azimuth from p crosses one), and as many again outside
    // the fan: no piece spans more than a sector's 2.3° as seen from the point.
    const cuts = [s0, s1];
    for (const t of EDGE_TANS) {
      const s = ps + dd * t;
      if (s > s0 && s < s1) cuts.push(s);
    }
    if (plan !== null)
      for (const [vx, vy] of model.polygon) {
        // The line from the point past a corner, continued to the glass plane.
        const vs = (vx - w.ox) * w.ux + (vy - w.oy) * w.uy,
          vd = (vx - w.ox) * w.nx + (vy - w.oy) * w.ny;
        if (vd - pd <= 1e-9) continue;
        const s = ps + ((vs - ps) * dd) / (vd - pd);
        if (s > s0 && s < s1) cuts.push(s);
      }
    cuts.sort((a, c) => a - c);
    let e = 0;
    for (let c = 0; c + 1 < cuts.length; c++) {
      const a = cuts[c]!,
        c1 = cuts[c + 1]!;
      if (c1 - a <= 1e-12) continue;
      const half = (c1 - a) / 2,
        mid = (a + c1) / 2;
      if (plan !== null) {
        // Seen around the walls: where the line to the piece's middle crosses the inner opening.
        const cs = ps + ((mid - ps) * -pd) / dd;
        if (!plan.visible(x, y, w.ox + cs * w.ux - INSET * w.nx, w.oy + cs * w.uy - INSET * w.ny)) continue;
      }
      for (const g of G2) {
        const s = mid + g * half;
        const ds = s - ps;
        const hg = Math.hypot(ds, dd);
        // The sector's band, as heights on the glass.
        let lo = z0,
          hi = z1;
        const rel = Math.atan2(ds, dd) / RAD;
        if (horizon !== null && zenith !== null && rel >= -FAN && rel <= FAN) {
          const i = Math.min(63, Math.max(0, Math.round((rel + FAN) / STEP)));
          const h = horizon[i]!,
            top = 90 - zenith[i]!;
          if (h >= top) continue;
          lo = Math.max(lo, z + hg * Math.tan(h * RAD));
          if (top < 90) hi = Math.min(hi, z + hg * Math.tan(top * RAD));
        }
        // The building's other wing: its roof edge, seen from the point, bounds the sky from below.
        if (ring !== null) {
          const dx = (ds * w.ux + dd * w.nx) / hg,
            dy = (ds * w.uy + dd * w.ny) / hg;
          const [tin, tout] = bodySpan(ring, x, y, dx, dy);
          // The roof seen from the point over the wing: its steepest line, sampled along the wing (a
          // sloped roof's ridge may lie inside it).
          if (tin < Infinity) {
            const end = Math.min(tout, tin + 50);
            let steepest = -Infinity;
            for (let q = 0; q <= 4; q++) {
              const t = tin + ((end - tin) * q) / 4;
              steepest = Math.max(steepest, (roofAt(x + dx * t, y + dy * t) - z) / t);
            }
            lo = Math.max(lo, z + hg * steepest);
          }
        }
        // Only rays going up reach the work plane's upward face.
        lo = Math.max(lo, z);
        if (hi - lo <= 1e-12) continue;
        // Along the glass's height in pieces of at most 8° of elevation as seen from the point.
        const eLo = Math.atan2(lo - z, hg),
          eHi = Math.atan2(hi - z, hg);
        const pieces = Math.max(1, Math.ceil((eHi - eLo) / (8 * RAD)));
        let inner = 0;
        for (let q = 0; q < pieces; q++) {
          const za = z + hg * Math.tan(eLo + ((eHi - eLo) * q) / pieces),
            zb = z + hg * Math.tan(eLo + ((eHi - eLo) * (q + 1)) / pieces);
          const zh = (zb - za) / 2,
            zm = (za + zb) / 2;
          for (const [t, wt] of G4) {
            const gz = zm + t * zh;
            const dz = gz - z;
            const r2 = hg * hg + dz * dz;
            const r = Math.sqrt(r2);
            const cosG = dd / r,
              cosR = dz / r;
            inner += (zh * wt * skyLuminance(dz / r) * w.glazing.transmittanceAt(cosG) * cosR * cosG) / r2;
          }
        }
        e += inner * half;
      }
    }
    out[k] = 100 * e;
  }
  return out;
}

/**
 * Where the line of sight from (x, y) in the unit plan direction (dx, dy) is inside the body's ring again
 * after leaving it: the distances of its second and third crossings of the ring's edges ([Infinity,
 * Infinity]: it does not come back; the third Infinity: it stays inside past the last edge).
 */
function bodySpan(ring: readonly Vec2[], x: number, y: number, dx: number, dy: number): [number, number] {
  const ts: number[] = [];
  for (let i = 0; i < ring.length; i++) {
    const [ax, ay] = ring[i]!,
      [bx, by] = ring[(i + 1) % ring.length]!;
    const ex = bx - ax,
      ey = by - ay;
    const den = dx * ey - dy * ex;
    if (Math.abs(den) < 1e-12) continue;
    const t = ((ax - x) * ey - (ay - y) * ex) / den;
    const v = ((ax - x) * dy - (ay - y) * dx) / den;
    if (t > 1e-9 && v >= 0 && v <= 1) ts.push(t);
  }
  ts.sort((a, b) => a - b);
  return [ts[1] ?? Infinity, ts[2] ?? Infinity];
}
