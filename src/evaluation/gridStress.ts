/**
 * The stress suite on `/run`'s own grid (docs/model.md, "df4-z4s against its rule"): the engine at standard
 * on the work plane's 0.1 m grid, each room's mean over the cells `/run` answers on, against the model's
 * room grid (roomGrid: every window's frame map placed and summed) over the same cells. The sensors of
 * stressSuite.ts read the frame maps 0.125 m and more from a wall; this reads what a user's map and its
 * statistics are made of, beside the window too.
 *
 * Labelled by `npm run stress -- --grid` (test/fixtures/stress-grid), measured by `npm run evaluate`
 * (`--stress-grid`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { windowAngles } from '../core/api/windowAngles';
import { simulateRoom } from '../core/engine';
import { workPlaneGrid } from '../core/engine/workplane';
import { predictWindows, roomGrid, type LoadedModel } from '../core/model/predict';
import { sampledRequest } from '../datagen/sampleRoom';
import type { RunRequest } from '../core/validation/requests';
import type { EngineRoom } from '../core/engine/model';
import { engineRoom } from '../datagen/shard';
import { STRESS_CLASSES, type StressClass } from '../datagen/stressProfiles';
import { LIT_ROOM, roomDigest, STRESS_ENGINE, stressRoom, stressSeed } from './stressSuite';
import { maskedMean } from '../core/stats/grid';

/** The grid-labelled draws (test/fixtures/stress-grid): 80 fresh rooms a class. */
export const STRESS_GRID_DIRS = ['test/fixtures/stress-grid/k5000', 'test/fixtures/stress-grid/k6000'];

export interface GridRoomLabel {
  k: number;
  seed: number;
  digest: string;
  /** /run's grid cells inside the room. */
  cells: number;
  /** The engine's mean DF (%) over them, 4 decimals. */
  mean: number;
}

export interface GridClassFile {
  class: StressClass;
  seed: number;
  quality: string;
  rooms: GridRoomLabel[];
}

/** The engine's mean over `/run`'s grid cells (the same 0.1 m grid and origin the engine lights). */
export function labelGridRoom(cls: StressClass, k: number): GridRoomLabel {
  const s = stressRoom(cls, k);
  const seed = stressSeed(cls, k);
  return { k, seed, digest: roomDigest(s), ...engineGridMean(engineRoom(s), seed, `${cls} #${k}`) };
}

/** The engine at STRESS_ENGINE over `/run`'s grid cells: their count and mean DF (%), 4 decimals. */
export function engineGridMean(
  room: EngineRoom,
  seed: number,
  name: string,
): { cells: number; mean: number } {
  const res = simulateRoom(room, { quality: STRESS_ENGINE, seed });
  const g = workPlaneGrid(room.parameters.room_polygon);
  if (
    res.df.rows !== g.rows ||
    res.df.cols !== g.cols ||
    res.origin.x !== g.originX ||
    res.origin.y !== g.originY
  )
    throw new Error(`${name}: the engine's grid is not /run's`);
  let sum = 0;
  for (const idx of g.cells) sum += res.df.data[idx]!;
  return { cells: g.cells.length, mean: Math.round((sum / g.cells.length) * 1e4) / 1e4 };
}

export function readGridClass(dir: string, cls: StressClass): GridClassFile | null {
  const f = join(dir, `${cls}.json.gz`);
  return existsSync(f) ? (JSON.parse(gunzipSync(readFileSync(f)).toString('utf8')) as GridClassFile) : null;
}

export interface GridRoomResult {
  cls: StressClass;
  k: number;
  meanTruth: number;
  meanPred: number;
  meanError: number;
}

/** The model's room mean over `/run`'s grid, through the /run path. */
export async function gridRoomMean(model: LoadedModel, cls: StressClass, k: number): Promise<number> {
  return requestGridMean(model, sampledRequest(stressRoom(cls, k)));
}

/** The model's mean over `/run`'s grid for a request, through the /run path. */
export async function requestGridMean(model: LoadedModel, req: RunRequest): Promise<number> {
  const g = roomGrid(req, await predictWindows(req, windowAngles(req, req.mesh), model));
  return maskedMean(g.df.data, g.mask.data);
}

export async function evaluateGrid(model: LoadedModel, dirs: readonly string[]): Promise<GridRoomResult[]> {
  const out: GridRoomResult[] = [];
  for (const cls of STRESS_CLASSES)
    for (const dir of dirs) {
      const file = readGridClass(dir, cls);
      for (const r of file?.rooms ?? []) {
        if (roomDigest(stressRoom(cls, r.k)) !== r.digest)
          throw new Error(`${cls} #${r.k}: the sampler changed`);
        const meanPred = await gridRoomMean(model, cls, r.k);
        out.push({ cls, k: r.k, meanTruth: r.mean, meanPred, meanError: (meanPred - r.mean) / r.mean });
      }
    }
  return out;
}

/**
 * Per class: rooms within 5 %, the worst lit room's |error|, the mean |error| and bias. A room the engine
 * finds unlit (mean ≤ 0: a window facing a wall across a slot its walls' thickness closes, where the
 * exterior's unbiased sky estimate reads a hair either side of 0) has no relative error: it counts as not
 * within 5 % and is left out of the mean |error| and bias, which it would make infinite or a coin's sign.
 */
export function gridSummary(rooms: readonly GridRoomResult[]) {
  const of = (rs: readonly GridRoomResult[]) => {
    const lit = rs.filter((r) => r.meanTruth >= LIT_ROOM).map((r) => Math.abs(r.meanError));
    const measured = rs.filter((r) => r.meanTruth > 0);
    return {
      rooms: rs.length,
      within5: measured.filter((r) => Math.abs(r.meanError) <= 0.05).length,
      worstLit: lit.length ? Math.max(...lit) : NaN,
      meanAbs: measured.reduce((a, r) => a + Math.abs(r.meanError), 0) / measured.length,
      bias: measured.reduce((a, r) => a + r.meanError, 0) / measured.length,
    };
  };
  const classes = STRESS_CLASSES.filter((c) => rooms.some((r) => r.cls === c));
  return {
    classes: classes.map((cls) => ({ cls, ...of(rooms.filter((r) => r.cls === cls)) })),
    all: of(rooms),
  };
}

const pct = (v: number): string => `${(100 * v).toFixed(1)} %`;

/** A class's line of gridSummary, as `npm run evaluate` prints it. */
export const gridLine = (c: ReturnType<typeof gridSummary>['all'] & { cls: string }): string =>
  `  ${c.cls.padEnd(17)} ${String(c.within5).padStart(4)} of ${String(c.rooms).padEnd(4)} within 5 %  ` +
  `worst lit ${pct(c.worstLit)}  mean |error| ${pct(c.meanAbs)}  bias ${pct(c.bias)}`;
