import { prism } from '../../src/datagen/solids';

/**
 * An axis-aligned box as a mesh file, for tests that add a block to a scene: the 12 triangles of the
 * synthetic scenes' own prism (src/datagen/solids.ts), written as OBJ or ASCII STL.
 */
type P3 = [number, number, number];

/** The box's 12 triangles as points, three a triangle. */
export function boxPoints([x0, y0, z0]: P3, [x1, y1, z1]: P3): number[][] {
  const points: number[][] = [];
  prism(
    points,
    [
      [x0, y0],
      [x1, y0],
      [x1, y1],
      [x0, y1],
    ],
    z0,
    z1,
  );
  return points;
}

export function boxObj(min: P3, max: P3): string {
  const v = boxPoints(min, max);
  const faces = Array.from({ length: v.length / 3 }, (_, t) => `f ${3 * t + 1} ${3 * t + 2} ${3 * t + 3}`);
  return [...v.map((p) => `v ${p.join(' ')}`), ...faces].join('\n');
}

export function boxStl(min: P3, max: P3): string {
  const v = boxPoints(min, max);
  const facets = Array.from(
    { length: v.length / 3 },
    (_, t) =>
      `facet normal 0 0 0\nouter loop\n${v
        .slice(3 * t, 3 * t + 3)
        .map((p) => `vertex ${p.join(' ')}`)
        .join('\n')}\nendloop\nendfacet`,
  );
  return `solid box\n${facets.join('\n')}\nendsolid box\n`;
}
