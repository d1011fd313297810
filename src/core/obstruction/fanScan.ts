import type { Point3 } from '../geometry/vec';
import type { Degrees } from '../units';
import { CutBuffer } from './cutBuffer';
import { FAN_HALF_SPAN_DEG, FAN_SIZE, fanDirections } from './fanDirections';
import { halfPlane } from './halfPlane';
import type { ObstructionFan } from './obstructionAngles';
import { cutTriangle } from './planeCut';
import { chooseSkyBand } from './skyBands';

const STEP_DEG = (2 * FAN_HALF_SPAN_DEG) / (FAN_SIZE - 1);
const RAD_TO_DEG = 180 / Math.PI;
/** Slack on a triangle's azimuth interval: far above atan2's rounding, far below one fan step. */
const MARGIN_DEG = 1e-6;

/**
 * The 64-direction fan of one or a few viewpoints by one pass over the soup, without a BVH.
 *
 * A tree pays for itself over many queries; a request with one window asks 64 — fewer than the
 * triangles it would sort. Here each triangle is binned once per viewpoint into the fan directions its
 * plan-view azimuth interval (as seen from P) can meet, widened by a margin far above the rounding of
 * the azimuths and of the fan's own directions, and only those half-planes cut it, with the same exact test (planeCut.ts) the tree's leaves use. The
 * binning only skips triangles whose cut is empty, so the angles are the tree path's to the bit (the sky
 * band is a union of intervals: the order pieces arrive in does not matter); test/obstruction/fanScan.test.ts
 * holds the two to that.
 */
export function obstructionFansByScan(
  positions: Float32Array,
  views: readonly { viewpoint: Point3; direction: Degrees }[],
): ObstructionFan[] {
  return views.map(({ viewpoint, direction }) => fanByScan(positions, viewpoint, direction));
}

function fanByScan(positions: Float32Array, viewpoint: Point3, direction: Degrees): ObstructionFan {
  const n = positions.length / 9;
  const { x: px, y: py, z: pz } = viewpoint;
  const start = direction - FAN_HALF_SPAN_DEG;
  // The fan's wedge, widened by a degree: its edge rays' directions (right edge first, clockwise end).
  const r0 = ((start - 1) * Math.PI) / 180;
  const r1 = ((start + 2 * FAN_HALF_SPAN_DEG + 1) * Math.PI) / 180;
  const wedge = { rx: Math.cos(r0), ry: Math.sin(r0), lx: Math.cos(r1), ly: Math.sin(r1) };
  // First and last candidate direction of each triangle (0xff: none), then the triangles per direction.
  const first = new Uint8Array(n).fill(0xff);
  const last = new Uint8Array(n);
  const counts = new Uint32Array(FAN_SIZE + 1);
  for (let t = 0, b = 0; t < n; t++, b += 9) {
    if (positions[b + 2]! < pz && positions[b + 5]! < pz && positions[b + 8]! < pz) continue;
    if (outsideWedge(positions, b, px, py, wedge)) continue;
    const range = candidateDirections(positions, b, px, py, start);
    if (range < 0) continue;
    const lo = range & 0xff;
    const hi = range >> 8;
    first[t] = lo;
    last[t] = hi;
    for (let k = lo; k <= hi; k++) counts[k + 1]!++;
  }
  for (let k = 0; k < FAN_SIZE; k++) counts[k + 1]! += counts[k]!;
  const offsets = counts.slice();
  const bucket = new Uint32Array(counts[FAN_SIZE]!);
  for (let t = 0; t < n; t++) {
    if (first[t] === 0xff) continue;
    for (let k = first[t]!; k <= last[t]!; k++) bucket[offsets[k]!++] = t;
  }

  const directions = fanDirections(direction);
  const horizon: number[] = [];
  const zenith: number[] = [];
  const buf = new CutBuffer();
  for (let k = 0; k < FAN_SIZE; k++) {
    const hp = halfPlane(viewpoint, directions[k]!);
    buf.reset();
    for (let j = counts[k]!; j < counts[k + 1]!; j++) cutTriangle(positions, bucket[j]!, hp, buf);
    const band = chooseSkyBand(buf);
    horizon.push(band.horizon);
    zenith.push(band.zenith);
  }
  return { horizon, zenith, directions };
}

/**
 * Whether a triangle lies wholly on the outer side of one of the wedge's edge lines (the wedge spans
 * less than 180°, so it lies in the closed inner half-plane of each): two cross products a vertex, where
 * most of a city around a window is behind it or off to the side.
 */
function outsideWedge(
  pos: Float32Array,
  b: number,
  px: number,
  py: number,
  w: { rx: number; ry: number; lx: number; ly: number },
): boolean {
  let rightOut = true;
  let leftOut = true;
  for (let v = b; v < b + 9; v += 3) {
    const x = pos[v]! - px;
    const y = pos[v + 1]! - py;
    if (w.rx * y - w.ry * x >= 0) rightOut = false;
    if (x * w.ly - y * w.lx >= 0) leftOut = false;
  }
  return rightOut || leftOut;
}

/**
 * The fan directions a triangle's plan view can meet from (px, py), packed as lo | hi << 8, or −1 for
 * none. A triangle that touches P or surrounds it in plan (its azimuths wind around P) meets them all.
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
