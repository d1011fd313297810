/**
 * GEOS returns the intersection of a concave room with the clip box as a MultiPolygon, and the original
 * keeps only its largest part (encoder.md §4.7). The Sutherland–Hodgman ring encloses all parts, joined
 * by zero-area bridges along the box sides. Here the bridges are cancelled (per box side, the directed
 * runs along it are summed and only net coverage is kept), the remaining edges are traced into separate
 * rings (at a vertex where parts touch, take the sharpest turn that keeps the region on the left), and the
 * ring of largest area is returned. A single part passes through unchanged.
 */
import type { Vec2 } from '../geometry/vec';
import type { Box } from './clipToBox';

interface Edge {
  from: Vec2;
  to: Vec2;
}

const key = (p: Vec2): string => `${p[0]},${p[1]}`;
const same = (p: Vec2, q: Vec2): boolean => p[0] === q[0] && p[1] === q[1];

function ringEdges(ring: readonly Vec2[]): Edge[] {
  return ring
    .map((from, i) => ({ from, to: ring[(i + 1) % ring.length]! }))
    .filter((e) => !same(e.from, e.to));
}

function signedArea(points: readonly Vec2[]): number {
  let s = 0;
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % points.length]!;
    s += a[0] * b[1] - b[0] * a[1];
  }
  return s / 2;
}

/** The box sides as lines coordinate[axis] = value. */
function boxLines(box: Box): { axis: 0 | 1; value: number }[] {
  return [
    { axis: 0, value: box.minX },
    { axis: 0, value: box.maxX },
    { axis: 1, value: box.minY },
    { axis: 1, value: box.maxY },
  ];
}

/** Replaces the edges running along one line by their net directed coverage. */
function cancelAlongLine(edges: Edge[], axis: 0 | 1, value: number): Edge[] {
  const along = axis === 0 ? 1 : 0;
  const onLine = (e: Edge): boolean => e.from[axis] === value && e.to[axis] === value;
  const runs = edges.filter(onLine);
  if (runs.length === 0) return edges;
  const cuts = [...new Set(runs.flatMap((e) => [e.from[along], e.to[along]]))].sort((a, b) => a - b);
  const point = (t: number): Vec2 => (axis === 0 ? [value, t] : [t, value]);
  const kept = edges.filter((e) => !onLine(e));
  for (let k = 0; k + 1 < cuts.length; k++) {
    const [lo, hi] = [cuts[k]!, cuts[k + 1]!];
    let net = 0;
    for (const e of runs) {
      const [s, t] = [e.from[along], e.to[along]];
      if (Math.min(s, t) <= lo && hi <= Math.max(s, t)) net += t > s ? 1 : -1;
    }
    if (net > 0) kept.push({ from: point(lo), to: point(hi) });
    if (net < 0) kept.push({ from: point(hi), to: point(lo) });
  }
  return kept;
}

/** Clockwise angle from the reversed incoming direction to an outgoing edge, in (0, 2π]. */
function clockwiseTurn(incoming: Edge, out: Edge): number {
  const back = Math.atan2(incoming.from[1] - incoming.to[1], incoming.from[0] - incoming.to[0]);
  const dir = Math.atan2(out.to[1] - out.from[1], out.to[0] - out.from[0]);
  const a = (((back - dir) % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
  return a === 0 ? 2 * Math.PI : a;
}

/** Splits a balanced set of directed edges (region on the left) into closed rings. */
function traceRings(edges: Edge[]): Vec2[][] {
  const outgoing = new Map<string, Edge[]>();
  for (const e of edges) {
    const list = outgoing.get(key(e.from));
    if (list) list.push(e);
    else outgoing.set(key(e.from), [e]);
  }
  const used = new Set<Edge>();
  const rings: Vec2[][] = [];
  for (const start of edges) {
    if (used.has(start)) continue;
    const ring: Vec2[] = [];
    let cur = start;
    used.add(cur);
    for (;;) {
      ring.push(cur.from);
      const options = (outgoing.get(key(cur.to)) ?? []).filter((e) => !used.has(e) || e === start);
      if (options.length === 0) break;
      const incoming = cur;
      const next = options.reduce((a, b) =>
        clockwiseTurn(incoming, b) < clockwiseTurn(incoming, a) ? b : a,
      );
      if (next === start) break;
      used.add(next);
      cur = next;
    }
    rings.push(ring);
  }
  return rings;
}

/** The parts of the region enclosed by a (possibly bridged) clipped ring, each a ring (region on the left). */
export function clippedParts(ring: readonly Vec2[], box: Box): Vec2[][] {
  let edges = ringEdges(ring);
  if (signedArea(ring) < 0) edges = edges.map((e) => ({ from: e.to, to: e.from }));
  for (const line of boxLines(box)) edges = cancelAlongLine(edges, line.axis, line.value);
  return traceRings(edges);
}

/** The largest-area part of the region enclosed by a (possibly bridged) clipped ring; [] when empty. */
export function largestPart(ring: readonly Vec2[], box: Box): Vec2[] {
  return largestOf(clippedParts(ring, box));
}

export function largestOf(parts: readonly Vec2[][]): Vec2[] {
  let best: Vec2[] = [];
  let bestArea = 0;
  for (const part of parts) {
    const area = Math.abs(signedArea(part));
    if (area > bestArea) [best, bestArea] = [part, area];
  }
  return best;
}
