/**
 * `npx tsx src/evaluation/ownSideProbe.ts [--card public/models/lux-df-4.json]`
 *
 * The diagnosis of issue 15 (docs/model.md §Stress suite): one room facing a street, with the room's own
 * side of the street bare or built up (street walls beside the room, upper floors above it, a block
 * behind it). Prints the engine's room mean (standard quality), the model's through the /run path, and
 * the window-flux inputs, so that one sees whether the inputs and the model follow what the engine does.
 */
import { parseArgs } from 'node:util';
import { windowAngles } from '../core/api/windowAngles';
import { simulateRoom } from '../core/engine';
import { windowFluxes } from '../core/engine/windowFlux';
import { predictWindows, roomGrid } from '../core/model/predict';
import { parseRunRequest, type RunRequest } from '../core/validation/requests';
import { groundBox, prism } from '../datagen/solids';
import { loadModel } from '../service/model/runtime';
import { SHIPPED_CARD } from '../core/model/shipped';
import { maskedMean } from '../core/stats/grid';

export type OwnSide = 'bare' | 'beside' | 'above' | 'behind' | 'beside+above';

/** A 4 × 6 m room on a 3 m floor, one window facing a street `gap` m wide under blocks `h` m high. */
export function streetRoom(gap: number, h: number, own: OwnSide): RunRequest {
  const floor = 3,
    H = 2.8,
    T = 0.3;
  const mesh: number[][] = [];
  groundBox(mesh, -60, -T - gap - 15, 64, -T - gap, h);
  if (own.includes('beside')) {
    groundBox(mesh, -60, -T, -T - 0.01, 20, h);
    groundBox(mesh, 4 + T + 0.01, -T, 64, 20, h);
  }
  if (own.includes('above'))
    prism(
      mesh,
      [
        [-T, -T],
        [4 + T, -T],
        [4 + T, 6 + T],
        [-T, 6 + T],
      ],
      floor + H + 0.3,
      h,
    );
  if (own === 'behind') groundBox(mesh, -60, 6 + T + 0.01, 64, 30, h);
  return parseRunRequest({
    model_type: 'df_default',
    parameters: {
      height_roof_over_floor: H,
      floor_height_above_terrain: floor,
      room_polygon: [
        [0, 0],
        [4, 0],
        [4, 6],
        [0, 6],
      ],
      windows: {
        w: { x1: 1, y1: 0, z1: floor + 0.9, x2: 3, y2: -T, z2: floor + 2.5, window_frame_ratio: 0.2 },
      },
    },
    mesh,
  });
}

async function main(): Promise<void> {
  const { values: o } = parseArgs({
    options: { card: { type: 'string', default: `public/models/${SHIPPED_CARD}` } },
  });
  const model = await loadModel(o.card);
  for (const [gap, h] of [
    [10, 20],
    [15, 30],
    [8, 12],
  ] as const)
    for (const own of ['bare', 'beside', 'above', 'beside+above', 'behind'] as const) {
      const req = streetRoom(gap, h, own);
      const eng = simulateRoom(
        { parameters: req.parameters, geometry: req.geometry, mesh: req.mesh, modelType: req.modelType },
        { quality: 'standard', seed: 1 },
      );
      const engine = maskedMean(eng.df.data, eng.mask.data);
      const g = roomGrid(req, await predictWindows(req, windowAngles(req, req.mesh), model));
      const pred = maskedMean(g.df.data, g.mask.data);
      const f = windowFluxes(req)[0]!;
      console.log(
        `street ${gap} m, blocks ${h} m, own side ${own.padEnd(12)} engine ${engine.toFixed(3)}  model ${pred.toFixed(3)} ` +
          `(${(100 * (pred / engine - 1)).toFixed(1)} %)  flux: sky ${f.skyDown.toFixed(4)} surfaces ${f.surfaceDown.toFixed(4)} below ${f.up.toFixed(4)}`,
      );
    }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
