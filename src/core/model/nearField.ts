import type { WindowModel } from '../engine/model';
import type { TriangleSoup } from '../types';

/**
 * The mesh near a window, which its room points see at their own angles (lux-frame-11, issue 35 §3). The
 * window's fans are taken from points on its outer face, and a room point's rays cross the glass elsewhere:
 * a balcony's slab or fins, or a block across a narrow gap, stands at another elevation and another azimuth
 * from each of them. lux-frame-9 placed a sector's nearest edge as a line along the facade, which a slab's
 * front is and its ends, fins and a rotated block's corners are not: with the mesh the closed form read
 * balcony-thick #34001 at 0.80–0.85 of the engine's sky within 2 m of the wall, where the same room given by
 * its angles alone is exact (docs/model.md). The triangles listed here are cut by each integration column's
 * own vertical plane (skyTerm.ts), exactly as the engine's rays meet them; the fans leave them out (`skip`).
 */
export interface NearField {
  /** The near triangles' corners, nine numbers a triangle (m, the mesh's frame). */
  positions: Float64Array;
  /** 1 at a near triangle's index in the mesh: the window's fans leave it out. */
  skip: Uint8Array;
}

/**
 * How far from the window's outer opening (m, along the facade beyond its ends and out from its face) a
 * triangle counts as near: as far as the fans' edges are placed (glassBands.ts EDGE_FAR). A fan from the
 * face misplaces an edge by the parallax of the glass a room point looks through: across a 3 m window an
 * edge 20 m out moves by 4°, under two sectors; a block's corner 11 m out across 2.7 m of glass moved 14°,
 * and a reach of 6 m left dense-near #35034's sky 4.5 % low (docs/model.md, "lux-frame-11").
 */
export const NEAR_REACH = 40;

/**
 * The triangles of `mesh` that may hide sky from the window's room points at their own angles: any part in
 * front of the wall's outer face (depth `thickness` in the window's frame) within NEAR_REACH of the opening,
 * and some part above the work plane (height `z`), since only rays going up reach its upward face; the
 * `most` nearest where more are. Null when there are none: the fans then see everything, as before.
 */
export function nearField(
  mesh: TriangleSoup,
  w: WindowModel,
  thickness: number,
  z: number,
  reach = NEAR_REACH,
  most = NEAR_MOST,
): NearField | null {
  const p = mesh.positions;
  const n = p.length / 9;
  const found: number[] = [];
  const far: number[] = [];
  for (let t = 0; t < n; t++) {
    const b = 9 * t;
    let sLo = Infinity,
      sHi = -Infinity,
      dLo = Infinity,
      dHi = -Infinity,
      zHi = -Infinity;
    for (let v = b; v < b + 9; v += 3) {
      const rx = p[v]! - w.ox,
        ry = p[v + 1]! - w.oy;
      const s = rx * w.ux + ry * w.uy,
        d = rx * w.nx + ry * w.ny;
      sLo = Math.min(sLo, s);
      sHi = Math.max(sHi, s);
      dLo = Math.min(dLo, d);
      dHi = Math.max(dHi, d);
      zHi = Math.max(zHi, p[v + 2]!);
    }
    if (zHi <= z || dHi <= thickness + FACE_GAP) continue;
    if (sLo > w.s1 + reach || sHi < w.s0 - reach || dLo > thickness + reach) continue;
    found.push(t);
    // How far its box stands from the opening, along the facade and out from its face.
    far.push(Math.max(0, w.s0 - sHi, sLo - w.s1, dLo - thickness));
  }
  if (found.length === 0) return null;
  // In a dense city the nearest `most`: the rest stay with the fans.
  const order = found.map((_, i) => i);
  if (found.length > most) order.sort((a, b) => far[a]! - far[b]! || a - b).splice(most);
  const skip = new Uint8Array(n);
  const positions = new Float64Array(9 * order.length);
  order.forEach((i, k) => {
    const t = found[i]!;
    skip[t] = 1;
    for (let v = 0; v < 9; v++) positions[9 * k + v] = p[9 * t + v]!;
  });
  return { positions, skip };
}

/**
 * At most this many triangles are near (the nearest to the opening): the channel's columns cut each, so a
 * city's thousands within the reach would cost seconds. The training and stress rooms hold at most 40
 * blocks, under this many triangles within any window's reach (their inputs are the same with or without
 * the cap); the bench's 10⁴-triangle city keeps its nearest.
 */
export const NEAR_MOST = 512;

/**
 * What lies within this of the wall's outer face (m) hides nothing: the facade around the opening, or a
 * slab's back edge against it, lies in that plane, and in float32 may stand a hair in front of it.
 */
export const FACE_GAP = 1e-3;

