import type { Point3 } from '../geometry/vec';
import type { TriangleSoup } from '../types';
import type { Degrees } from '../units';
import { obstructionFan, type ObstructionFan } from './obstructionAngles';
import { adoptedScene, adoptScene, buildObstructionScene } from './obstructionScene';
import { obstructionFansByScan } from './fanScan';

/**
 * Up to this many viewpoints a pass over the soup per viewpoint costs less than building a tree. 480 000
 * triangles on the project VM, 24 viewpoints at 1–22 m: a scan 15–27 ms, the tree 170–400 ms to build and
 * 2–9 ms a fan, so the two break even at 13–22 viewpoints; below that the scan also spares the memory.
 */
export const SCAN_MAX_VIEWPOINTS = 12;

/**
 * The fans of several viewpoints against one mesh, by the cheaper of the two exact paths: the stored
 * tree when the mesh has one (a context uploaded once, or its copy moved about a far room, whose tree is
 * built on its first use and kept), a scan for a few viewpoints, else a tree built here. Both give the
 * same angles to the bit. The triangles set in `skip` (by index) are left out.
 */
export function obstructionFans(
  mesh: TriangleSoup,
  views: readonly { viewpoint: Point3; direction: Degrees }[],
  skip?: Uint8Array,
): ObstructionFan[] {
  const stored = adoptedScene(mesh.positions);
  if (!stored && !mesh.reused && views.length <= SCAN_MAX_VIEWPOINTS)
    return obstructionFansByScan(mesh.positions, views, skip);
  const scene = stored ?? buildObstructionScene(mesh);
  // A copy the next requests will bring again keeps its tree, as a stored context's is kept.
  if (!stored && mesh.reused) adoptScene(scene);
  return views.map((v) => obstructionFan(scene, v.viewpoint, v.direction, skip));
}
