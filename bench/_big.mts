import { writeFileSync } from 'node:fs';
import { stepFile, type StepBuilding } from '../test/ifc/stepFile';
import { readIfc } from '../src/ifc/webIfcSource';
import { buildingFromIfc } from '../src/core/ifc/building';
import { buildingRequests } from '../src/core/ifc/roomRequest';

const floors = Number(process.argv[2] ?? 10), perSide = Number(process.argv[3] ?? 20);
const b: StepBuilding = { spaces: [], walls: [], windows: [] };
for (let f = 0; f < floors; f++) {
  const z = f * 3;
  for (let i = 0; i < perSide; i++) {
    const x = i * 4;
    // a row of rooms along y = 0 facing south; each room 4 × 5 with a south wall and window
    b.spaces.push({ name: `${f}-${i}`, longName: 'Room', min: [x, 0, z], max: [x + 3.8, 5, z + 2.7] });
    b.walls.push({ min: [x, -0.3, z], max: [x + 4, 0, z + 2.7] });
    b.windows.push({ name: `W${f}-${i}`, wall: b.walls.length - 1, min: [x + 1, -0.3, z + 0.9], max: [x + 2.8, 0, z + 2.2], glass: { min: [x + 1.1, -0.16, z + 1], max: [x + 2.7, -0.14, z + 2.1] } });
    b.spaces.push({ name: `${f}-${i}n`, longName: 'Room N', min: [x, 5.2, z], max: [x + 3.8, 10, z + 2.7] });
    b.walls.push({ min: [x, 10, z], max: [x + 4, 10.3, z + 2.7] });
    b.windows.push({ name: `WN${f}-${i}`, wall: b.walls.length - 1, min: [x + 1, 10, z + 0.9], max: [x + 2.8, 10.3, z + 2.2] });
  }
  b.slabs = [...(b.slabs ?? []), { min: [0, -0.3, z + 2.7], max: [perSide * 4, 10.3, z + 3] }];
}
const text = stepFile(b);
writeFileSync('/tmp/big.ifc', text);
console.log(`${(text.length / 1e6).toFixed(1)} MB, ${b.spaces.length} spaces, ${b.windows.length} windows`);
let t = performance.now();
const src = await readIfc(new Uint8Array(Buffer.from(text)));
console.log(`readIfc ${(performance.now() - t).toFixed(0)} ms`); t = performance.now();
const bld = buildingFromIfc(src);
console.log(`buildingFromIfc ${(performance.now() - t).toFixed(0)} ms; ${bld.rooms.filter((r) => !r.problem).length} analysable`); t = performance.now();
const req = buildingRequests(bld.rooms, bld.context);
console.log(`buildingRequests ${(performance.now() - t).toFixed(0)} ms, ${req.filter(Boolean).length} requests; rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`);
