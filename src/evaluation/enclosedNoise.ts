/**
 * `npm run enclosed-noise`: how much the engine's room mean moves with its seed where a window's light is
 * mostly light reflected in an enclosed exterior — a light well, a narrow street, a notch of the room's own
 * building (docs/engine.md, "Second-order cells"). Each scene is run at draft and standard with seeds 1…N
 * (`--seeds`), with the second-order cache cells' floor at 1 m (the engine before 2026-12-03) and at the
 * engine's own; prints per scene and quality the mean over the seeds, their coefficient of variation and the
 * worst seed's distance from the mean, and the time a run. The notch is the stress room where the noise
 * was found, and the one floor tried (0.25 m, twice the first-order floor) was tried on it first; the
 * light wells and streets were made afterwards, for this measure, and nothing was chosen on them.
 */
import { parseArgs } from 'node:util';
import { QUALITY, QUALITY_1M, simulateRoom, type EngineQuality } from '../core/engine/simulate';
import { workPlaneGrid } from '../core/engine/workplane';
import { parseRunRequest } from '../core/validation/requests';
import type { EngineRoom } from '../core/engine';
import { groundBox } from '../datagen/solids';
import { engineRoom } from '../datagen/shard';
import { BENCH_ROOM } from './benchRoom';
import { stressRoom } from './stressSuite';

/** The bench's room with `mesh` around it. */
const withMesh = (mesh: number[][]): EngineRoom => {
  const req = parseRunRequest({ model_type: 'df_default', parameters: BENCH_ROOM, mesh });
  return { parameters: req.parameters, geometry: req.geometry, mesh: req.mesh, modelType: req.modelType };
};

/** A light well `w` wide and `d` deep in front of the window, its three walls `h` high. */
function lightWell(w: number, d: number, h: number): EngineRoom {
  const m: number[][] = [];
  const x0 = 2.5 - w / 2,
    x1 = 2.5 + w / 2,
    y = -0.3 - d;
  groundBox(m, x0 - 1, y - 1, x1 + 1, y, h); // across the well
  groundBox(m, x0 - 1, y, x0, -0.3, h); // its sides, against the room's facade
  groundBox(m, x1, y, x1 + 1, -0.3, h);
  return withMesh(m);
}

/** A street `d` wide with a block `h` high across it, 100 m long. */
function narrowStreet(d: number, h: number): EngineRoom {
  const m: number[][] = [];
  groundBox(m, -50, -0.3 - d - 12, 55, -0.3 - d, h);
  return withMesh(m);
}

export const ENCLOSED_SCENES: Record<string, () => EngineRoom> = {
  'light well 3 × 2 m, 15 m high': () => lightWell(3, 2, 15),
  'light well 4 × 3 m, 12 m high': () => lightWell(4, 3, 12),
  'light well 6 × 4 m, 20 m high': () => lightWell(6, 4, 20),
  'street 3 m, block 20 m': () => narrowStreet(3, 20),
  'street 6 m, block 25 m': () => narrowStreet(6, 25),
  // A U-shaped room lit through a notch 1.3 m wide of its own building (the stress stream's non-rect
  // #38021, the worst lit room of 4.6.0's rule draws, where this was found).
  'notch 1.3 m of its own building (non-rect #38021)': () => engineRoom(stressRoom('non-rect', 38021)),
};

function roomMean(room: EngineRoom, quality: EngineQuality, seed: number): number {
  const g = workPlaneGrid(room.parameters.room_polygon);
  const r = simulateRoom(room, { quality, seed });
  let sum = 0;
  for (const i of g.cells) sum += r.df.data[i]!;
  return sum / g.cells.length;
}

function main(): void {
  const { values } = parseArgs({ options: { seeds: { type: 'string', default: '6' } } });
  const seeds = Number(values.seeds);
  for (const [name, make] of Object.entries(ENCLOSED_SCENES)) {
    const room = make();
    console.log(name);
    for (const level of ['draft', 'standard'] as const)
      for (const [label, q] of [
        ['1 m floor (before)', QUALITY_1M[level]],
        [`${QUALITY[level].exterior.coarseCellMin} m floor (now)`, QUALITY[level]],
      ] as const) {
        const t0 = performance.now();
        const means = Array.from({ length: seeds }, (_, s) => roomMean(room, q, s + 1));
        const ms = (performance.now() - t0) / seeds;
        const mu = means.reduce((a, b) => a + b, 0) / seeds;
        const sd = Math.sqrt(means.reduce((a, b) => a + (b - mu) ** 2, 0) / (seeds - 1));
        const worst = Math.max(...means.map((m) => Math.abs(m - mu) / mu));
        console.log(
          `  ${level.padEnd(8)} ${label.padEnd(20)} mean ${mu.toFixed(4)} % DF  cv ${((100 * sd) / mu).toFixed(1).padStart(5)} %  ` +
            `worst seed ${(100 * worst).toFixed(1).padStart(5)} %  ${ms.toFixed(0).padStart(5)} ms a run`,
        );
      }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
