import { LuxError, validationError } from '../errors';
import { climateRun, isClimateBody } from './climateOps';
import { simulate } from './simulateOps';
import { beyondModel } from './beyondModel';
import { errorBand, roomClasses } from '../model/errorBand';
import { maskedMean } from '../stats/grid';
import { isPlainObject } from '../validation/format';
import { predictWindows, roomGrid, type LoadedModel } from '../model/predict';
import { parseRunRequest } from '../validation/requests';
import type { z } from 'zod';
import { runDetailedResponse, runResponse } from '../validation/responses';
import { answer, limitsOf, type OpContext, type OpResult } from './result';
import type { RoomAnswer } from './roomAnswer';
import { modelResponse, requestWarnings, roomAnswer, type RoomResult } from './roomResponse';
import { windowAngles } from './windowAngles';

/** A model room's refusal where no model is loaded: the server says it in the model status's words. */
export const NO_MODEL_MESSAGE = 'No daylight model is installed on this server';

/**
 * /run (api.md): per window, the angles (given, else the fan from the mesh), the model's map in the
 * window's frame, placed in the room frame; the room's DF is the sum over windows.
 */
async function predictRoom(body: unknown, ctx: OpContext) {
  const req = parseRunRequest(body, limitsOf(ctx), { asComputed: true });
  const model: LoadedModel | undefined = await ctx.model?.();
  if (!model) throw new LuxError('service_unavailable', NO_MODEL_MESSAGE);
  const angles = windowAngles(req, req.mesh);
  const windows = await predictWindows(req, angles, model);
  const result: RoomResult = { ...roomGrid(req, windows), angles };
  // The card's measured error for rooms like this one (and this dark), when its card has a stress suite.
  const band = errorBand(model.card, roomClasses(req, angles, maskedMean(result.df.data, result.mask.data)));
  return {
    req,
    result,
    windows,
    method: {
      kind: 'model',
      name: model.card.name,
      version: model.card.version,
      ...(band ? { errorBand: band } : {}),
    } as const,
  };
}

export async function run(body: unknown, ctx: OpContext): Promise<OpResult> {
  // Climate-based model types are answered by the engine's daylight coefficients (climateOps.ts).
  if (isClimateBody(body)) return climateRun(body, ctx);
  // `"quality": "engine"`: the engine's answer at draft, for a client that needs the physics (api.md).
  if (isPlainObject(body) && body.quality === 'engine') return simulate({ ...body, quality: 'draft' }, ctx);
  // The model knows rooms as boxes with windows in their walls: skylights and sloped ceilings are answered
  // by the engine (as /simulate).
  if (beyondModel(body)) return simulate(body, ctx);
  const { req, result, method } = await predictRoom(body, ctx);
  return answer(runResponse, modelResponse(req, result, method));
}

/** /run's answer as typed arrays (the browser's model worker). */
export async function runAnswer(body: unknown, ctx: OpContext): Promise<RoomAnswer> {
  const beyond = beyondModel(body);
  if (beyond)
    throw validationError(
      `The model knows rooms as boxes with windows in their walls: a room with ${beyond} is answered by the engine`,
    );
  const { req, result, method } = await predictRoom(body, ctx);
  return roomAnswer(req, result, method);
}

/**
 * /run/detailed (the original's, gateway.md §7.1 step 10): /run's answer plus `window_results`, each
 * window's own share of the map on the same room grid (`result`; the shares sum to the room's) with the
 * room mask (`mask`), in the request's response format. The original gave each window's raw 384 × 384
 * model output and a mask keyed by window name: frames of its own model, which a client could only use by
 * redoing the merge. Lux gives the share in the room frame instead (docs/api-decisions.md).
 */
export async function runDetailed(body: unknown, ctx: OpContext): Promise<OpResult> {
  if (isClimateBody(body))
    throw validationError(
      '/run/detailed gives the model’s windows one by one; climate-based runs (da_*) are answered by /run and /simulate',
    );
  const beyond = beyondModel(body);
  if (beyond)
    throw validationError(
      `/run/detailed gives the model’s windows one by one, and the model cannot see ${beyond}: send the room to /simulate`,
    );
  const { req, result, method, windows } = await predictRoom(body, ctx);
  const window_results: z.output<typeof runDetailedResponse>['window_results'] = {};
  // Said of the request once (a mesh's cover is a pass over all of it), not once per window.
  const warnings = requestWarnings(req);
  windows.forEach((w, i) => {
    const own: RoomResult = { ...roomGrid(req, [w]), angles: result.angles };
    const wire = modelResponse(req, own, method, warnings);
    window_results[req.parameters.windows[i]!.id] =
      'dtype' in wire
        ? { result: wire.result, mask: wire.mask, dtype: wire.dtype }
        : { result: wire.result, mask: wire.mask };
  });
  return answer(runDetailedResponse, { ...modelResponse(req, result, method, warnings), window_results });
}
