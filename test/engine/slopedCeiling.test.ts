import { describe, expect, it } from 'vitest';
import type { EngineRoom } from '../../src/core/engine/model';
import { buildRoomModel } from '../../src/core/engine/model';
import { buildPatches, CEILING, WALL } from '../../src/core/engine/patches';
import { simulateRoom } from '../../src/core/engine/simulate';
import { expectNearTracer } from './oracle/againstEngine';
import { attic, ATTIC, leanTo } from './scenes';

/**
 * Sloped ceilings (issue 33: rooms as they are built, an attic under a pitched roof), against the
 * independent path tracer, whose scene lifts its ceiling onto the lowest plane over each part of the plan
 * and ends its walls under it on its own (oracle/scene.ts).
 */
describe('sloped ceilings against the independent path tracer', () => {
  const cases: [string, EngineRoom, [number, number][]][] = [
    [
      'an attic under a gable roof, lit through its gable',
      attic(),
      [
        [0.6, 2.5],
        [2, 2.5],
        [4, 2.5],
        [5.5, 1],
        [3, 0.6],
        [1.5, 4.2],
      ],
    ],
    [
      'an L-shaped lean-to with a window in its low wall and one in its high wall',
      leanTo(),
      [
        [1.5, 1],
        [0.4, 2.2],
        [4, 1],
        [5, 4],
        [3.4, 4.6],
        [6.5, 2.5],
      ],
    ],
  ];
  for (const [name, room, pts] of cases)
    it(name, () => expectNearTracer(room, pts, { point: 0.08, mean: 0.03 }), 60_000);

  it('is brighter than the same room as a box to its ridge: the slopes are nearer and reflect more', () => {
    const pts: [number, number][] = [
      [2, 2.5],
      [4, 2.5],
      [3, 0.6],
    ];
    const sloped = simulateRoom(attic(), { quality: 'draft', points: pts }).points;
    const box = simulateRoom(attic(false), { quality: 'draft', points: pts }).points;
    pts.forEach((_, i) => expect(sloped[i]!).toBeGreaterThan(1.08 * box[i]!));
  });
});

describe('the patch mesh under a sloped ceiling', () => {
  it('lifts the ceiling onto its slopes and ends the walls under them: the areas a builder would measure', () => {
    const p = buildPatches(buildRoomModel(attic()), 0.3);
    let ceiling = 0,
      walls = 0;
    for (let i = 0; i < p.count; i++) {
      if (p.kind[i] === CEILING) ceiling += p.area[i]!;
      if (p.kind[i] === WALL) walls += p.area[i]!;
    }
    // Two slopes of 6 m × 2.5 m in plan, each √(1 + k²) longer up the slope.
    expect(ceiling).toBeCloseTo(2 * 6 * 2.5 * Math.hypot(1, ATTIC.slope), 4);
    // Eaves walls 6 m × 1.2 m twice; gable walls 5 m × 1.2 m plus their triangle 5 × 3.1 / 2, twice; less
    // the gable window's 1.4 m × 1.6 m opening.
    const { eave, ridge } = ATTIC;
    expect(walls).toBeCloseTo(2 * 6 * eave + 2 * (5 * eave + (5 * (ridge - eave)) / 2) - 1.4 * 1.6, 4);
  });
});
