import { describe, expect, it } from 'vitest';
import { buildObstructionScene, obstructionFan } from '../../src/core/obstruction/index';
import { simulateRoom } from '../../src/core/engine/simulate';
import type { EngineRoom } from '../../src/core/engine/model';
import { loadFixture } from './radianceFixtures';
import { roomMean as mean } from '../helpers/roomMean';

function withAngles(room: EngineRoom, horizon: number[], zenith: number[]): EngineRoom {
  return {
    ...room,
    mesh: null,
    parameters: {
      ...room.parameters,
      windows: room.parameters.windows.map((w) => ({ ...w, horizon, zenith })),
    },
  };
}

describe('context given as horizon/zenith angles (no mesh)', () => {
  const open = loadFixture('R01_rect_south_open.json').room;
  const zeros = new Array(64).fill(0);

  it('all-zero angles are the open sky: the same result as no context', () => {
    const a = simulateRoom(open, { quality: 'draft' });
    const b = simulateRoom(withAngles(open, zeros, zeros), { quality: 'draft' });
    expect(Buffer.from(a.df.data.buffer).equals(Buffer.from(b.df.data.buffer))).toBe(true);
  });

  it('obstruction darkens monotonically, and a fully obstructed fan leaves only the sky outside it', () => {
    const m = [0, 20, 40, 60].map((h) =>
      mean(simulateRoom(withAngles(open, new Array(64).fill(h), zeros), { quality: 'draft' })),
    );
    for (let k = 1; k < m.length; k++) expect(m[k]!).toBeLessThan(m[k - 1]!);
    const shut = mean(
      simulateRoom(withAngles(open, new Array(64).fill(45), new Array(64).fill(45)), { quality: 'draft' }),
    );
    expect(shut).toBeLessThan(0.35 * m[0]!);
    expect(shut).toBeGreaterThan(0);
  });

  it('angles derived from a mesh give a result close to the mesh itself (a long block ahead)', () => {
    const fx = loadFixture('R02_rect_south_building.json');
    const scene = buildObstructionScene(fx.room.mesh!);
    const g = fx.room.geometry[0]!;
    const fan = obstructionFan(scene, g.externalReferencePoint, g.directionAngle);
    const viaMesh = mean(simulateRoom(fx.room, { quality: 'draft' }));
    const viaAngles = mean(simulateRoom(withAngles(fx.room, fan.horizon, fan.zenith), { quality: 'draft' }));
    expect(viaAngles / viaMesh).toBeGreaterThan(0.9);
    expect(viaAngles / viaMesh).toBeLessThan(1.15);
  });
});
