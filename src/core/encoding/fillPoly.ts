/**
 * `cv2.fillPoly(mask, [pts], 1)` with LINE_8 and shift 0, as encoder.md §4.8 describes it (verified there
 * against OpenCV 4.14 and 5.0): the outline is drawn with 8-connected Bresenham lines, then the interior
 * is filled scanline by scanline with 16.16 fixed-point edge walking and the even-odd rule. Integer
 * arithmetic throughout; C's truncating division and arithmetic shifts are written out explicitly.
 */
import type { Vec2 } from '../geometry/vec';

const ONE = 65536;

/** C integer division, truncating toward zero. */
const cdiv = (a: number, b: number): number => Math.trunc(a / b);

interface Line {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

const outcode = (x: number, y: number, right: number, bottom: number): number =>
  (x < 0 ? 1 : 0) | (x > right ? 2 : 0) | (y < 0 ? 4 : 0) | (y > bottom ? 8 : 0);

/**
 * OpenCV's clipLine (Cohen–Sutherland on the integer image rectangle). `inside` is false when the line
 * misses the image; the end points are then partly moved, as in OpenCV, and used as they are.
 */
export function clipLine(size: number, l: Line): { inside: boolean; line: Line } {
  const edge = size - 1;
  let { x1, y1, x2, y2 } = l;
  let c1 = outcode(x1, y1, edge, edge);
  let c2 = outcode(x2, y2, edge, edge);
  if ((c1 & c2) === 0 && (c1 | c2) !== 0) {
    if (c1 & 12) {
      const a = c1 < 8 ? 0 : edge;
      x1 += cdiv((a - y1) * (x2 - x1), y2 - y1);
      y1 = a;
      c1 = outcode(x1, 0, edge, edge);
    }
    if (c2 & 12) {
      const a = c2 < 8 ? 0 : edge;
      x2 += cdiv((a - y2) * (x2 - x1), y2 - y1);
      y2 = a;
      c2 = outcode(x2, 0, edge, edge);
    }
    if ((c1 & c2) === 0 && (c1 | c2) !== 0) {
      if (c1) {
        const a = c1 === 1 ? 0 : edge;
        y1 += cdiv((a - x1) * (y2 - y1), x2 - x1);
        x1 = a;
        c1 = 0;
      }
      if (c2) {
        const a = c2 === 1 ? 0 : edge;
        y2 += cdiv((a - x2) * (y2 - y1), x2 - x1);
        x2 = a;
        c2 = 0;
      }
    }
  }
  return { inside: (c1 | c2) === 0, line: { x1, y1, x2, y2 } };
}

const inImage = (size: number, x: number, y: number): boolean => x >= 0 && x < size && y >= 0 && y < size;

/** 8-connected line, drawn left to right, with OpenCV's error term. */
function drawLine(mask: Uint8Array, size: number, line: Line): void {
  let l = line;
  if (!inImage(size, l.x1, l.y1) || !inImage(size, l.x2, l.y2)) {
    const clipped = clipLine(size, l);
    if (!clipped.inside) return;
    l = clipped.line;
  }
  let { x1, y1, x2, y2 } = l;
  if (x2 < x1) [x1, y1, x2, y2] = [x2, y2, x1, y1];
  const dx = x2 - x1;
  const sy = y2 - y1 < 0 ? -1 : 1;
  const dy = Math.abs(y2 - y1);
  const yMajor = dy > dx;
  const [major, minor] = yMajor ? [dy, dx] : [dx, dy];
  let err = major - 2 * minor;
  let [x, y] = [x1, y1];
  for (let i = 0; i <= major; i++) {
    mask[y * size + x] = 1;
    if (err < 0) {
      err += 2 * major - 2 * minor;
      x += 1;
      y += sy;
    } else {
      err -= 2 * minor;
      if (yMajor) y += sy;
      else x += 1;
    }
  }
}

interface ActiveEdge {
  yTop: number;
  yBottom: number;
  /** Fixed-point x on scanline yTop. */
  x: number;
  slope: number;
}

/** The edge p0→p1 for the scanline fill, or null when horizontal. */
function activeEdge(size: number, p0: Vec2, p1: Vec2): ActiveEdge | null {
  const [x0, y0] = p0;
  const [x1, y1] = p1;
  if (y0 === y1) return null;
  let t: Line = { x1: x0, y1: y0, x2: x1, y2: y1 };
  let [c0y, c1y] = [y0, y1];
  if (!inImage(size, x0, y0) || !inImage(size, x1, y1)) {
    t = clipLine(size, t).line;
    if (t.y1 !== t.y2) [c0y, c1y] = [t.y1, t.y2];
  }
  const [c0x, c1x] = [t.x1 * ONE, t.x2 * ONE];
  const slope = cdiv(c1x - c0x, c1y - c0y);
  if (y0 < y1) return { yTop: y0, yBottom: y1, x: c0x + (y0 - c0y) * slope, slope };
  return { yTop: y1, yBottom: y0, x: c1x + (y1 - c1y) * slope, slope };
}

function fillScanlines(mask: Uint8Array, size: number, edges: ActiveEdge[]): void {
  const yMin = Math.min(...edges.map((e) => e.yTop));
  const yMax = Math.min(Math.max(...edges.map((e) => e.yBottom)), size);
  for (let y = Math.max(yMin, 0); y < yMax; y++) {
    const xs = edges
      .filter((e) => e.yTop <= y && y < e.yBottom)
      .map((e) => e.x + (y - e.yTop) * e.slope)
      .sort((a, b) => a - b);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const from = Math.floor((xs[k]! + ONE - 1) / ONE);
      const to = Math.floor(xs[k + 1]! / ONE);
      if (from >= size || to < 0) continue;
      mask.fill(1, y * size + Math.max(from, 0), y * size + Math.min(to, size - 1) + 1);
    }
  }
}

/** Sets to 1 every pixel of `mask` (size × size) covered by the integer polygon `points`. */
export function fillPoly(mask: Uint8Array, size: number, points: readonly Vec2[]): void {
  const n = points.length;
  const edges: ActiveEdge[] = [];
  for (let i = 0; i < n; i++) {
    const p0 = points[(i - 1 + n) % n]!;
    const p1 = points[i]!;
    drawLine(mask, size, { x1: p0[0], y1: p0[1], x2: p1[0], y2: p1[1] });
    const e = activeEdge(size, p0, p1);
    if (e) edges.push(e);
  }
  if (edges.length >= 2) fillScanlines(mask, size, edges);
}
