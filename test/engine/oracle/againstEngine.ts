import { expect } from 'vitest';
import type { EngineRoom } from '../../../src/core/engine/model';
import { simulateRoom } from '../../../src/core/engine/simulate';
import { PathTracer } from './pathTracer';

/**
 * The engine against the path tracer at work-plane points, both counting bounces as Radiance's -ab 7:
 * every point within `point` (relative), the points' sum within `mean`. The tracer's own noise at 30 000
 * paths a point is 1–2 %.
 */
export function expectNearTracer(
  room: EngineRoom,
  pts: readonly [number, number][],
  tolerance: { point: number; mean: number },
): void {
  const engine = simulateRoom(room, { points: pts, ambientBounces: 7 }).points;
  const pt = new PathTracer(room);
  let se = 0,
    sp = 0;
  pts.forEach(([x, y], i) => {
    const p = pt.daylightFactor(x, y, pt.workPlane, 30000, i + 1);
    se += engine[i]!;
    sp += p;
    expect(Math.abs(engine[i]! / p - 1), `at [${x}, ${y}]`).toBeLessThan(tolerance.point);
  });
  expect(Math.abs(se / sp - 1), 'the points’ sum').toBeLessThan(tolerance.mean);
}
