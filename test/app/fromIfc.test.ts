import { describe, expect, it } from 'vitest';
import type { IfcRoom } from '../../src/core/ifc/building';
import { windowCorners } from '../../src/app/scene/geometry';
import { sceneOfIfcRoom } from '../../src/app/scene/fromIfc';

const room: IfcRoom = {
  ifcId: 1,
  number: '101',
  name: 'Office',
  storey: 'Level 1',
  zones: [],
  area: 20,
  floor_height_above_terrain: 3,
  height_roof_over_floor: 2.7,
  room_polygon: [
    [0, 0],
    [5, 0],
    [5, 4],
    [0, 4],
  ],
  windows: [
    {
      id: 'w1',
      ifcId: 7,
      name: 'W',
      kind: 'window',
      placedBy: 'space boundary',
      x1: 1.5,
      y1: 0,
      z1: 3.9,
      x2: 3.5,
      y2: -0.3,
      z2: 5.2,
      window_frame_ratio: 0.24,
      frameFrom: 'glass',
      width: 2,
      height: 1.3,
      inner: [
        [1.5, 0],
        [3.5, 0],
      ],
      direction: 270,
    },
    {
      id: 'w2',
      ifcId: 8,
      name: 'E',
      kind: 'door',
      placedBy: 'host wall',
      x1: 5,
      y1: 1,
      z1: 4,
      x2: 5.45,
      y2: 2.2,
      z2: 5,
      window_frame_ratio: 0.2,
      frameFrom: 'default',
      width: 1.2,
      height: 1,
      inner: [
        [5, 1],
        [5, 2.2],
      ],
      direction: 0,
    },
  ],
  skylights: [],
  ceiling_planes: null,
  problem: null,
  notes: [],
};

describe('an IFC room opened in the editor', () => {
  const scene = sceneOfIfcRoom(room, 30, 'duplex.ifc', 8446);

  it('keeps its name, outline, heights, north, and the building as its surroundings', () => {
    expect(scene.name).toBe('101 Office · Level 1');
    expect(scene.outline).toEqual(room.room_polygon);
    expect([scene.floorZ, scene.height, scene.north]).toEqual([3, 2.7, 30]);
    expect(scene.surroundings).toEqual({ kind: 'mesh', name: 'duplex.ifc', triangles: 8446, perWindow: {} });
  });

  it('puts each window on its wall with the same corners the building gave the API', () => {
    expect(scene.windows.map((w) => [w.id, w.edge, w.offset, w.width, w.sill, w.head, w.thickness])).toEqual([
      ['w1', 0, 2.5, 2, 0.9, 2.2, 0.3],
      ['w2', 1, 1.6, 1.2, 1, 2, 0.45],
    ]);
    for (const w of scene.windows) {
      const c = windowCorners(scene, w);
      const r = room.windows.find((x) => x.id === w.id)!;
      for (const k of ['x1', 'y1', 'z1', 'x2', 'y2', 'z2'] as const) expect(c[k]).toBeCloseTo(r[k], 6);
      expect(c.window_frame_ratio).toBe(r.window_frame_ratio);
    }
  });
});
