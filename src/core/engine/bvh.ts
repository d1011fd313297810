/**
 * A compact bounding-volume hierarchy over a triangle soup, for the exterior rays (context mesh and the
 * building body). Written for this engine rather than using three-mesh-bvh's raycast: the engine casts a few
 * hundred thousand rays per room and needs closest-hit and any-hit queries without allocating per ray;
 * flat typed arrays and an explicit stack keep a query around a few hundred nanoseconds.
 *
 * Build: binned surface-area heuristic on triangle centroids, leaves of at most 4 triangles.
 * Triangles are double-sided (Möller–Trumbore without culling).
 */
const BINS = 12;
const LEAF = 4;
/** Conservative slab test (PBRT's 1 + 2γ, with room for float32 bounds read in float64). */
const ROBUST = 1 + 2 ** -40;

/** Half the surface area of a box [x0, y0, z0, x1, y1, z1]; 0 for an empty one. */
function areaOf(b: Float64Array): number {
  const dx = b[3]! - b[0]!,
    dy = b[4]! - b[1]!,
    dz = b[5]! - b[2]!;
  return dx < 0 ? 0 : dx * dy + dy * dz + dz * dx;
}

/** A box that holds nothing yet (the build's boxes are written in place: no allocation in its loops). */
function emptyBox(b: Float64Array): void {
  b.fill(Infinity, 0, 3);
  b.fill(-Infinity, 3, 6);
}

/** Grows box `b` to hold box `k` of `lo`/`hi` (three numbers a box each). */
function growBox(b: Float64Array, lo: Float64Array, hi: Float64Array, k: number): void {
  for (let q = 0; q < 3; q++) {
    b[q] = Math.min(b[q]!, lo[k * 3 + q]!);
    b[3 + q] = Math.max(b[3 + q]!, hi[k * 3 + q]!);
  }
}

export interface RayHit {
  /** Distance along the (unit) direction; Infinity when nothing was hit. */
  t: number;
  /** Index of the hit triangle in the input soup; -1 when nothing was hit. */
  tri: number;
}

/**
 * A built tree as plain typed arrays: what a server keeps in shared memory for a stored context.
 *
 * Everything is float32, as the soup is: a box's corners are min/max of float32 coordinates and a
 * triangle's vertices are the soup's own, so nothing is rounded, and the edges formed in float64 at query
 * time are the numbers a float64 copy would hold (bit-identical hits). Half the bytes of float64 arrays is
 * what makes a 480k-triangle tree fast: a ray's walk is bound by memory, not arithmetic.
 */
export interface BvhParts {
  /**
   * Per node 8 words, one 32-byte record: min xyz, max xyz (float32), then two int32 — [first triangle,
   * count] for leaves (count > 0), [right child, -1 - split axis] for inner nodes.
   */
  nodes: ArrayBuffer | SharedArrayBuffer;
  /** Per (reordered) triangle: v0, v1, v2 xyz. */
  tris: Float32Array;
  /** Reordered position → original triangle index. */
  order: Int32Array;
}

const NODE_WORDS = 8;

/** The same parts copied into SharedArrayBuffers (read in place by any thread). */
export function sharedBvhParts(p: BvhParts): BvhParts {
  const nodes = new SharedArrayBuffer(p.nodes.byteLength);
  new Uint8Array(nodes).set(new Uint8Array(p.nodes));
  const share = <T extends Float32Array | Int32Array>(a: T, make: (b: SharedArrayBuffer) => T): T => {
    const out = make(new SharedArrayBuffer(a.byteLength));
    out.set(a as never);
    return out;
  };
  return {
    nodes,
    tris: share(p.tris, (b) => new Float32Array(b)),
    order: share(p.order, (b) => new Int32Array(b)),
  };
}

export const bvhPartsBytes = (p: BvhParts): number =>
  p.nodes.byteLength + p.tris.byteLength + p.order.byteLength;

export class Bvh {
  private readonly nodes: ArrayBuffer | SharedArrayBuffer;
  /** Views of `nodes`: float32 corners and int32 meta words of the same records. */
  private readonly bounds: Float32Array;
  private readonly meta: Int32Array;
  private readonly tris: Float32Array;
  private readonly order: Int32Array;
  private readonly stack = new Int32Array(128);
  readonly triangleCount: number;

  /** A tree over a triangle soup (built here), or one built before (its parts). */
  constructor(source: Float32Array | BvhParts) {
    const parts = 'tris' in source ? source : buildParts(source);
    this.nodes = parts.nodes;
    this.bounds = new Float32Array(parts.nodes);
    this.meta = new Int32Array(parts.nodes);
    this.tris = parts.tris;
    this.order = parts.order;
    this.triangleCount = parts.order.length;
  }

  /** The tree's arrays, to keep or share (they are the live ones: do not modify). */
  get parts(): BvhParts {
    return { nodes: this.nodes, tris: this.tris, order: this.order };
  }

