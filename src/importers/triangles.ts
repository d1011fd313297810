import { Matrix4, Vector3, type BufferGeometry, type Object3D } from 'three';

/**
 * Every triangle of a three.js scene graph in world coordinates (world matrices applied, indexed and
 * non-indexed geometry alike), as one flat array, 9 floats per triangle: the form the core's obstruction
 * code and the API's mesh take. Points and lines are skipped: they hide no sky.
 */
export function collectTriangles(root: Object3D): Float32Array {
  root.updateMatrixWorld(true);
  const parts: { geometry: BufferGeometry; matrix: Matrix4 }[] = [];
  let total = 0;
  root.traverse((o) => {
    const mesh = o as Object3D & { isMesh?: boolean; geometry?: BufferGeometry };
    if (!mesh.isMesh || !mesh.geometry?.attributes.position) return;
    const g = mesh.geometry;
    const count = g.index ? g.index.count : g.attributes.position!.count;
    total += Math.floor(count / 3);
    parts.push({ geometry: g, matrix: o.matrixWorld });
  });
  const out = new Float32Array(total * 9);
  const v = new Vector3();
  let k = 0;
  for (const { geometry, matrix } of parts) {
    const pos = geometry.attributes.position!;
    const index = geometry.index;
    const count = Math.floor((index ? index.count : pos.count) / 3) * 3;
    const identity = matrix.equals(IDENTITY);
    for (let i = 0; i < count; i++) {
      const j = index ? index.getX(i) : i;
      v.set(pos.getX(j), pos.getY(j), pos.getZ(j));
      if (!identity) v.applyMatrix4(matrix);
      out[k++] = v.x;
      out[k++] = v.y;
      out[k++] = v.z;
    }
  }
  return out;
}

const IDENTITY = new Matrix4();

/** Y-up (glTF's convention, common in OBJ) to the project's Z-up frame: (x, y, z) → (x, −z, y). */
export function yUpToZUp(p: Float32Array): Float32Array {
  for (let i = 0; i < p.length; i += 3) {
    const y = p[i + 1]!;
    p[i + 1] = -p[i + 2]!;
    p[i + 2] = y;
  }
  return p;
}
