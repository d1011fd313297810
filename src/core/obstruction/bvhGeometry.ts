import { BufferAttribute, BufferGeometry } from 'three';

/**
 * The core's one use of three.js itself: three-mesh-bvh builds its tree over a BufferGeometry, so the soup's
 * positions are wrapped in one (in place, no copy). Everything else in src/core stays free of three
 * (eslint.config.js forbids it; type imports aside).
 */
export function positionsGeometry(positions: Float32Array): BufferGeometry {
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(positions, 3));
  return geometry;
}
