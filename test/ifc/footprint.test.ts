import { describe, expect, it } from 'vitest';
import { buildingFromIfc } from '../../src/core/ifc/building';
import type { IfcSourceData, IfcSpaceData } from '../../src/core/ifc/source';

/** Spaces the file draws in plan only, as the reader hands them over: a footprint, no triangles. */
const space = (id: number, storey: number, z: number, heights?: IfcSpaceData['heights']): IfcSpaceData => ({
  id,
  name: String(id),
  longName: 'Office',
  storey,
  zones: [],
  positions: new Float32Array(0),
  footprint: {
    // Clockwise, as some exports draw it, closed by its first point again.
    outline: [
      [0, 0],
      [0, 4],
      [2.5, 4],
      [5, 4],
      [5, 0],
      [0, 0],
    ],
    z,
  },
  heights: heights ?? null,
});

const source = (spaces: IfcSpaceData[]): IfcSourceData => ({
  schema: 'IFC2X3',
  trueNorth: null,
  storeys: [
    { id: 1, name: 'Level 1', elevation: 0 },
    { id: 2, name: 'Level 2', elevation: 3.1 },
  ],
  spaces,
  windows: [],
  opaqueDoors: 0,
  obstruction: [],
});

describe('a space with only a 2D footprint', () => {
  it('is as high as its storey is to the next one up when its base quantities say nothing', () => {
    const [low, high] = buildingFromIfc(source([space(10, 1, 0), space(20, 2, 3.1)])).rooms;
    expect(low).toMatchObject({
      room_polygon: [
        [0, 0],
        [5, 0],
        [5, 4],
        [0, 4],
      ],
      area: 20,
      floor_height_above_terrain: 0,
      height_roof_over_floor: 3.1,
    });
    expect(low!.notes).toEqual([
      'It has only a 2D footprint in the file (no body): read as its footprint, 3.10 m high (storey to storey, Level 1 to Level 2, slab included).',
    ]);
    // The top storey has none above it: its height is not known.
    expect(high!.problem).toMatch(
      /^It has only a 2D footprint \(no body\), and the file gives no height for it/,
    );
    expect(high!.room_polygon).toEqual([]);
  });

  it('takes its base quantities’ Height before the storeys', () => {
    const [room] = buildingFromIfc(
      source([space(10, 1, 0, { height: 2.55, finishCeilingHeight: null })]),
    ).rooms;
    expect(room!.height_roof_over_floor).toBe(2.55);
  });
});