  /**
   * Nearest triangle hit with tmin < t < tmax along a unit direction. With `any`, the first hit found is
   * returned (shadow query).
   */
  intersect(
    ox: number,
    oy: number,
    oz: number,
    dx: number,
    dy: number,
    dz: number,
    tmin: number,
    tmax: number,
    out: RayHit,
    any = false,
  ): boolean {
    out.t = Infinity;
    out.tri = -1;
    if (this.triangleCount === 0) return false;
    const { bounds, meta, tris, stack } = this;
    const ix = 1 / dx,
      iy = 1 / dy,
      iz = 1 / dz;
    // Offsets of the near corner's coordinate per axis: min (0) when the ray goes up that axis, else max.
    const nx = ix >= 0 ? 0 : 3,
      ny = iy >= 0 ? 1 : 4,
      nz = iz >= 0 ? 2 : 5;
    let best = tmax;
    let bestTri = -1;
    let sp = 0;
    stack[sp++] = 0;
    while (sp > 0) {
      const node = stack[--sp]!;
      const b = node * NODE_WORDS;
      // Slab test, with each axis's near and far planes chosen once per ray.
      let tn = (bounds[b + nx]! - ox) * ix,
        tf = (bounds[b + 3 - nx]! - ox) * ix;
      const tny = (bounds[b + ny]! - oy) * iy,
        tfy = (bounds[b + 5 - ny]! - oy) * iy;
      if (tny > tn) tn = tny;
      if (tfy < tf) tf = tfy;
      const tnz = (bounds[b + nz]! - oz) * iz,
        tfz = (bounds[b + 7 - nz]! - oz) * iz;
      if (tnz > tn) tn = tnz;
      if (tfz < tf) tf = tfz;
      // The far distance widened by 2⁻⁴⁰ of itself: a ray through a box's edge or corner meets its slabs at
      // the same distance, which rounding may put either way, and a triangle on that edge was then culled
      // though the exact test below hits it (fast-check found one). Wider only tests a few more triangles.
      if (tf * ROBUST < tn || tf < tmin || tn > best) continue;
      const count = meta[b + 7]!;
      if (count > 0) {
        const first = meta[b + 6]!;
        for (let i = first, end = first + count; i < end; i++) {
          const o = i * 9;
          const x0 = tris[o]!,
            y0 = tris[o + 1]!,
            z0 = tris[o + 2]!;
          const e1x = tris[o + 3]! - x0,
            e1y = tris[o + 4]! - y0,
            e1z = tris[o + 5]! - z0;
          const e2x = tris[o + 6]! - x0,
            e2y = tris[o + 7]! - y0,
            e2z = tris[o + 8]! - z0;
          const px = dy * e2z - dz * e2y,
            py = dz * e2x - dx * e2z,
            pz = dx * e2y - dy * e2x;
          const det = e1x * px + e1y * py + e1z * pz;
          if (det > -1e-14 && det < 1e-14) continue;
          const inv = 1 / det;
          const sx = ox - x0,
            sy = oy - y0,
            sz = oz - z0;
          const u = (sx * px + sy * py + sz * pz) * inv;
          if (u < 0 || u > 1) continue;
          const qx = sy * e1z - sz * e1y,
            qy = sz * e1x - sx * e1z,
            qz = sx * e1y - sy * e1x;
          const v = (dx * qx + dy * qy + dz * qz) * inv;
          if (v < 0 || u + v > 1) continue;
          const t = (e2x * qx + e2y * qy + e2z * qz) * inv;
          if (t > tmin && t < best) {
            best = t;
            bestTri = i;
            if (any) {
              out.t = best;
              out.tri = this.order[i]!;
              return true;
            }
          }
        }
      } else {
        // Visit the nearer child first: the left one holds the smaller centroids along the split axis.
        const left = node + 1;
        const right = meta[b + 6]!;
        const axis = -1 - count;
        const axisDir = axis === 0 ? dx : axis === 1 ? dy : dz;
        if (axisDir >= 0) {
          stack[sp++] = right;
          stack[sp++] = left;
        } else {
          stack[sp++] = left;
          stack[sp++] = right;
        }
      }
    }
    if (bestTri < 0) return false;
    out.t = best;
    out.tri = this.order[bestTri]!;
    return true;
  }
}

