import type { TriangleSoup } from '../../src/core/types';

/** Small hand-made meshes for readable tests. Every quad is two triangles. */
export type V3 = readonly [number, number, number];

export function soup(...triangles: (readonly [V3, V3, V3])[]): TriangleSoup {
  return { positions: new Float32Array(triangles.flatMap((t) => t.flatMap((v) => [...v]))) };
}

export function quad(a: V3, b: V3, c: V3, d: V3): [V3, V3, V3][] {
  return [
    [a, b, c],
    [a, c, d],
  ];
}

/** A vertical wall in the plane x = `x`, spanning y0..y1 and z0..z1. */
export function wallX(x: number, y0: number, y1: number, z0: number, z1: number): [V3, V3, V3][] {
  return quad([x, y0, z0], [x, y1, z0], [x, y1, z1], [x, y0, z1]);
}

/** A horizontal slab at height z over x0..x1 × y0..y1. */
export function slab(z: number, x0: number, x1: number, y0: number, y1: number): [V3, V3, V3][] {
  return quad([x0, y0, z], [x1, y0, z], [x1, y1, z], [x0, y1, z]);
}

export function merge(...parts: [V3, V3, V3][][]): TriangleSoup {
  return soup(...parts.flat());
}
