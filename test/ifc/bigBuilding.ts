import type { StepBuilding } from './stepFile';

/**
 * A large building for the benchmark: `floors` storeys 3 m apart, each with two rows of `perRow` rooms
 * (4 × 5 m) facing south and north, a window in each room's outer wall, a slab over each storey.
 * 20 × 50 gives 2 000 rooms and windows in a 5 MB file.
 */
export function bigBuilding(floors: number, perRow: number): StepBuilding {
  const b: StepBuilding = { spaces: [], walls: [], windows: [], slabs: [] };
  for (let f = 0; f < floors; f++) {
    const z = f * 3;
    for (let i = 0; i < perRow; i++) {
      const x = i * 4;
      b.spaces.push({ name: `${f}-${i}S`, longName: 'Room', min: [x, 0, z], max: [x + 3.8, 5, z + 2.7] });
      b.walls.push({ min: [x, -0.3, z], max: [x + 4, 0, z + 2.7] });
      b.windows.push({
        name: `W${f}-${i}S`,
        wall: b.walls.length - 1,
        min: [x + 1, -0.3, z + 0.9],
        max: [x + 2.8, 0, z + 2.2],
        glass: { min: [x + 1.1, -0.16, z + 1], max: [x + 2.7, -0.14, z + 2.1] },
      });
      b.spaces.push({ name: `${f}-${i}N`, longName: 'Room', min: [x, 5.2, z], max: [x + 3.8, 10, z + 2.7] });
      b.walls.push({ min: [x, 10, z], max: [x + 4, 10.3, z + 2.7] });
      b.windows.push({
        name: `W${f}-${i}N`,
        wall: b.walls.length - 1,
        min: [x + 1, 10, z + 0.9],
        max: [x + 2.8, 10.3, z + 2.2],
      });
    }
    b.slabs!.push({ min: [0, -0.3, z + 2.7], max: [perRow * 4, 10.3, z + 3] });
  }
  return b;
}
