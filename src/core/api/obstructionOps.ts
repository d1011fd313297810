import { roundPoint } from '../geometry/window';
import { buildObstructionScene, obstructionAt, obstructionFans } from '../obstruction';
import {
  isViewpointForm,
  parseObstructionWindowsRequest,
  parseViewpointRequest,
} from '../validation/requests';
import { roundAngle } from './geometryOps';
import { inPlan } from '../validation/aboutRoom';
import {
  horizonResponse,
  obstructionAllResponse,
  obstructionResponse,
  zenithResponse,
  type windowSummary,
} from '../validation/responses';
import type { z } from 'zod';
import { answer, limitsOf, type OpContext, type OpResult } from './result';

/**
 * /obstruction_all: per window, the 64-direction fan from its external reference point (obstructionFans:
 * one tree or one scan per window serves the request). The top-level `horizon`/`zenith` are the first window's (api.md).
 */
export function obstructionAll(body: unknown, ctx: OpContext): OpResult {
  const limits = limitsOf(ctx);
  if (isViewpointForm(body)) {
    const v = parseViewpointRequest(body, limits, { asComputed: true });
    const fan = obstructionFans(v.mesh, [{ viewpoint: v, direction: v.direction }])[0]!;
    return answer(obstructionAllResponse, {
      status: 'success',
      horizon: fan.horizon,
      zenith: fan.zenith,
      directions: fan.directions,
    });
  }
  const r = parseObstructionWindowsRequest(body, limits, { asComputed: true });
  const fans = obstructionFans(
    r.mesh,
    r.geometry.map((g) => ({ viewpoint: g.externalReferencePoint, direction: g.directionAngle })),
  );
  const windows: Record<string, z.output<typeof windowSummary>> = {};
  r.parameters.windows.forEach((w, i) => {
    const g = r.geometry[i]!;
    const fan = fans[i]!;
    windows[w.id] = {
      horizon: fan.horizon,
      zenith: fan.zenith,
      direction_angle: roundAngle(g.directionAngle),
      reference_point: roundPoint(inPlan(g.referencePoint, r.planOrigin)),
    };
  });
  return answer(obstructionAllResponse, {
    status: 'success',
    horizon: fans[0]!.horizon,
    zenith: fans[0]!.zenith,
    windows,
  });
}

function single(body: unknown, ctx: OpContext) {
  const v = parseViewpointRequest(body, limitsOf(ctx), { asComputed: true });
  return obstructionAt(buildObstructionScene(v.mesh), v, v.direction);
}

export function horizon(body: unknown, ctx: OpContext): OpResult {
  const a = single(body, ctx);
  return answer(horizonResponse, {
    status: 'success',
    horizon: a.horizon.obstruction_angle_degrees,
    data: a.horizon,
  });
}

export function zenith(body: unknown, ctx: OpContext): OpResult {
  const a = single(body, ctx);
  return answer(zenithResponse, {
    status: 'success',
    zenith: a.zenith.obstruction_angle_degrees,
    data: a.zenith,
  });
}

export function obstruction(body: unknown, ctx: OpContext): OpResult {
  const a = single(body, ctx);
  return answer(obstructionResponse, {
    status: 'success',
    horizon: a.horizon.obstruction_angle_degrees,
    zenith: a.zenith.obstruction_angle_degrees,
    data: { horizon: a.horizon, zenith: a.zenith },
  });
}
