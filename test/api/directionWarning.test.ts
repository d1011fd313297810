import { describe, expect, it } from 'vitest';
import { OPEN_CONTEXT } from '../../src/core/api/result';
import { simulate } from '../../src/core/api/simulateOps';
import { BENCH_ROOM } from '../../src/evaluation/benchRoom';

/**
 * A window's optional `direction_angle` that is not its wall's outward normal: the model's frame follows it
 * (as the original's encoder did), the engine the wall. The answer says so, as for a plug-in sending radians.
 */
const body = (direction?: number) => ({
  model_type: 'df_default',
  quality: 'draft',
  horizon: new Array(64).fill(10),
  zenith: new Array(64).fill(0),
  parameters: {
    ...BENCH_ROOM,
    windows: {
      w: { ...BENCH_ROOM.windows.w1, ...(direction !== undefined ? { direction_angle: direction } : {}) },
    },
  },
});

const warnings = (direction?: number) => {
  const r = simulate(body(direction), OPEN_CONTEXT);
  if (r.kind !== 'json') throw new Error('expected JSON');
  return (r.value as { warnings: string[] }).warnings;
};

describe('a window’s direction_angle', () => {
  it('is named when it is not its wall’s outward normal, and only then', () => {
    expect(warnings()).toEqual([]);
    expect(warnings(270)).toEqual([]);
    expect(warnings(273.5)).toEqual([]);
    expect(warnings(4.712)).toEqual([
      "window 'w' gives direction_angle 4.71°, but its wall faces 270° (degrees, 0 = east, counter-clockwise): the model's frame follows the given angle, the engine the wall; leave it out to use the wall's",
    ]);
    expect(warnings(90)).toHaveLength(1);
  });
});
