import { BufferAttribute, BufferGeometry, DoubleSide, Ray, Vector3 } from 'three';
import { MeshBVH, SAH } from 'three-mesh-bvh';

/**
 * Closest-hit ray casting for the oracle over a triangle soup, on three-mesh-bvh's tree (SAH). The tree is
 * built by MeshBVH and read once through its public `traverse` into flat arrays; the rays walk that copy
 * nearest child first with a slab test per box and Möller–Trumbore per triangle. (MeshBVH.raycastFirst gives
 * the same hits — `castThree` — but allocates a result per candidate triangle: 3× slower here, and this
 * tracer casts millions of rays per test.)
 */
export class RayCaster {
  /** Per node: its box (min xyz, max xyz), and its two children (inner) or its triangle range (count > 0). */
  private readonly box: Float64Array;
  private readonly left: Int32Array;
  private readonly right: Int32Array;
  private readonly first: Int32Array;
  private readonly count: Int32Array;
  /** Triangles in the tree's order: vertex 0 and the edges to vertices 1 and 2; and their soup index. */
  private readonly tri: Float64Array;
  private readonly soupIndex: Uint32Array;
  private readonly stack = new Int32Array(256);
  private readonly stackT = new Float64Array(256);
  private readonly bvh: MeshBVH;
  /** Distance to the hit of the last cast. */
  t = Infinity;

  constructor(positions: Float64Array) {
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(positions, 3));
    this.bvh = new MeshBVH(geometry, { strategy: SAH, targetLeafSize: 4 });
    const boxes: number[] = [];
    const left: number[] = [],
      right: number[] = [],
      first: number[] = [],
      count: number[] = [];
    const path: number[] = []; // the node at each depth on the way down (a pre-order walk, left child first)
    this.bvh.traverse((depth, isLeaf, bounds, offsetOrSplit, n) => {
      const id = left.length;
      for (let k = 0; k < 6; k++) boxes.push(bounds[k]!);
      left.push(-1);
      right.push(-1);
      first.push(isLeaf ? offsetOrSplit : 0);
      count.push(isLeaf ? n : 0);
      if (depth > 0) {
        const parent = path[depth - 1]!;
        if (left[parent] === -1) left[parent] = id;
        else right[parent] = id;
      }
      path[depth] = id;
      return false;
    });
    this.box = Float64Array.from(boxes);
    this.left = Int32Array.from(left);
    this.right = Int32Array.from(right);
    this.first = Int32Array.from(first);
    this.count = Int32Array.from(count);
    // The BVH sorts the index buffer it generates, never the positions: the tree's triangle order is there.
    const index = geometry.index!.array;
    const nt = positions.length / 9;
    this.tri = new Float64Array(nt * 9);
    this.soupIndex = new Uint32Array(nt);
    for (let p = 0; p < nt; p++) {
      const v0 = index[3 * p]!;
      this.soupIndex[p] = Math.floor(v0 / 3);
      for (let k = 0; k < 3; k++) {
        const v = index[3 * p + k]!;
        for (let c = 0; c < 3; c++)
          this.tri[9 * p + 3 * k + c] = positions[3 * v + c]! - (k > 0 ? positions[3 * v0 + c]! : 0);
      }
    }
  }

  /**
   * The closest triangle along a unit ray within (0, far): its index in the soup, or −1; the distance in `t`.
   */
  cast(ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, far = Infinity): number {
    // Reciprocal direction for the slab tests (a zero component becomes a huge finite one: no 0·∞).
    const ix = 1 / (dx === 0 ? 1e-300 : dx),
      iy = 1 / (dy === 0 ? 1e-300 : dy),
      iz = 1 / (dz === 0 ? 1e-300 : dz);
    const { box, left, right, first, count, tri, stack, stackT } = this;
    const entry = (i: number): number => {
      const o = 6 * i;
      let a = (box[o]! - ox) * ix,
        b = (box[o + 3]! - ox) * ix;
      let tn = a < b ? a : b,
        tf = a < b ? b : a;
      a = (box[o + 1]! - oy) * iy;
      b = (box[o + 4]! - oy) * iy;
      tn = Math.max(tn, a < b ? a : b);
      tf = Math.min(tf, a < b ? b : a);
      a = (box[o + 2]! - oz) * iz;
      b = (box[o + 5]! - oz) * iz;
      tn = Math.max(tn, a < b ? a : b, 0);
      tf = Math.min(tf, a < b ? b : a);
      return tn <= tf ? tn : Infinity;
    };
    let best = far;
    let bestTri = -1;
    let sp = 0;
    const t0 = entry(0);
    if (t0 < best) {
      stack[0] = 0;
      stackT[0] = t0;
      sp = 1;
    }
    while (sp > 0) {
      sp--;
      if (stackT[sp]! >= best) continue;
      const node = stack[sp]!;
      const n = count[node]!;
      if (n === 0) {
        const a = left[node]!,
          b = right[node]!;
        const ta = entry(a),
          tb = entry(b);
        // The farther child goes on the stack first, so that the nearer one is walked first.
        const nearFirst = ta <= tb;
        const t1 = nearFirst ? tb : ta,
          t2 = nearFirst ? ta : tb;
        if (t1 < best) {
          stack[sp] = nearFirst ? b : a;
          stackT[sp++] = t1;
        }
        if (t2 < best) {
          stack[sp] = nearFirst ? a : b;
          stackT[sp++] = t2;
        }
        continue;
      }
      for (let p = first[node]!, end = p + n; p < end; p++) {
        const o = 9 * p;
        const e1x = tri[o + 3]!,
          e1y = tri[o + 4]!,
          e1z = tri[o + 5]!,
          e2x = tri[o + 6]!,
          e2y = tri[o + 7]!,
          e2z = tri[o + 8]!;
        const px = dy * e2z - dz * e2y,
          py = dz * e2x - dx * e2z,
          pz = dx * e2y - dy * e2x;
        const det = e1x * px + e1y * py + e1z * pz;
        if (det > -1e-15 && det < 1e-15) continue;
        const inv = 1 / det;
        const sx = ox - tri[o]!,
          sy = oy - tri[o + 1]!,
          sz = oz - tri[o + 2]!;
        const u = (sx * px + sy * py + sz * pz) * inv;
        if (u < -1e-12 || u > 1 + 1e-12) continue;
        const qx = sy * e1z - sz * e1y,
          qy = sz * e1x - sx * e1z,
          qz = sx * e1y - sy * e1x;
        const v = (dx * qx + dy * qy + dz * qz) * inv;
        if (v < -1e-12 || u + v > 1 + 1e-12) continue;
        const t = (e2x * qx + e2y * qy + e2z * qz) * inv;
        if (t > 0 && t < best) {
          best = t;
          bestTri = p;
        }
      }
    }
    this.t = best;
    return bestTri < 0 ? -1 : this.soupIndex[bestTri]!;
  }

  /** The same query through MeshBVH.raycastFirst (both faces), for tests: soup index or −1, and distance. */
  castThree(ox: number, oy: number, oz: number, dx: number, dy: number, dz: number): [number, number] {
    const ray = new Ray(new Vector3(ox, oy, oz), new Vector3(dx, dy, dz));
    const hit = this.bvh.raycastFirst(ray, DoubleSide);
    return hit === null ? [-1, Infinity] : [Math.floor(hit.face!.a / 3), hit.distance];
  }
}
