/**
 * The physics engine in a browser Web Worker (comlink face): the app's settled answer. Progress comes back
 * through a proxied callback; `cancel` flips the flag the engine checks between chunks (the async engine
 * yields a turn between chunks, so the cancel message is handled mid-run).
 */
import * as Comlink from 'comlink';
import { simulateAnswer } from '../src/core/api/simulateOps';
import {
  climateAnswer,
  climateWithThreshold,
  climateYearAsync,
  type ClimateComputation,
  type KeptClimate,
} from '../src/core/api/climateOps';
import { CoefficientCache } from '../src/core/climate/coefficientCache';
import { HeldMeshes } from '../src/core/api/heldMeshes';
import { answered, failed, type AnswerResult } from './answer';

/** A climate-based run's answer: its maps and metrics, or the error as a value. */
export type ClimateResult =
  ({ ok: true } & Omit<ClimateComputation, 'req'>) | Extract<AnswerResult, { ok: false }>;

const running = new Map<number, { aborted: boolean }>();
/** The rooms' coefficients, so that another weather file or the year after its estimate skips the engine. */
let coefficients = new CoefficientCache(256 * 2 ** 20);
/** The last whole year computed (its hourly light): a new DA threshold recomputes its metrics only. */
let kept: KeptClimate | null = null;
/** The surroundings the page handed over, named by the bodies' `mesh_id` (model.worker.ts holds the same). */
const meshes = new HeldMeshes();
/**
 * The open building's surroundings (its own walls, its trees as set, its context files), held apart from
 * the editor's imports: one building at a time, and handing it over never pushes out a mesh an undo would
 * name again.
 */
const building = new HeldMeshes(1);
/** A body's `mesh_id`, the building's or an import's. */
const storedMesh: typeof meshes.resolve = (id, origin) =>
  (building.has(id) ? building : meshes).resolve(id, origin);

/** A climate answer to the page, its maps' buffers moved. */
function sent(c: ClimateComputation): ClimateResult {
  const { req: _req, ...rest } = c;
  const buffers = Object.values(c.grids).map((g) => g.df.data.buffer as ArrayBuffer);
  return Comlink.transfer({ ok: true, ...rest }, buffers);
}

const engine = {
  async simulate(job: number, body: unknown, onProgress?: (fraction: number) => void): Promise<AnswerResult> {
    const signal = { aborted: false };
    running.set(job, signal);
    try {
      return answered(
        await simulateAnswer(body, {
          signal,
          storedMesh,
          ...(onProgress ? { onProgress } : {}),
        }),
      );
    } catch (e) {
      return failed(e);
    } finally {
      running.delete(job);
    }
  },
  /**
   * A year of the weather in the room (a da_default body with its `weather` text): the metrics and their
   * maps on the room grid, transferred. `preview`: the first estimate (every third cell and day), unless
   * the room's coefficients are cached: then the year (`estimate: false`). `keep`: the year is the one
   * climateThreshold reads again (the editor's room; a building's rooms are not). Cancellable while the
   * coefficients are computed.
   */
  async climate(
    job: number,
    body: unknown,
    { preview, keep }: { preview: boolean; keep: boolean },
    onProgress?: (fraction: number) => void,
  ): Promise<ClimateResult> {
    const signal = { aborted: false };
    running.set(job, signal);
    try {
      const k = await climateYearAsync(body, {
        signal,
        preview,
        cache: coefficients,
        storedMesh,
        ...(onProgress ? { onProgress } : {}),
      });
      if (keep && !k.year.estimate) kept = k;
      return sent(climateAnswer(k));
    } catch (e) {
      return failed(e) as ClimateResult;
    } finally {
      running.delete(job);
    }
  },
  /**
   * The last whole year (climate()'s, not an estimate) with DA at another threshold: its metrics and maps
   * again, from the hourly light kept (~0.1 s). An error when no year is kept.
   */
  climateThreshold(daLux: number): ClimateResult {
    try {
      if (!kept) throw new Error('No year is computed yet: run the year first');
      kept = climateWithThreshold(kept, daLux);
      return sent(climateAnswer(kept));
    } catch (e) {
      return failed(e) as ClimateResult;
    }
  },
  /**
   * Keeps the surroundings' triangles under their id: the engine then simulates the room among them (their
   * shadows and the light they reflect), not among walls made up from each window's angles.
   */
  holdMesh(id: string, positions: Float32Array): void {
    meshes.hold(id, positions);
  },
  /**
   * Keeps the open building's surroundings under their id (the one before goes): its rooms' runs within the
   * API's 10 m name it, as the command line's threads name the building they share (docs/ifc.md).
   */
  holdBuildingMesh(id: string, positions: Float32Array): void {
    building.hold(id, positions);
  },
  /** Whether this lane holds the building's surroundings `id` (one started since, or handed others, not). */
  holdsBuildingMesh(id: string): boolean {
    return building.has(id);
  },
  /** Another size for the coefficient cache (a building's extra engine workers hold less), emptying it. */
  cacheBytes(bytes: number): void {
    coefficients = new CoefficientCache(bytes);
  },
  cancel(job: number): void {
    const s = running.get(job);
    if (s) s.aborted = true;
  },
};

export type EngineWorker = typeof engine;
Comlink.expose(engine);
