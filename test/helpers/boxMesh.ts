/**
 * An axis-aligned box as a mesh file, for tests that add a block to a scene: its 8 corners and 12
 * triangles (faces turned outwards), written as OBJ or ASCII STL.
 */
type P3 = [number, number, number];

function corners([x0, y0, z0]: P3, [x1, y1, z1]: P3): P3[] {
  return [
    [x0, y0, z0],
    [x1, y0, z0],
    [x1, y1, z0],
    [x0, y1, z0],
    [x0, y0, z1],
    [x1, y0, z1],
    [x1, y1, z1],
    [x0, y1, z1],
  ];
}

/** The 12 triangles as corner indices (0-based). */
const TRIANGLES = [
  [0, 2, 1],
  [0, 3, 2],
  [4, 5, 6],
  [4, 6, 7],
  [0, 1, 5],
  [0, 5, 4],
  [1, 2, 6],
  [1, 6, 5],
  [2, 3, 7],
  [2, 7, 6],
  [3, 0, 4],
  [3, 4, 7],
];

export function boxObj(min: P3, max: P3): string {
  const v = corners(min, max);
  return [
    ...v.map((p) => `v ${p.join(' ')}`),
    ...TRIANGLES.map((t) => `f ${t.map((i) => i + 1).join(' ')}`),
  ].join('\n');
}

export function boxStl(min: P3, max: P3): string {
  const v = corners(min, max);
  const facets = TRIANGLES.map(
    (t) =>
      `facet normal 0 0 0\nouter loop\n${t.map((i) => `vertex ${v[i]!.join(' ')}`).join('\n')}\nendloop\nendfacet`,
  );
  return `solid box\n${facets.join('\n')}\nendsolid box\n`;
}
