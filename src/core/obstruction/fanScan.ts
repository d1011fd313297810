import { segmentDistSqToOrigin, type Point3 } from '../geometry/vec';
import type { Degrees } from '../units';
import { CutBuffer } from './cutBuffer';
import { FAN_HALF_SPAN_DEG, FAN_SIZE, fanDirections } from './fanDirections';
import { halfPlane } from './halfPlane';
import type { ObstructionFan } from './obstructionAngles';
import { cutTriangle } from './planeCut';
import { ANGLE_EPS_DEG, chooseSkyBand } from './skyBands';
import { SkyCover } from './skyCover';

const STEP_DEG = (2 * FAN_HALF_SPAN_DEG) / (FAN_SIZE - 1);
const RAD_TO_DEG = 180 / Math.PI;
/** Slack on a triangle's azimuth interval: far above atan2's rounding, far below one fan step. */
const MARGIN_DEG = 1e-6;

/**
 * The 64-direction fan of one or a few viewpoints by one pass over the soup, without a BVH.
 *
 * A tree pays for itself over many queries; a request with one window asks 64 — fewer than the
 * triangles it would sort. Here the triangles in front of P that reach its height are visited nearest
 * first (by plan distance), and each is cut only by the fan directions its plan-view azimuth interval can
 * meet (widened by a margin far above the rounding of the azimuths and of the fan's own directions), with
 * the same exact test (planeCut.ts) the tree's leaves use. As in the tree's fan, a direction skips a
 * triangle whose cuts cannot rise above the walls it has already found (SkyCover), and a triangle lower
 * than every open direction's walls is skipped before its azimuths are taken. Only triangles that cannot
 * change the union of hidden intervals are skipped, so the angles are the tree path's to the bit (the sky
 * band is a function of that union); test/obstruction/fanScan.test.ts holds the two to that.
 */
export function obstructionFansByScan(
  positions: Float32Array,
  views: readonly { viewpoint: Point3; direction: Degrees }[],
  skip?: Uint8Array,
): ObstructionFan[] {
  return views.map(({ viewpoint, direction }) => fanByScan(positions, viewpoint, direction, skip));
}

function fanByScan(
  positions: Float32Array,
  viewpoint: Point3,
  direction: Degrees,
  skip: Uint8Array | undefined,
): ObstructionFan {
  const { x: px, y: py } = viewpoint;
  const start = direction - FAN_HALF_SPAN_DEG;
  const cand = wedgeCandidates(positions, viewpoint, start, skip);
  const order = nearestFirst(cand.distance, cand.count, cand.farthest);

  const directions = fanDirections(direction);
  const planes = directions.map((azimuth) => halfPlane(viewpoint, azimuth));
  for (const buf of BUFS) buf.reset();
  const bufs = BUFS;
  const covers = bufs.map((buf) => new SkyCover(buf));
  // The lowest wall any open direction has found: a triangle below it is hidden in every direction.
  let floor = 0;
  for (let j = 0; j < cand.count; j++) {
    const i = order[j]!;
    const top = cand.top[i]!;
    if (top + ANGLE_EPS_DEG < floor) continue;
    const t = cand.triangle[i]!;
    const range = candidateDirections(positions, t * 9, px, py, start);
    if (range < 0) continue;
    let moved = false;
    for (let k = range & 0xff, hi = range >> 8; k <= hi; k++) {
      const cover = covers[k]!;
      if (cover.closed || cover.covers(0, top)) continue;
      const buf = bufs[k]!;
      const before = buf.count;
      cutTriangle(positions, t, planes[k]!, buf);
      if (buf.count === before) continue;
      cover.update();
      moved = true;
    }
    if (moved) floor = lowestOpenReach(covers);
  }
  const horizon: number[] = [];
  const zenith: number[] = [];
  for (const buf of bufs) {
    const band = chooseSkyBand(buf);
    horizon.push(band.horizon);
    zenith.push(band.zenith);
  }
  return { horizon, zenith, directions };
}

/**
 * The directions' cut buffers, reused by every fan (a fan's 64 fresh ones were 0.8 MB to allocate and
 * collect, a tenth of a mesh answer's time: several fans a window, glassBands.ts): nothing keeps them past
 * the call, and a worker computes one fan at a time.
 */
const BUFS: readonly CutBuffer[] = Array.from({ length: FAN_SIZE }, () => new CutBuffer());

