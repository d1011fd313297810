import { describe, expect, it } from 'vitest';
import { floorDrop, lowerToFloorRange } from '../../src/core/api/highFloor';
import { simulateRoom } from '../../src/core/engine/simulate';
import { parseRunRequest } from '../../src/core/validation/requests';

const horizon = Array.from({ length: 64 }, (_, i) => 10 + 10 * Math.sin(i / 5));
const zenith = new Array<number>(64).fill(0);

function body(floor: number, angles: 'own' | 'shared' | 'none' = 'own') {
  return {
    model_type: 'df_default',
    parameters: {
      height_roof_over_floor: 2.7,
      floor_height_above_terrain: floor,
      room_polygon: [
        [0, 0],
        [4, 0],
        [4, 5],
        [0, 5],
      ],
      windows: {
        w: {
          x1: 0.5,
          y1: 0,
          z1: floor + 0.9,
          x2: 3.5,
          y2: -0.3,
          z2: floor + 2.2,
          window_frame_ratio: 0.2,
          ...(angles === 'own' ? { horizon, zenith } : {}),
        },
      },
    },
    ...(angles === 'shared' ? { horizon, zenith } : {}),
  };
}

describe('lowerToFloorRange', () => {
  it('sends a room above 10 m at 10 m, its windows lowered with it, its angles as they are', () => {
    expect(floorDrop(27.5)).toBe(17.5);
    const sent = lowerToFloorRange(body(27.5));
    expect(sent.parameters.floor_height_above_terrain).toBe(10);
    expect(sent.parameters.windows).toEqual({
      w: { ...body(27.5).parameters.windows.w, z1: 10.9, z2: 12.2 },
    });
    expect(() => parseRunRequest(sent)).not.toThrow();
    // One set of angles for every window (the body's) will do as well.
    expect(lowerToFloorRange(body(27.5, 'shared')).parameters.floor_height_above_terrain).toBe(10);
    // An attic's sloped ceiling, absolute heights too, goes down with it (eaves 2.5 m, rising 0.5 a metre).
    const attic = body(27.5);
    const slope = [[0, 0.5, 27.5 + 2.5]];
    const lowered = lowerToFloorRange({
      ...attic,
      parameters: { ...attic.parameters, ceiling_planes: slope },
    });
    expect(lowered.parameters.ceiling_planes).toEqual([[0, 0.5, 12.5]]);
    expect(() => parseRunRequest(lowered)).not.toThrow();
    // Trees around it keep their height from its floor: a crown 3 m over a 27.5 m floor stays 3 m over 10 m.
    const crowns = { transmittance: 0.2, trees: [{ centre: [2, -6, 30.5], radii: [3, 3, 3] }] } as never;
    const withTrees = lowerToFloorRange({ ...body(27.5), crowns });
    expect(withTrees.crowns).toEqual({
      transmittance: 0.2,
      trees: [{ centre: [2, -6, 13], radii: [3, 3, 3] }],
    });
    expect(() => parseRunRequest(withTrees)).not.toThrow();
    expect(lowerToFloorRange({ ...body(4), crowns }).crowns).toBe(crowns);
  });

  it('leaves a room within the range, or one that would need a mesh at its height, as it is', () => {
    const low = body(6);
    expect(lowerToFloorRange(low)).toBe(low);
    const bare = body(27.5, 'none');
    expect(lowerToFloorRange(bare)).toBe(bare);
    const withMesh = { ...body(27.5), mesh_id: 'm-1' };
    expect(lowerToFloorRange(withMesh)).toBe(withMesh);
    // …and the API then names the range.
    expect(() => parseRunRequest({ ...bare, horizon: zenith, zenith })).toThrow(/floor_height_above_terrain/);
  });

  it('gives the engine the map of the real height: the same angles at 2 m and at 10 m, the same map', () => {
    const map = (floor: number): number[] => {
      const r = parseRunRequest(body(floor));
      const out = simulateRoom(
        { parameters: r.parameters, geometry: r.geometry, mesh: null, modelType: 'df_default' },
        { quality: 'draft' },
      );
      return Array.from(out.df.data);
    };
    const a = map(2),
      b = map(10);
    const mean = (v: number[]): number => v.reduce((s, x) => s + x, 0) / v.length;
    expect(Math.abs(mean(a) - mean(b))).toBeLessThan(0.01 * mean(a));
    expect(Math.max(...a.map((v, i) => Math.abs(v - b[i]!)))).toBeLessThan(0.1);
  });
});