/**
 * Each near triangle's span of lateral slopes seen from the point nearSpans was last called for: a column
 * whose slope (along the wall over out from it) lies outside meets it nowhere, which spares most columns
 * most triangles' cuts. Reused.
 */
const spans = {
  lo: new Float64Array(0),
  hi: new Float64Array(0),
  /** The steepest a triangle can rise seen from the point: its top over its nearest corner's depth. */
  rise: new Float64Array(0),
  /** The triangles the glass's columns may meet, by the low ends of their spans. */
  list: new Int32Array(0),
  count: 0,
  /** The sweep over the point's columns (nearHidden): the next of `list` to start, and those begun. */
  next: 0,
  active: new Int32Array(0),
  live: 0,
};

/**
 * Readies nearHidden for a room point (ps along the wall, pd < 0 its depth in the window's frame, pz its
 * height): each
 * triangle's lateral slopes (s − ps)/(d − pd) over its corners, the whole line where a corner is not in
 * front of the point (its projection is then no interval of the corners'), none where no corner is; and
 * the list of those that overlap the glass's slopes from the point (glassLo..glassHi), the only ones its
 * columns can meet.
 */
export function nearSpans(
  near: NearField,
  w: WindowModel,
  ps: number,
  pd: number,
  pz: number,
  glassLo: number,
  glassHi: number,
): void {
  const q = near.positions;
  const n = q.length / 9;
  if (spans.lo.length < n) {
    spans.lo = new Float64Array(n);
    spans.hi = new Float64Array(n);
    spans.rise = new Float64Array(n);
    spans.list = new Int32Array(n);
    spans.active = new Int32Array(n);
  }
  const { lo, hi, rise, list } = spans;
  let count = 0;
  for (let t = 0, b = 0; t < n; t++, b += 9) {
    let a = Infinity,
      c = -Infinity,
      ahead = 0,
      near = Infinity;
    for (let v = b; v < b + 9; v += 3) {
      const rx = q[v]! - w.ox,
        ry = q[v + 1]! - w.oy;
      const d = rx * w.nx + ry * w.ny - pd;
      if (d <= 1e-9) continue;
      ahead++;
      const k = (rx * w.ux + ry * w.uy - ps) / d;
      a = Math.min(a, k);
      c = Math.max(c, k);
      near = Math.min(near, d);
    }
    lo[t] = ahead === 3 ? a : ahead === 0 ? Infinity : -Infinity;
    hi[t] = ahead === 3 ? c : ahead === 0 ? -Infinity : Infinity;
    // A column meets it no nearer than its nearest corner's depth (the column's distance ahead is at least
    // its depth): nothing of it stands steeper than its top over that.
    rise[t] = ahead === 3 ? (Math.max(q[b + 2]!, q[b + 5]!, q[b + 8]!) - pz) / near : Infinity;
    if (lo[t]! <= glassHi && hi[t]! >= glassLo) list[count++] = t;
  }
  // Low ends ascending (a column's slope rises along the glass: nearHidden sweeps them in that order).
  list.subarray(0, count).sort((a, b) => lo[a]! - lo[b]! || a - b);
  spans.count = count;
  spans.next = 0;
  spans.live = 0;
}

/** One column's hidden glass heights, disjoint intervals ascending: nearHidden's answer, reused. */
export const hidden: { lo: Float64Array; hi: Float64Array } = {
  lo: new Float64Array(32),
  hi: new Float64Array(32),
};

/** The two points of a triangle's cut (f, h, f, h). */
const cut = new Float64Array(4);
const put = (n: number, f: number, h: number): number => {
  if (n < 2) {
    cut[2 * n] = f;
    cut[2 * n + 1] = h;
  }
  return n + 1;
};

/**
 * The heights on the glass line (at horizontal distance `hg` from the point, along the unit direction
 * dx, dy) whose rays from the point (px, py, pz) meet a near triangle beyond horizontal distance `from`
 * (the wall's outer face on this line): the triangles' cuts by the column's vertical plane, each a segment
 * seen from the point as an interval of elevation. Their union within the glass's heights glassLo..glassHi,
 * disjoint and ascending, into `hidden`; the count of its intervals.
 * `slope` is the column's (ds/dd: along the wall over out from it); nearSpans must have readied the point,
 * and its columns come in rising slope (as the glass's pieces do), so that each column cuts only the
 * triangles whose spans hold its slope: the sweep starts each at its span's low end and drops it past its
 * high end.
 */