function lowestOpenReach(covers: readonly SkyCover[]): number {
  let low = 90;
  for (const c of covers) if (!c.closed && c.reach < low) low = c.reach;
  return low;
}

interface Candidates {
  count: number;
  triangle: Uint32Array;
  /** Plan distance from P, a lower bound (0 where the plan view reaches P). */
  distance: Float64Array;
  /** The highest elevation any cut of the triangle can reach, degrees, rounded up. */
  top: Float64Array;
  farthest: number;
}

/** wedgeCandidates' arrays, grown to the largest soup seen and reused (a 10⁶-triangle soup's are 20 MB). */
const scratch = { triangle: new Uint32Array(0), distance: new Float64Array(0), top: new Float64Array(0) };

/**
 * The triangles that reach P's height and are not wholly outside the fan's wedge (widened by a degree).
 * Most of a city around a window is behind it or off to the side: two cross products a vertex drop it.
 */
function wedgeCandidates(
  positions: Float32Array,
  viewpoint: Point3,
  start: number,
  skip: Uint8Array | undefined,
): Candidates {
  const n = positions.length / 9;
  const { x: px, y: py, z: pz } = viewpoint;
  // The wedge's edge rays' directions (right edge first, clockwise end).
  const r0 = ((start - 1) * Math.PI) / 180;
  const r1 = ((start + 2 * FAN_HALF_SPAN_DEG + 1) * Math.PI) / 180;
  const rx = Math.cos(r0);
  const ry = Math.sin(r0);
  const lx = Math.cos(r1);
  const ly = Math.sin(r1);
  if (scratch.triangle.length < n) {
    const size = Math.max(n, 2 * scratch.triangle.length);
    scratch.triangle = new Uint32Array(size);
    scratch.distance = new Float64Array(size);
    scratch.top = new Float64Array(size);
  }
  const { triangle, distance, top } = scratch;
  let count = 0;
  let farthest = 0;
  for (let t = 0, b = 0; t < n; t++, b += 9) {
    if (skip?.[t]) continue;
    const z0 = positions[b + 2]!;
    const z1 = positions[b + 5]!;
    const z2 = positions[b + 8]!;
    if (z0 < pz && z1 < pz && z2 < pz) continue;
    const x0 = positions[b]! - px;
    const y0 = positions[b + 1]! - py;
    const x1 = positions[b + 3]! - px;
    const y1 = positions[b + 4]! - py;
    const x2 = positions[b + 6]! - px;
    const y2 = positions[b + 7]! - py;
    // Wholly on the outer side of one of the wedge's edge lines (the wedge spans less than 180°).
    if (rx * y0 - ry * x0 < 0 && rx * y1 - ry * x1 < 0 && rx * y2 - ry * x2 < 0) continue;
    if (x0 * ly - y0 * lx < 0 && x1 * ly - y1 * lx < 0 && x2 * ly - y2 * lx < 0) continue;
    const d = planDistance(x0, y0, x1, y1, x2, y2);
    triangle[count] = t;
    distance[count] = d;
    top[count] = elevationBound(Math.max(z0, z1, z2) - pz, d);
    if (d > farthest) farthest = d;
    count++;
  }
  return { count, triangle, distance, top, farthest };
}

/**
 * The highest elevation (degrees) of a point `rise` above P at plan distance at least `dist`, rounded
 * up: the near distance is shrunk far beyond the rounding of a cut point's coordinates, so a bound never
 * falls below an elevation the cut computes.
 */
function elevationBound(rise: number, dist: number): number {
  const d = dist * (1 - 1e-9) - 1e-9;
  return d <= 0 ? 90 : Math.atan2(rise, d) * RAD_TO_DEG;
}

/** nearestFirst's order, grown as wedgeCandidates' arrays are and reused. */
let orderScratch = new Uint32Array(0);

/**
 * The candidates in order of plan distance, coarsely: a counting sort into 1 024 distance classes, the
 * order within one class left as found. Nearest first is what lets the walls across the street hide the
 * city behind them; an exact sort would cost more than it saves.
 */
