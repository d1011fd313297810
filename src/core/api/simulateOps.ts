import { simulateRoom, simulateRoomAsync, type CancelSignal, type SimulationResult } from '../engine';
import { buildObstructionScene, obstructionFan, type ObstructionScene } from '../obstruction';
import { parseWith } from '../validation/format';
import { parseRunRequest, type RunRequest } from '../validation/requests';
import { simulateOptions } from '../validation/schemas';
import { json, type OpContext, type OpResult } from './result';
import { roomResponse } from './roomResponse';

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
  angles: { horizon: number[]; zenith: number[] }[];
}

function prepare(body: unknown, ctx: Pick<OpContext, 'maxMeshPoints'>): Prepared {
  const req = parseRunRequest(body, { maxMeshPoints: ctx.maxMeshPoints });
  const opts = parseWith(simulateOptions, body);
  // The angles reported per window: given ones, or the fan from the mesh (what /run feeds the model).
  let scene: ObstructionScene | null = null;
  const angles = req.parameters.windows.map((w, i) => {
    if (w.horizon && w.zenith) return { horizon: w.horizon, zenith: w.zenith };
    scene ??= buildObstructionScene(req.mesh!);
    const g = req.geometry[i]!;
    const fan = obstructionFan(scene, g.externalReferencePoint, g.directionAngle);
    return { horizon: w.horizon ?? fan.horizon, zenith: w.zenith ?? fan.zenith };
  });
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
