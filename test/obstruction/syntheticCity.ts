import type { Point3 } from '../../src/core/geometry/vec';
import type { TriangleSoup } from '../../src/core/types';
import { deg, type Degrees } from '../../src/core/units';
import { seededRandom } from './seededRandom';

/**
 * A seeded box city for benchmarks and oracle tests: lots on a 25 m grid, filled in rings outward from the
 * window's own building until the triangle budget is reached. Walls are split per storey (3 m), as city
 * models exported from CAD/GIS are, so triangle density grows with height as it does in real data.
 */
export interface SyntheticCity {
  mesh: TriangleSoup;
  /** External reference point: on the own building's east facade (x = 10), 7.3 m up. */
  viewpoint: Point3;
  /** Outward normal of that facade. */
  direction: Degrees;
  buildings: number;
  triangles: number;
  /** Half the side of the square the city covers, metres. */
  extent: number;
}

const LOT = 25;
const STOREY = 3;

export function syntheticCity(targetTriangles: number, seed: number): SyntheticCity {
  const rand = seededRandom(seed);
  const out: number[] = [];
  // The own building: 20 × 20 m, 24 m tall, its east facade at x = 10 through the viewpoint.
  addBuilding(out, -10, -10, 10, 10, 24);
  let buildings = 1;
  let ring = 1;
  while (out.length / 9 < targetTriangles) {
    for (let i = -ring; i <= ring && out.length / 9 < targetTriangles; i++) {
      for (let j = -ring; j <= ring && out.length / 9 < targetTriangles; j++) {
        if (Math.max(Math.abs(i), Math.abs(j)) !== ring) continue;
        const w = 8 + rand() * 12;
        const dpt = 8 + rand() * 12;
        const h = Math.min(90, 3 + 12 * -Math.log(1 - rand() * 0.999));
        const cx = i * LOT + (rand() - 0.5) * (LOT - w - 4);
        const cy = j * LOT + (rand() - 0.5) * (LOT - dpt - 4);
        addBuilding(out, cx - w / 2, cy - dpt / 2, cx + w / 2, cy + dpt / 2, h);
        buildings++;
      }
    }
    ring++;
  }
  const positions = new Float32Array(out);
  return {
    mesh: { positions },
    viewpoint: { x: 10, y: 0, z: 7.3 },
    direction: deg(0),
    buildings,
    triangles: positions.length / 9,
    extent: (ring - 0.5) * LOT,
  };
}

/** A closed box: four walls split into storeys, a flat roof; no floor (it lies on the terrain). */
function addBuilding(out: number[], x0: number, y0: number, x1: number, y1: number, height: number): void {
  const storeys = Math.max(1, Math.round(height / STOREY));
  const corners: [number, number][] = [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ];
  for (let k = 0; k < storeys; k++) {
    const za = (height * k) / storeys;
    const zb = (height * (k + 1)) / storeys;
    for (let c = 0; c < 4; c++) {
      const [ax, ay] = corners[c]!;
      const [bx, by] = corners[(c + 1) % 4]!;
      out.push(ax, ay, za, bx, by, za, bx, by, zb);
      out.push(ax, ay, za, bx, by, zb, ax, ay, zb);
    }
  }
  out.push(x0, y0, height, x1, y0, height, x1, y1, height);
  out.push(x0, y0, height, x1, y1, height, x0, y1, height);
}
