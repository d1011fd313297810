import { hash32 } from './random';

/**
 * Tree crowns in the exterior rays (docs/engine.md, "Tree crowns"). A crown is drawn as triangles (an
 * export's crossed cards, or a solid); the light from behind it passes through its gaps. Tregenza and
 * Sharples' daylight algorithm 1.44 (after Wilkinson, 1992) gives the share of the sky seen through mature
 * crowns (oak 0.17 in leaf, 0.50 bare; lime 0.11 and 0.54; Scots pine 0.27 and 0.30) and takes the
 * crown's reflectance as 0.1, less than a single leaf's.
 *
 * The gaps are a fixed pattern on the crown: a hit passes where a hash of its 5 cm cell (and the tree)
 * falls under the transmittance. So every ray, the sun's included, sees the same gaps, the share of the
 * crown's area open is the transmittance to within a few tenths of a percent (thousands of cells a
 * crown), and the answer stays deterministic. A ray that has passed through a tree's crown passes its
 * other cards freely: the guide's share is of the whole crown seen from outside, not of each card.
 */

/** Reflectance of a crown's leaves and branches seen together (Tregenza and Sharples, 1.44). */
export const CROWN_REFLECTANCE = 0.1;

/** The gaps' cell (m): far under the crowns' size, so that each crown holds thousands. */
export const GAP_CELL = 0.05;

const TWO_32 = 4294967296;

/** Whether a ray meeting the crown of `tree` at (x, y, z) passes through it there. */
export function throughCrown(tree: number, x: number, y: number, z: number, transmittance: number): boolean {
  if (transmittance >= 1) return true;
  if (transmittance <= 0) return false;
  const h = hash32(tree, Math.floor(x / GAP_CELL), Math.floor(y / GAP_CELL), Math.floor(z / GAP_CELL));
  return h / TWO_32 < transmittance;
}

/** A crown as a request gives it: an ellipsoid, axis-aligned (a sphere when its radii are equal). */
export interface CrownShape {
  centre: [number, number, number];
  radii: [number, number, number];
}

/** Segments around a crown's tessellation, and rings from its foot to its top. */
const AROUND = 16;
const RINGS = 8;
/**
 * Each polygon of AROUND sides inscribed in a circle holds AROUND·sin(2π/AROUND)/(2π) of its area (97.4 %):
 * the points are set out by the inverse square root of that, so that the crown's outline seen from any side
 * covers the ellipsoid's area, not 2.6 % less.
 */
const INFLATE = Math.sqrt((2 * Math.PI) / (AROUND * Math.sin((2 * Math.PI) / AROUND)));

/** A crown's triangles (AROUND · (2·RINGS − 2) of them), 9 floats each, appended to `out`. */
export function crownTriangles(c: CrownShape, out: number[]): void {
  const [cx, cy, cz] = c.centre;
  const [rx, ry, rz] = c.radii.map((r) => r * INFLATE) as [number, number, number];
  const point = (ring: number, k: number): [number, number, number] => {
    const theta = (Math.PI * ring) / RINGS; // 0 at the top
    const phi = (2 * Math.PI * k) / AROUND;
    const s = Math.sin(theta);
    return [cx + rx * s * Math.cos(phi), cy + ry * s * Math.sin(phi), cz + rz * Math.cos(theta)];
  };
  for (let ring = 0; ring < RINGS; ring++)
    for (let k = 0; k < AROUND; k++) {
      const a = point(ring, k),
        b = point(ring, k + 1),
        c2 = point(ring + 1, k),
        d = point(ring + 1, k + 1);
      if (ring > 0) out.push(...a, ...c2, ...b);
      if (ring < RINGS - 1) out.push(...b, ...c2, ...d);
    }
}

/** Triangles a crown is drawn with. */
export const CROWN_TRIANGLES = AROUND * (2 * RINGS - 2);