function nearestFirst(near: Float64Array, m: number, farthest: number): Uint32Array {
  const CLASSES = 1024;
  const scale = farthest > 0 ? (CLASSES - 1) / farthest : 0;
  const start = new Uint32Array(CLASSES + 1);
  for (let i = 0; i < m; i++) start[Math.floor(near[i]! * scale) + 1]!++;
  for (let c = 0; c < CLASSES; c++) start[c + 1]! += start[c]!;
  if (orderScratch.length < m) orderScratch = new Uint32Array(Math.max(m, 2 * orderScratch.length));
  const order = orderScratch;
  for (let i = 0; i < m; i++) order[start[Math.floor(near[i]! * scale)]!++] = i;
  return order;
}

/**
 * Plan distance from P (the origin) to a triangle's plan view: 0 when P is inside or on it (its edges'
 * cross products do not disagree in sign), else its nearest edge.
 */
function planDistance(x0: number, y0: number, x1: number, y1: number, x2: number, y2: number): number {
  const c0 = x0 * y1 - y0 * x1;
  const c1 = x1 * y2 - y1 * x2;
  const c2 = x2 * y0 - y2 * x0;
  if ((c0 >= 0 && c1 >= 0 && c2 >= 0) || (c0 <= 0 && c1 <= 0 && c2 <= 0)) return 0;
  const e0 = segmentDistSqToOrigin(x0, y0, x1, y1);
  const e1 = segmentDistSqToOrigin(x1, y1, x2, y2);
  const e2 = segmentDistSqToOrigin(x2, y2, x0, y0);
  return Math.sqrt(Math.min(e0, e1, e2));
}

/**
 * The fan directions a triangle's plan view can meet from (px, py), packed as lo | hi << 8, or −1 for
 * none. A triangle that touches P or surrounds it in plan (its azimuths wind around P) meets them all
 */
function candidateDirections(pos: Float32Array, b: number, px: number, py: number, start: number): number {
  const x0 = pos[b]! - px,
    y0 = pos[b + 1]! - py;
  const x1 = pos[b + 3]! - px,
    y1 = pos[b + 4]! - py;
  const x2 = pos[b + 6]! - px,
    y2 = pos[b + 7]! - py;
  if ((x0 === 0 && y0 === 0) || (x1 === 0 && y1 === 0) || (x2 === 0 && y2 === 0)) return ALL;
  const a0 = Math.atan2(y0, x0) * RAD_TO_DEG;
  const d1 = wrap(Math.atan2(y1, x1) * RAD_TO_DEG - a0);
  const d2 = wrap(Math.atan2(y2, x2) * RAD_TO_DEG - a0);
  // Winding: the signed turns 0→1→2→0 sum to ±360° when P is inside the triangle's plan view.
  const turn = d1 + wrap(d2 - d1) + wrap(-d2);
  if (Math.abs(turn) > 180) return ALL;
  const lo = Math.min(0, d1, d2);
  const hi = Math.max(0, d1, d2);
  if (hi - lo >= 180 - MARGIN_DEG) return ALL; // an edge passes through P
  // Azimuths relative to the fan's first direction, in [0, 360).
  const from = wrap360(a0 + lo - MARGIN_DEG - start);
  const span = hi - lo + 2 * MARGIN_DEG;
  return indexRange(from, span);
}

const ALL = (FAN_SIZE - 1) << 8;

/** Direction indices within [from, from + span] degrees past the fan's start (wrapping), ±1 index. */
function indexRange(from: number, span: number): number {
  const fanSpan = 2 * FAN_HALF_SPAN_DEG;
  // The interval may wrap past 360° back onto the fan's start.
  if (from + span >= 360) return wrappedRange(from, from + span - 360);
  if (from > fanSpan + STEP_DEG) return -1;
  const lo = Math.max(0, Math.ceil(from / STEP_DEG));
  const hi = Math.min(FAN_SIZE - 1, Math.floor((from + span) / STEP_DEG));
  return lo > hi ? -1 : lo | (hi << 8);
}

/**
 * An interval past 360°: [from, 360) and [0, to]. Returned as one range from index 0, which covers both
 * (the whole fan when the first part reaches into it).
 */
function wrappedRange(from: number, to: number): number {
  const reachesFan = from <= 2 * FAN_HALF_SPAN_DEG + STEP_DEG;
  const hi = reachesFan ? FAN_SIZE - 1 : Math.min(FAN_SIZE - 1, Math.floor(to / STEP_DEG));
  return hi << 8;
}

const wrap = (deg: number): number => deg - 360 * Math.round(deg / 360);
const wrap360 = (deg: number): number => ((deg % 360) + 360) % 360;
