import { roundPoint } from '../geometry/window';
import { buildObstructionScene, obstructionAt, obstructionFan } from '../obstruction';
import {
  isViewpointForm,
  parseObstructionWindowsRequest,
  parseViewpointRequest,
} from '../validation/requests';
import { roundAngle } from './geometryOps';
import { json, limitsOf, type OpContext, type OpResult } from './result';

/**
 * /obstruction_all: per window, the 64-direction fan from its external reference point. One BVH serves
 * every window of the request. The top-level `horizon`/`zenith` are the first window's (api.md).
 */
export function obstructionAll(body: unknown, ctx: OpContext): OpResult {
  const limits = limitsOf(ctx);
  if (isViewpointForm(body)) {
    const v = parseViewpointRequest(body, limits);
    const fan = obstructionFan(buildObstructionScene(v.mesh), v, v.direction);
    return json({ status: 'success', horizon: fan.horizon, zenith: fan.zenith, directions: fan.directions });
  }
  const r = parseObstructionWindowsRequest(body, limits);
  const scene = buildObstructionScene(r.mesh);
  const windows: Record<string, unknown> = {};
  let first: { horizon: number[]; zenith: number[] } | null = null;
  r.parameters.windows.forEach((w, i) => {
    const g = r.geometry[i]!;
    const fan = obstructionFan(scene, g.externalReferencePoint, g.directionAngle);
    first ??= fan;
    windows[w.id] = {
      horizon: fan.horizon,
      zenith: fan.zenith,
      direction_angle: roundAngle(g.directionAngle),
      reference_point: roundPoint(g.referencePoint),
    };
  });
  return json({ status: 'success', horizon: first!.horizon, zenith: first!.zenith, windows });
}

function single(body: unknown, ctx: OpContext) {
  const v = parseViewpointRequest(body, { maxMeshPoints: ctx.maxMeshPoints });
  return obstructionAt(buildObstructionScene(v.mesh), v, v.direction);
}

export function horizon(body: unknown, ctx: OpContext): OpResult {
  const a = single(body, ctx);
  return json({ status: 'success', horizon: a.horizon.obstruction_angle_degrees, data: a.horizon });
}

export function zenith(body: unknown, ctx: OpContext): OpResult {
  const a = single(body, ctx);
  return json({ status: 'success', zenith: a.zenith.obstruction_angle_degrees, data: a.zenith });
}

export function obstruction(body: unknown, ctx: OpContext): OpResult {
  const a = single(body, ctx);
  return json({
    status: 'success',
    horizon: a.horizon.obstruction_angle_degrees,
    zenith: a.zenith.obstruction_angle_degrees,
    data: { horizon: a.horizon, zenith: a.zenith },
  });
}