/** Binned-SAH build over a triangle soup (see the module comment). */
function buildParts(positions: Float32Array): BvhParts {
  const n = Math.floor(positions.length / 9);
  const lo = new Float64Array(n * 3);
  const hi = new Float64Array(n * 3);
  // Centroids, three a triangle: a box of zero size for growBox.
  const cen3 = new Float64Array(n * 3);
  for (let i = 0; i < n; i++) {
    const o = i * 9;
    for (let k = 0; k < 3; k++) {
      const a = positions[o + k]!;
      const b = positions[o + 3 + k]!;
      const c = positions[o + 6 + k]!;
      lo[i * 3 + k] = Math.min(a, b, c);
      hi[i * 3 + k] = Math.max(a, b, c);
      cen3[i * 3 + k] = (lo[i * 3 + k]! + hi[i * 3 + k]!) / 2;
    }
  }
  const idx = new Int32Array(n);
  for (let i = 0; i < n; i++) idx[i] = i;
  const maxNodes = Math.max(1, 2 * n);
  const bounds = new Float64Array(maxNodes * 6);
  const meta = new Int32Array(maxNodes * 2);
  let nodeCount = 0;
  const binCount = new Int32Array(BINS);
  const binLo = new Float64Array(BINS * 3);
  const binHi = new Float64Array(BINS * 3);
  const rightArea = new Float64Array(BINS);
  const box = new Float64Array(6);
  const cbox = new Float64Array(6);

  const build = (start: number, end: number): number => {
    const node = nodeCount++;
    emptyBox(box);
    emptyBox(cbox);
    for (let i = start; i < end; i++) {
      const t = idx[i]!;
      growBox(box, lo, hi, t);
      growBox(cbox, cen3, cen3, t);
    }
    bounds.set(box, node * 6);
    const count = end - start;
    let axis = 0;
    for (let q = 1; q < 3; q++) if (cbox[3 + q]! - cbox[q]! > cbox[3 + axis]! - cbox[axis]!) axis = q;
    const extent = cbox[3 + axis]! - cbox[axis]!;
    if (count <= LEAF || extent <= 1e-12) {
      meta[node * 2] = start;
      meta[node * 2 + 1] = count;
      return node;
    }
    // Binned SAH along the widest centroid axis.
    const c0 = cbox[axis]!;
    const scale = BINS / extent;
    binCount.fill(0);
    binLo.fill(Infinity);
    binHi.fill(-Infinity);
    for (let i = start; i < end; i++) {
      const t = idx[i]!;
      const k = Math.min(BINS - 1, Math.floor((cen3[t * 3 + axis]! - c0) * scale));
      binCount[k]!++;
      for (let q = 0; q < 3; q++) {
        binLo[k * 3 + q] = Math.min(binLo[k * 3 + q]!, lo[t * 3 + q]!);
        binHi[k * 3 + q] = Math.max(binHi[k * 3 + q]!, hi[t * 3 + q]!);
      }
    }
    // Sweep from the right for the suffix areas, then from the left (no allocation in the loops).
    emptyBox(box);
    for (let k = BINS - 1; k > 0; k--) {
      if (binCount[k]! > 0) growBox(box, binLo, binHi, k);
      rightArea[k] = areaOf(box);
    }
    emptyBox(box);
    let leftCount = 0;
    let bestCost = Infinity;
    let bestSplit = -1;
    for (let k = 0; k < BINS - 1; k++) {
      if (binCount[k]! > 0) growBox(box, binLo, binHi, k);
      leftCount += binCount[k]!;
      const rightCount = count - leftCount;
      if (leftCount === 0 || rightCount === 0) continue;
      const cost = areaOf(box) * leftCount + rightArea[k + 1]! * rightCount;
      if (cost < bestCost) {
        bestCost = cost;
        bestSplit = k;
      }
    }
    let mid: number;
    if (bestSplit < 0) {
      mid = (start + end) >> 1;
    } else {
      // Partition idx[start, end) by bin.
      let i = start;
      let j = end - 1;
      while (i <= j) {
        const k = Math.min(BINS - 1, Math.floor((cen3[idx[i]! * 3 + axis]! - c0) * scale));
        if (k <= bestSplit) i++;
        else {
          const tmp = idx[i]!;
          idx[i] = idx[j]!;
          idx[j] = tmp;
          j--;
        }
      }
      mid = i;
      if (mid === start || mid === end) mid = (start + end) >> 1;
    }
    build(start, mid);
    const right = build(mid, end);
    meta[node * 2] = right;
    meta[node * 2 + 1] = -1 - axis;
    return node;
  };
  if (n > 0) build(0, n);
  const count = Math.max(1, nodeCount);
  const nodes = new ArrayBuffer(count * NODE_WORDS * 4);
  const outBounds = new Float32Array(nodes);
  const outMeta = new Int32Array(nodes);
  for (let k = 0; k < count; k++) {
    for (let q = 0; q < 6; q++) outBounds[k * NODE_WORDS + q] = bounds[k * 6 + q]!;
    outMeta[k * NODE_WORDS + 6] = meta[k * 2]!;
    outMeta[k * NODE_WORDS + 7] = meta[k * 2 + 1]!;
  }
  const tris = new Float32Array(n * 9);
  for (let i = 0; i < n; i++) tris.set(positions.subarray(idx[i]! * 9, idx[i]! * 9 + 9), i * 9);
  return { nodes, tris, order: idx };
}
