import { roundPoint } from '../geometry/window';
import { parseWindowsRequest } from '../validation/requests';
import { directionResponse, referencePointResponse } from '../validation/responses';
import { answer, limitsOf, type OpContext, type OpResult } from './result';

/** Direction angles print with 10 decimals at most: 45 rather than 44.99999999999999. */
const roundAngle = (d: number): number => (Math.round(d * 1e10) / 1e10) % 360;

export function getReferencePoint(body: unknown, ctx: OpContext): OpResult {
  const { parameters, geometry } = parseWindowsRequest(body, true, limitsOf(ctx));
  const windows = Object.fromEntries(
    parameters.windows.map((w, i) => [w.id, { reference_point: roundPoint(geometry[i]!.referencePoint) }]),
  );
  return answer(referencePointResponse, { status: 'success', windows });
}

export function calculateDirection(body: unknown, ctx: OpContext): OpResult {
  const { parameters, geometry } = parseWindowsRequest(body, false, limitsOf(ctx));
  const windows = Object.fromEntries(
    parameters.windows.map((w, i) => [w.id, { direction_angle: roundAngle(geometry[i]!.directionAngle) }]),
  );
  return answer(directionResponse, { status: 'success', windows });
}

export { roundAngle };
