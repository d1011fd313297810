/** An axis-aligned box as ASCII STL (12 triangles). */
export function boxStl(min: [number, number, number], max: [number, number, number]): string {
  const [x0, y0, z0] = min,
    [x1, y1, z1] = max;
  const c = [
    [x0, y0, z0],
    [x1, y0, z0],
    [x1, y1, z0],
    [x0, y1, z0],
    [x0, y0, z1],
    [x1, y0, z1],
    [x1, y1, z1],
    [x0, y1, z1],
  ];
  const quads = [
    [0, 3, 2, 1],
    [4, 5, 6, 7],
    [0, 1, 5, 4],
    [1, 2, 6, 5],
    [2, 3, 7, 6],
    [3, 0, 4, 7],
  ];
  const tri = (a: number, b: number, d: number): string =>
    `facet normal 0 0 0\nouter loop\n${[a, b, d].map((i) => `vertex ${c[i]!.join(' ')}`).join('\n')}\nendloop\nendfacet`;
  return `solid box\n${quads.map(([a, b, d, e]) => `${tri(a!, b!, d!)}\n${tri(a!, d!, e!)}`).join('\n')}\nendsolid box\n`;
}
