import { LuxError } from '../errors';
import { predictWindows, roomGrid, type LoadedModel } from '../model/predict';
import { parseRunRequest } from '../validation/requests';
import { json, type OpContext, type OpResult } from './result';
import type { RoomAnswer } from './roomAnswer';
import { roomAnswer, roomResponse, type RoomResult } from './roomResponse';
import { windowAngles } from './windowAngles';

/**
 * /run (api.md): per window, the angles (given, else the fan from the mesh), the model's map in the
 * window's frame, placed in the room frame; the room's DF is the sum over windows.
 */
async function predictRoom(body: unknown, ctx: OpContext) {
  const req = parseRunRequest(body, { maxMeshPoints: ctx.maxMeshPoints });
  const model: LoadedModel | undefined = await ctx.model?.();
  if (!model) throw new LuxError('service_unavailable', 'No daylight model is installed on this server');
  const angles = windowAngles(req, req.mesh);
  const windows = await predictWindows(req, angles, model);
  const result: RoomResult = { ...roomGrid(req, windows), angles };
  return {
    req,
    result,
    method: { kind: 'model', name: model.card.name, version: model.card.version } as const,
  };
}

export async function run(body: unknown, ctx: OpContext): Promise<OpResult> {
  const { req, result, method } = await predictRoom(body, ctx);
  return json(roomResponse(req, result, method));
}

/** /run's answer as typed arrays (the browser's model worker). */
export async function runAnswer(body: unknown, ctx: OpContext): Promise<RoomAnswer> {
  const { req, result, method } = await predictRoom(body, ctx);
  return roomAnswer(req, result, method);
}
