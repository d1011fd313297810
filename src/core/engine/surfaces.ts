import { Bvh, bvhPartsBytes, sharedBvhParts, type BvhParts, type RayHit } from './bvh';

/**
 * A set of exterior triangles ready to trace: their tree and unit normals (winding side). The context's
 * set is kept per positions array, so a context met again (a stored one, POST /v2/meshes, or the same
 * request's second simulation) is not built again; the building body, which changes with every room, is
 * built per room.
 */
export interface Surfaces {
  bvh: Bvh;
  normals: Float32Array;
}

/** A built context as a server keeps it in shared memory (threadMeshes.ts adopts it in each thread). */
export interface SharedSurfaces {
  tree: BvhParts;
  normals: Float32Array;
}

const known = new WeakMap<Float32Array, Surfaces>();

export function surfacesOf(positions: Float32Array): Surfaces {
  let s = known.get(positions);
  if (!s) {
    s = { bvh: new Bvh(positions), normals: unitNormals(positions) };
    known.set(positions, s);
  }
  return s;
}

/** Builds a context's surfaces into shared memory, for a server to keep with the stored mesh. */
export function buildSharedSurfaces(positions: Float32Array): SharedSurfaces {
  return { tree: sharedBvhParts(new Bvh(positions).parts), normals: sharedCopy(unitNormals(positions)) };
}

function sharedCopy(a: Float32Array): Float32Array {
  const out = new Float32Array(new SharedArrayBuffer(a.byteLength));
  out.set(a);
  return out;
}

/** The shared surfaces behind a positions array: those it adopted, or those sharedSurfacesOf copied. */
const shared = new WeakMap<Float32Array, SharedSurfaces>();

/**
 * A context's surfaces in shared memory, for another thread to adopt (adoptSurfaces) instead of building
 * its own tree: a thread that receives the positions gets a new array, which surfacesOf does not know, and
 * would build the tree again on every message (~0.9 s for 5·10⁵ triangles). A stored context's are the
 * server's own; another's are built here (or taken from surfacesOf's) and copied into shared memory once.
 */
export function sharedSurfacesOf(positions: Float32Array): SharedSurfaces {
  let s = shared.get(positions);
  if (!s) {
    const own = surfacesOf(positions);
    s = { tree: sharedBvhParts(own.bvh.parts), normals: sharedCopy(own.normals) };
    shared.set(positions, s);
  }
  return s;
}

export const sharedSurfacesBytes = (s: SharedSurfaces): number =>
  bvhPartsBytes(s.tree) + s.normals.byteLength;

/** From now on surfacesOf(positions) answers the shared surfaces without building. */
export function adoptSurfaces(positions: Float32Array, s: SharedSurfaces): void {
  known.set(positions, { bvh: new Bvh(s.tree), normals: s.normals });
  shared.set(positions, s);
}

function unitNormals(p: Float32Array): Float32Array {
  const n = Math.floor(p.length / 9);
  const normals = new Float32Array(n * 3);
  for (let i = 0; i < n; i++) {
    const o = i * 9;
    const ax = p[o + 3]! - p[o]!,
      ay = p[o + 4]! - p[o + 1]!,
      az = p[o + 5]! - p[o + 2]!;
    const bx = p[o + 6]! - p[o]!,
      by = p[o + 7]! - p[o + 1]!,
      bz = p[o + 8]! - p[o + 2]!;
    let cx = ay * bz - az * by,
      cy = az * bx - ax * bz,
      cz = ax * by - ay * bx;
    const l = Math.hypot(cx, cy, cz) || 1;
    cx /= l;
    cy /= l;
    cz /= l;
    normals[i * 3] = cx;
    normals[i * 3 + 1] = cy;
    normals[i * 3 + 2] = cz;
  }
  return normals;
}

/**
 * Nearest hit over two sets (the context and the body), with triangle indices numbered as one soup: the
 * context's first. `scratch` is the body's hit record. With `any`, a hit in either (shadow query).
 */
export function intersectBoth(
  a: Surfaces | null,
  b: Surfaces,
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
  tmin: number,
  tmax: number,
  out: RayHit,
  scratch: RayHit,
  any = false,
): boolean {
  // The body first: it is small, and its hit bounds the context's walk. Ties go to the context, as
  // they would tracing the context first, so the nearest hit is the same triangle either way.
  const inBody = b.bvh.intersect(ox, oy, oz, dx, dy, dz, tmin, tmax, scratch, any);
  const limit = inBody ? nextUp(scratch.t) : tmax;
  if (!(inBody && any) && a && a.bvh.intersect(ox, oy, oz, dx, dy, dz, tmin, limit, out, any)) return true;
  if (inBody) {
    out.t = scratch.t;
    out.tri = scratch.tri + (a ? a.bvh.triangleCount : 0);
    return true;
  }
  out.t = Infinity;
  out.tri = -1;
  return false;
}

const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);
// The low word of a double comes first on little-endian platforms, which is every platform Lux runs on.
const LO = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 0 : 1;

/** The next double above a finite positive t (one more unit in its last place). */
function nextUp(t: number): number {
  f64[0] = t;
  if (u32[LO] === 0xffffffff) {
    u32[LO] = 0;
    u32[1 - LO]!++;
  } else u32[LO]!++;
  return f64[0]!;
}
