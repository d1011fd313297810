import { LuxError } from '../errors';
import { predictWindows, roomGrid, type LoadedModel } from '../model/predict';
import { parseRunRequest } from '../validation/requests';
import { json, type OpContext, type OpResult } from './result';
import { roomResponse } from './roomResponse';
import { windowAngles } from './windowAngles';

/**
 * /run (api.md): per window, the angles (given, else the fan from the mesh), the model's map in the
 * window's frame, placed in the room frame; the room's DF is the sum over windows.
 */
export async function run(body: unknown, ctx: OpContext): Promise<OpResult> {
  const req = parseRunRequest(body, { maxMeshPoints: ctx.maxMeshPoints });
  const model: LoadedModel | undefined = await ctx.model?.();
  if (!model) throw new LuxError('service_unavailable', 'No daylight model is installed on this server');
  const angles = windowAngles(req, req.mesh);
  const windows = await predictWindows(req, angles, model);
  return json(
    roomResponse(
      req,
      { ...roomGrid(req, windows), angles },
      { model: { name: model.card.name, version: model.card.version } },
    ),
  );
}
