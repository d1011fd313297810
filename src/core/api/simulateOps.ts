import { simulateRoom, simulateRoomAsync, type CancelSignal, type SimulationResult } from '../engine';
import { estimateSimulationMs } from '../engine/cost';
import { LuxError } from '../errors';
import { parseWith } from '../validation/format';
import { parseRunRequest, type RunRequest } from '../validation/requests';
import { simulateOptions } from '../validation/schemas';
import type { z } from 'zod';
import { simulateResponse } from '../validation/responses';
import { climateRun, isClimateBody } from './climateOps';
import { answer, limitsOf, type OpContext, type OpResult } from './result';
import type { RoomAnswer } from './roomAnswer';
import { engineResponse, roomAnswer } from './roomResponse';
import { windowAngles, type WindowAngles } from './windowAngles';

/**
 * /simulate: the physics engine on the same request as /run, same response plus `"method": "simulation"`.
 * Optional `seed` (the same seed gives the same map) and `quality` (draft, standard, high). The server runs
 * it synchronously in a worker thread; the browser worker and the CLI use the async form, which reports
 * progress and can be cancelled.
 */
interface Prepared {
  req: RunRequest;
  seed: number;
  quality: 'draft' | 'standard' | 'high';
  /** Radiance's -ab, or null: converged. */
  ambientBounces: number | null;
  angles: WindowAngles[];
}

function prepare(
  body: unknown,
  ctx: Pick<OpContext, 'maxMeshPoints' | 'maxWindows' | 'maxCorners' | 'storedMesh' | 'budgetMs'>,
): Prepared {
  const req = parseRunRequest(body, limitsOf(ctx), { asComputed: true });
  const opts = parseWith(simulateOptions, body);
  const quality = opts.quality ?? 'standard';
  if (ctx.budgetMs !== undefined) {
    const ms = estimateSimulationMs(req, quality, req.mesh ? req.mesh.positions.length / 9 : 0);
    if (ms > ctx.budgetMs)
      throw new LuxError(
        'payload_too_large',
        `This simulation is estimated at ~${Math.round(ms / 1000)} s, beyond what this server's time-out allows (LUX_REQUEST_TIMEOUT_MS): use quality 'draft', fewer windows or a smaller room`,
      );
  }
  // The angles reported per window: given ones, or the fan from the mesh (what /run feeds the model).
  const angles = windowAngles(req, req.mesh);
  return { req, seed: opts.seed ?? 1, quality, ambientBounces: opts.ambient_bounces ?? null, angles };
}

const engineMethod = (p: Prepared) =>
  ({ kind: 'engine', quality: p.quality, seed: p.seed, ambientBounces: p.ambientBounces }) as const;

/** The engine's options for a prepared request. */
const engineOptions = (p: Prepared) => ({
  seed: p.seed,
  quality: p.quality,
  ...(p.ambientBounces !== null ? { ambientBounces: p.ambientBounces } : {}),
});

const respond = (p: Prepared, sim: SimulationResult) =>
  engineResponse(p.req, { ...sim, angles: p.angles }, engineMethod(p));

export function simulate(body: unknown, ctx: OpContext): OpResult {
  if (isClimateBody(body)) return climateRun(body, ctx);
  const p = prepare(body, ctx);
  return answer(simulateResponse, respond(p, simulateRoom(p.req, engineOptions(p))));
}

export interface SimulateProgress {
  onProgress?: (fraction: number) => void;
  signal?: CancelSignal;
  maxMeshPoints?: number;
  /** Contexts a body names by `mesh_id` (the command line's building, stored once for its threads). */
  storedMesh?: OpContext['storedMesh'];
}

async function simulatePrepared(body: unknown, o: SimulateProgress) {
  const p = prepare(body, {
    maxMeshPoints: o.maxMeshPoints ?? 3_000_000,
    ...(o.storedMesh ? { storedMesh: o.storedMesh } : {}),
  });
  const sim = await simulateRoomAsync(p.req, {
    ...engineOptions(p),
    ...(o.onProgress ? { onProgress: o.onProgress } : {}),
    ...(o.signal ? { signal: o.signal } : {}),
  });
  return { p, sim };
}

export async function simulateAsync(
  body: unknown,
  o: SimulateProgress = {},
): Promise<z.output<typeof simulateResponse>> {
  const { p, sim } = await simulatePrepared(body, o);
  return respond(p, sim);
}

/** /simulate's answer as typed arrays (the browser's engine worker), with progress and cancel. */
export async function simulateAnswer(body: unknown, o: SimulateProgress = {}): Promise<RoomAnswer> {
  const { p, sim } = await simulatePrepared(body, o);
  return roomAnswer(p.req, { ...sim, angles: p.angles }, engineMethod(p));
}
