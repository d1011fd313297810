/**
 * Seeded synthetic scenes for benchmarks and load scripts: a city of box buildings around a room, as a
 * JSON mesh (the wire format) with a given number of triangles. Tests build their meshes here too, and
 * some pin what is computed among them (test/model/pinnedFrames.ts: the model's frames among
 * streetCity(2 000, 3), to 1e-6): a scene changed here changes those pins, which then say so.
 */
import { rng as mulberry32 } from '../src/core/engine/random';
import { groundBox } from '../src/datagen/solids';

export { mulberry32 };

/** A box as 12 triangles (36 points): corner (x, y), size w × d × h. */
export function box(out: number[][], x: number, y: number, w: number, d: number, h: number): void {
  groundBox(out, x, y, x + w, y + d, h);
}

/** ~`triangles` triangles of buildings within 15–300 m of the origin, none over the room itself. */
export function cityMesh(triangles: number, seed = 1): number[][] {
  const rnd = mulberry32(seed);
  const pts: number[][] = [];
  while (pts.length / 3 < triangles) {
    const r = 15 + rnd() * 285;
    const a = rnd() * Math.PI * 2;
    box(pts, r * Math.cos(a), r * Math.sin(a), 4 + rnd() * 20, 4 + rnd() * 20, 3 + rnd() * 40);
  }
  return pts.slice(0, triangles * 3);
}

/**
 * ~`triangles` triangles of a city laid out as one: blocks between streets, each block's edges lined with
 * buildings (flat-roofed boxes and gabled houses of 6–36 m), around a room whose window wall is the line
 * y = 0 facing −y (BENCH_ROOM, the app's default room): the street in front of it, its neighbours on either
 * side, its own lot (x −1…7, y −0.5…15) left free. A 10⁴-triangle city is ~1 km² of ~800 buildings: what an
 * office exports of a site's district. cityMesh's boxes, crowded within 300 m, bury the room (its window sees
 * walls at 45° all round, the model answers ~0): a worst case for scans, not a scene to time a map on.
 */
export function streetCity(triangles: number, seed = 1): number[][] {
  const rnd = mulberry32(seed);
  const street = 14 + rnd() * 8;
  const block = 50 + rnd() * 20;
  const pitch = block + street;
  // The room's block: its south edge is the room's outer wall face (0.3 m out), x centred on the room.
  const x0 = 3 - block / 2,
    y0 = -0.3;
  const pts: number[][] = [];
  const free = (ax: number, ay: number, bx: number, by: number) => bx < -1 || ax > 7 || by < -0.5 || ay > 15;
  const building = (ax: number, ay: number, bx: number, by: number) => {
    if (!free(ax, ay, bx, by)) return;
    const h = 6 + 30 * rnd() ** 1.5;
    if (h < 14 && rnd() < 0.6) gabled(pts, ax, ay, bx, by, h, 2 + rnd() * 4);
    else groundBox(pts, ax, ay, bx, by, h);
  };
  // Blocks ring by ring outward from the room's until the count is reached.
  for (let ring = 0; pts.length / 3 < triangles; ring++)
    for (let i = -ring; i <= ring; i++)
      for (let j = -ring; j <= ring; j++) {
        if (Math.max(Math.abs(i), Math.abs(j)) !== ring) continue;
        const bx = x0 + i * pitch,
          by = y0 + j * pitch;
        // Lots along the south and north edges at full depth, the east and west edges between them.
        for (const [south, depth] of [
          [true, 10 + rnd() * 5],
          [false, 10 + rnd() * 5],
        ] as const)
          for (let x = bx; x < bx + block - 4;) {
            const w = Math.min(8 + rnd() * 14, bx + block - x);
            if (south) building(x, by, x + w, by + depth);
            else building(x, by + block - depth, x + w, by + block);
            x += w;
          }
        for (const west of [true, false]) {
          const depth = 10 + rnd() * 5;
          for (let y = by + 15; y < by + block - 19;) {
            const d = Math.min(8 + rnd() * 14, by + block - 15 - y);
            if (west) building(bx, y, bx + depth, y + d);
            else building(bx + block - depth, y, bx + block, y + d);
            y += d;
          }
        }
      }
  return pts.slice(0, triangles * 3);
}

/** A house with a gable roof along x: walls to `eaves`, a ridge `rise` above (16 triangles). */
function gabled(
  out: number[][],
  ax: number,
  ay: number,
  bx: number,
  by: number,
  eaves: number,
  rise: number,
): void {
  const my = (ay + by) / 2,
    top = eaves + rise;
  const tri = (...p: number[][]) => out.push(...p);
  const quad = (a: number[], b: number[], c: number[], d: number[]) => tri(a, b, c, a, c, d);
  const [a0, b0, c0, d0] = [
    [ax, ay, 0],
    [bx, ay, 0],
    [bx, by, 0],
    [ax, by, 0],
  ];
  const [a1, b1, c1, d1] = [
    [ax, ay, eaves],
    [bx, ay, eaves],
    [bx, by, eaves],
    [ax, by, eaves],
  ];
  const r0 = [ax, my, top],
    r1 = [bx, my, top];
  quad(a0, d0, c0, b0); // floor
  quad(a0, b0, b1, a1);
  quad(b0, c0, c1, b1);
  quad(c0, d0, d1, c1);
  quad(d0, a0, a1, d1);
  tri(a1, r0, d1); // gable ends
  tri(b1, c1, r1);
  quad(a1, b1, r1, r0); // roof slopes
  quad(c1, d1, r0, r1);
}

export { BENCH_ROOM } from '../src/evaluation/benchRoom';
