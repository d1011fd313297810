import type { Point3 } from '../geometry/vec';
import type { TriangleSoup } from '../types';
import type { Degrees } from '../units';
import { obstructionFan, type ObstructionFan } from './obstructionAngles';
import { adoptedScene, buildObstructionScene } from './obstructionScene';
import { obstructionFansByScan } from './fanScan';

/**
 * Up to this many viewpoints a pass over the soup per viewpoint costs less than building a tree (480 000
 * triangles on the project VM with its other core busy: one scan ~75 ms, the tree ~540 ms and ~5 ms a fan).
 */
export const SCAN_MAX_VIEWPOINTS = 6;

/**
 * The fans of several viewpoints against one mesh, by the cheaper of the two exact paths: the stored
 * tree when the mesh has one (a context uploaded once), a scan for a few viewpoints, else a tree built
 * here. Both give the same angles to the bit.
 */
export function obstructionFans(
  mesh: TriangleSoup,
  views: readonly { viewpoint: Point3; direction: Degrees }[],
): ObstructionFan[] {
  const stored = adoptedScene(mesh.positions);
  if (!stored && views.length <= SCAN_MAX_VIEWPOINTS) return obstructionFansByScan(mesh.positions, views);
  const scene = stored ?? buildObstructionScene(mesh);
  return views.map((v) => obstructionFan(scene, v.viewpoint, v.direction));
}
