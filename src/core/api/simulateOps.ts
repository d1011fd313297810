import { simulateRoom, simulateRoomAsync, type CancelSignal, type SimulationResult } from '../engine';
import { parseWith } from '../validation/format';
import { parseRunRequest, type RunRequest } from '../validation/requests';
import { simulateOptions } from '../validation/schemas';
import { json, type OpContext, type OpResult } from './result';
import { roomResponse } from './roomResponse';
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
  angles: WindowAngles[];
}

function prepare(body: unknown, ctx: Pick<OpContext, 'maxMeshPoints'>): Prepared {
  const req = parseRunRequest(body, { maxMeshPoints: ctx.maxMeshPoints });
  const opts = parseWith(simulateOptions, body);
  // The angles reported per window: given ones, or the fan from the mesh (what /run feeds the model).
  const angles = windowAngles(req, req.mesh);
  return { req, seed: opts.seed ?? 1, quality: opts.quality ?? 'standard', angles };
}

const respond = (p: Prepared, sim: SimulationResult) =>
  roomResponse(
    p.req,
    { ...sim, angles: p.angles },
    { method: 'simulation', seed: p.seed, quality: p.quality },
  );

export function simulate(body: unknown, ctx: OpContext): OpResult {
  const p = prepare(body, ctx);
  return json(respond(p, simulateRoom(p.req, { seed: p.seed, quality: p.quality })));
}

export interface SimulateProgress {
  onProgress?: (fraction: number) => void;
  signal?: CancelSignal;
  maxMeshPoints?: number;
}

export async function simulateAsync(
  body: unknown,
  o: SimulateProgress = {},
): Promise<Record<string, unknown>> {
  const p = prepare(body, { maxMeshPoints: o.maxMeshPoints ?? 3_000_000 });
  const sim = await simulateRoomAsync(p.req, {
    seed: p.seed,
    quality: p.quality,
    ...(o.onProgress ? { onProgress: o.onProgress } : {}),
    ...(o.signal ? { signal: o.signal } : {}),
  });
  return respond(p, sim);
}
