import type { Point3 } from '../../src/core/geometry/vec';
import { seededRandom } from './seededRandom';

export interface RandomScene {
  positions: Float32Array;
  viewpoint: Point3;
}

/**
 * A seeded jumble around the viewpoint: small free triangles anywhere (behind, below, straddling P's
 * height), rotated boxes, and thin overhanging slabs, so that most directions have several sky bands.
 */
export function randomScene(seed: number, triangles = 300): RandomScene {
  const rand = seededRandom(seed);
  const r = (lo: number, hi: number): number => lo + (hi - lo) * rand();
  const viewpoint = { x: r(-5, 5), y: r(-5, 5), z: r(0, 8) };
  const out: number[] = [];
  while (out.length / 9 < triangles) {
    const kind = rand();
    if (kind < 0.5) {
      const cx = viewpoint.x + r(-40, 40);
      const cy = viewpoint.y + r(-40, 40);
      const cz = viewpoint.z + r(-5, 25);
      for (let k = 0; k < 3; k++) out.push(cx + r(-4, 4), cy + r(-4, 4), cz + r(-4, 4));
    } else if (kind < 0.85) {
      addBox(
        out,
        viewpoint.x + r(-40, 40),
        viewpoint.y + r(-40, 40),
        r(2, 10),
        r(2, 10),
        r(1, 30),
        r(0, Math.PI),
      );
    } else {
      // An overhang: a horizontal slab above P that may pass over it.
      const z = viewpoint.z + r(0.5, 6);
      const x0 = viewpoint.x + r(-6, 6);
      const y0 = viewpoint.y + r(-6, 6);
      const x1 = x0 + r(1, 8);
      const y1 = y0 + r(1, 8);
      out.push(x0, y0, z, x1, y0, z, x1, y1, z, x0, y0, z, x1, y1, z, x0, y1, z);
    }
  }
  return { positions: new Float32Array(out), viewpoint };
}

/** A closed box of footprint w × d, rotated by `angle` about its centre, from the terrain to `height`. */
export function addBox(
  out: number[],
  cx: number,
  cy: number,
  w: number,
  d: number,
  height: number,
  angle = 0,
  base = 0,
): void {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const corner = (u: number, v: number): [number, number] => [cx + u * c - v * s, cy + u * s + v * c];
  const q = [corner(-w / 2, -d / 2), corner(w / 2, -d / 2), corner(w / 2, d / 2), corner(-w / 2, d / 2)];
  for (let k = 0; k < 4; k++) {
    const [ax, ay] = q[k]!;
    const [bx, by] = q[(k + 1) % 4]!;
    out.push(ax, ay, base, bx, by, base, bx, by, height, ax, ay, base, bx, by, height, ax, ay, height);
  }
  const [p0, p1, p2, p3] = q as [[number, number], [number, number], [number, number], [number, number]];
  out.push(...p0, height, ...p1, height, ...p2, height, ...p0, height, ...p2, height, ...p3, height);
  out.push(...p0, base, ...p2, base, ...p1, base, ...p0, base, ...p3, base, ...p2, base);
}

/**
 * A seeded scene of exact, axis-aligned integer geometry with the viewpoint at integer coordinates, so
 * that many vertices, edges and whole triangles lie exactly in the cutting planes at 0°, 90°, 180°, 270°
 * and exactly at P's height: the degenerate cases float noise never produces.
 */
export function gridScene(seed: number, boxes = 40): RandomScene {
  const rand = seededRandom(seed);
  const ri = (lo: number, hi: number): number => lo + Math.floor((hi - lo + 1) * rand());
  const viewpoint = { x: ri(-3, 3), y: ri(-3, 3), z: ri(1, 6) };
  const out: number[] = [];
  for (let b = 0; b < boxes; b++) {
    const x0 = viewpoint.x + ri(-20, 20);
    const y0 = viewpoint.y + ri(-20, 20);
    const w = ri(1, 6);
    const d = ri(1, 6);
    const base = rand() < 0.3 ? viewpoint.z + ri(-2, 3) : 0;
    addBox(out, x0 + w / 2, y0 + d / 2, w, d, base + ri(1, 20), 0, base);
  }
  // Triangles touching P's height or P's vertical plane at a vertex, and one standing on the line through P.
  for (let k = 0; k < 10; k++) {
    const x = viewpoint.x + ri(1, 15);
    out.push(
      x,
      viewpoint.y,
      viewpoint.z,
      x + ri(1, 3),
      viewpoint.y + ri(1, 3),
      viewpoint.z + ri(1, 5),
      x,
      viewpoint.y + ri(1, 3),
      viewpoint.z + ri(-3, 3),
    );
  }
  out.push(
    viewpoint.x,
    viewpoint.y,
    viewpoint.z - 1,
    viewpoint.x + 5,
    viewpoint.y,
    viewpoint.z + 2,
    viewpoint.x + 2,
    viewpoint.y,
    viewpoint.z + 8,
  );
  return { positions: new Float32Array(out), viewpoint };
}