export function nearHidden(
  near: NearField,
  px: number,
  py: number,
  pz: number,
  dx: number,
  dy: number,
  hg: number,
  from: number,
  slope: number,
  glassLo: number,
  glassHi: number,
): number {
  const q = near.positions;
  const { hi: qHi, lo: qLo, rise, list, count, active } = spans;
  let live = spans.live;
  while (spans.next < count && qLo[list[spans.next]!]! <= slope) active[live++] = list[spans.next++]!;
  let m = 0;
  for (let j = 0; j < live;) {
    const t = active[j]!;
    if (qHi[t]! < slope) {
      active[j] = active[--live]!;
      continue;
    }
    j++;
    // What it could hide (the glass up to its steepest) hidden already, or below the glass: nothing to add.
    const top = Math.min(glassHi, pz + hg * rise[t]!);
    if (top <= glassLo || (m > 0 && hidden.lo[0]! <= glassLo && hidden.hi[0]! >= top)) continue;
    const b = 9 * t;
    // Each corner's side of the plane (a), distance ahead (f) and height (h), from the point.
    const x0 = q[b]! - px,
      y0 = q[b + 1]! - py,
      x1 = q[b + 3]! - px,
      y1 = q[b + 4]! - py,
      x2 = q[b + 6]! - px,
      y2 = q[b + 7]! - py;
    const a0 = y0 * dx - x0 * dy,
      a1 = y1 * dx - x1 * dy,
      a2 = y2 * dx - x2 * dy;
    if ((a0 > 0 && a1 > 0 && a2 > 0) || (a0 < 0 && a1 < 0 && a2 < 0)) continue;
    const f0 = x0 * dx + y0 * dy,
      f1 = x1 * dx + y1 * dy,
      f2 = x2 * dx + y2 * dy;
    if (f0 < from && f1 < from && f2 < from) continue;
    const h0 = q[b + 2]! - pz,
      h1 = q[b + 5]! - pz,
      h2 = q[b + 8]! - pz;
    // The cut: a corner on the plane, or where an edge crosses it; two points unless the triangle lies in
    // the plane (seen edge-on, it hides nothing of a column's measure) or only touches it.
    let n = 0;
    if (a0 === 0) n = put(n, f0, h0);
    if (a1 === 0) n = put(n, f1, h1);
    if (a2 === 0) n = put(n, f2, h2);
    if (a0 * a1 < 0) n = put(n, f0 + ((f1 - f0) * a0) / (a0 - a1), h0 + ((h1 - h0) * a0) / (a0 - a1));
    if (a1 * a2 < 0) n = put(n, f1 + ((f2 - f1) * a1) / (a1 - a2), h1 + ((h2 - h1) * a1) / (a1 - a2));
    if (a2 * a0 < 0) n = put(n, f2 + ((f0 - f2) * a2) / (a2 - a0), h2 + ((h0 - h2) * a2) / (a2 - a0));
    if (n !== 2) continue;
    let fa = cut[0]!,
      ha = cut[1]!,
      fb = cut[2]!,
      hb = cut[3]!;
    // Only what stands beyond the outer face: the segment clipped there.
    if (fa < from && fb < from) continue;
    if (fa < from) {
      ha += ((hb - ha) * (from - fa)) / (fb - fa);
      fa = from;
    } else if (fb < from) {
      hb += ((ha - hb) * (from - fb)) / (fa - fb);
      fb = from;
    }
    // Seen from the point, the segment hides the elevations between its ends': on the glass line, heights.
    const ga = pz + (hg * ha) / fa,
      gb = pz + (hg * hb) / fb;
    // Into the union, within the glass: a column in a city cuts dozens of triangles, most of them behind
    // others; once the union holds the whole glass the rest can hide nothing more.
    m = unite(Math.max(Math.min(ga, gb), glassLo), Math.min(Math.max(ga, gb), glassHi), m);
    if (m === 1 && hidden.lo[0]! <= glassLo && hidden.hi[0]! >= glassHi) break;
  }
  spans.live = live;
  return m;
}

/** Adds [lo, hi] to the first m intervals of `hidden` (disjoint, ascending), merging; their new count. */
function unite(lo: number, hi: number, m: number): number {
  if (hi <= lo) return m;
  const { lo: L, hi: H } = hidden;
  let i = 0;
  while (i < m && H[i]! < lo) i++;
  let j = i;
  while (j < m && L[j]! <= hi) {
    lo = Math.min(lo, L[j]!);
    hi = Math.max(hi, H[j]!);
    j++;
  }
  // Intervals i … j − 1 become one: shift the rest by the difference.
  const out = m - (j - i) + 1;
  if (out > L.length) {
    hidden.lo = grow(L);
    hidden.hi = grow(H);
  }
  const L2 = hidden.lo,
    H2 = hidden.hi;
  if (j - i !== 1) {
    L2.copyWithin(i + 1, j, m);
    H2.copyWithin(i + 1, j, m);
  }
  L2[i] = lo;
  H2[i] = hi;
  return out;
}

function grow(a: Float64Array): Float64Array<ArrayBuffer> {
  const b = new Float64Array(2 * a.length);
  b.set(a);
  return b;
}
