import { describe, expect, it } from 'vitest';
import { buildingFromIfc } from '../../src/core/ifc/building';
import { readIfc } from '../../src/ifc/webIfcSource';
import { stepFile, type StepBox, type StepBuilding, type StepWindow } from './stepFile';

/**
 * Shapes of export a review of how offices export found unread (docs/ifc.md, "Read from the file's own
 * relations"): space boundaries naming the opening rather than its window, walls exported as their parts,
 * spaces drawn to the walls' centre lines.
 */
const read = async (b: StepBuilding) => readIfc(new TextEncoder().encode(stepFile(b)));

/** The four pieces of a wall layer around an opening (a part is cut as its wall is). */
const around = (layer: StepBox, hole: StepBox): StepBox[] => {
  const [x0, y0, z0] = layer.min,
    [x1, y1, z1] = layer.max;
  const [hx0, , hz0] = hole.min,
    [hx1, , hz1] = hole.max;
  return [
    { min: [x0, y0, z0], max: [hx0, y1, z1] },
    { min: [hx1, y0, z0], max: [x1, y1, z1] },
    { min: [hx0, y0, z0], max: [hx1, y1, hz0] },
    { min: [hx0, y0, hz1], max: [hx1, y1, z1] },
  ];
};

/** The area of the triangles standing in planes y = c (m², by c). */
const facesAlongX = (p: Float32Array): Record<string, number> => {
  const area: Record<string, number> = {};
  for (let i = 0; i < p.length; i += 9) {
    if (Math.abs(p[i + 1]! - p[i + 4]!) > 1e-4 || Math.abs(p[i + 1]! - p[i + 7]!) > 1e-4) continue;
    const c = String(Math.round(p[i + 1]! * 1000) / 1000);
    const a =
      Math.abs(
        (p[i + 3]! - p[i]!) * (p[i + 8]! - p[i + 2]!) - (p[i + 6]! - p[i]!) * (p[i + 5]! - p[i + 2]!),
      ) / 2;
    area[c] = Math.round(((area[c] ?? 0) + a) * 1e4) / 1e4;
  }
  return area;
};

describe('a space boundary that names the opening', () => {
  it('bounds the window that fills it, and puts the window in that room', async () => {
    // A clerestory above a room stopped at 2.44 m (Revit's default): only the file's boundary puts it there.
    const office: StepBuilding = {
      spaces: [{ name: '101', longName: 'Office', min: [0, 0, 0], max: [5, 4, 2.44] }],
      walls: [{ min: [0, -0.3, 0], max: [5, 0, 3.2] }],
      windows: [
        {
          name: 'Clerestory',
          wall: 0,
          min: [1, -0.3, 2.5],
          max: [4, 0, 3.0],
          bounds: [{ space: 0, side: 'EXTERNAL' }],
          boundsOn: 'opening',
        },
      ],
    };
    const source = await read(office);
    expect(source.windows.map((w) => w.bounds)).toEqual([[{ space: source.spaces[0]!.id, external: true }]]);
    const b = buildingFromIfc(source);
    expect(b.unplaced).toEqual([]);
    expect(b.rooms[0]!.windows.map((w) => [w.name, w.placedBy, w.x1, w.x2, w.y2])).toEqual([
      ['Clerestory', 'space boundary', 1, 4, -0.3],
    ]);
  });
});

describe('a wall exported as its parts', () => {
  // A 0.5 m facade of two layers (0.3 m block, 0.2 m insulation), each an IfcBuildingElementPart cut around
  // the opening; the wall itself has no body. The window sits at its outer face, 0.4 m out from the room.
  const hole: StepBox = { min: [1.5, -0.5, 0.9], max: [3.5, 0, 2.2] };
  const office: StepBuilding = {
    spaces: [{ name: '101', longName: 'Office', min: [0, 0, 0], max: [5, 4, 2.7] }],
    walls: [
      {
        min: [0, -0.5, 0],
        max: [5, 0, 2.7],
        parts: [
          ...around({ min: [0, -0.3, 0], max: [5, 0, 2.7] }, hole),
          ...around({ min: [0, -0.5, 0], max: [5, -0.3, 2.7] }, hole),
        ],
      },
    ],
    windows: [{ name: 'W', wall: 0, min: [1.5, -0.5, 0.9], max: [3.5, -0.4, 2.2], opening: hole }],
  };

  it('stands in the sky with its parts’ geometry', async () => {
    const source = await read(office);
    const wall = source.obstruction.find((e) => e.type === 'IFCWALL')!;
    const b = buildingFromIfc(source);
    expect(b.context.length).toBe(wall.positions.length);
    // Its faces as built: inner and outer faces and the layers' joint, 5 × 2.7 m less the 2 × 1.3 m opening.
    expect(facesAlongX(wall.positions)).toEqual({ '-0.5': 10.9, '-0.3': 21.8, '0': 10.9 });
  });

  it('hosts its window: the window goes into the room on the wall’s inner face, the wall’s whole thickness deep', async () => {
    const b = buildingFromIfc(await read(office));
    expect(b.unplaced).toEqual([]);
    expect(b.rooms[0]!.windows.map((w) => [w.placedBy, w.x1, w.y1, w.x2, w.y2])).toEqual([
      ['host wall', 1.5, 0, 3.5, -0.5],
    ]);
    // The opening voiding one of its parts (a layer) instead: the wall the part stands in hosts it.
    const text = stepFile(office);
    const part = text.match(/#(\d+)=IFCBUILDINGELEMENTPART\(/)![1];
    const byPart = text.replace(/(IFCRELVOIDSELEMENT\([^;]*?),#\d+,(#\d+\);)/, `$1,#${part},$2`);
    expect(byPart).not.toBe(text);
    const c = buildingFromIfc(await readIfc(new TextEncoder().encode(byPart)));
    expect(c.rooms[0]!.windows.map((w) => [w.placedBy, w.y2])).toEqual([['host wall', -0.5]]);
  });
});

describe('spaces drawn to the walls’ centre lines (gross areas), windows no relation hosts', () => {
  // Two offices behind a 0.6 m facade, a 0.6 m party wall between them, each drawn to the walls' centre
  // lines (y = −0.3, x = 5.3); the windows written without their openings' relations.
  const gross: StepBuilding = {
    spaces: [
      { name: '101', longName: 'West', min: [0, -0.3, 0], max: [5.3, 4, 2.7] },
      { name: '102', longName: 'East', min: [5.3, -0.3, 0], max: [10.6, 4, 2.7] },
    ],
    walls: [
      { min: [0, -0.6, 0], max: [10.6, 0, 2.7] },
      { min: [5, 0, 0], max: [5.6, 4, 2.7] },
    ],
    windows: [],
  };
  const window = (name: string, min: StepBox['min'], max: StepBox['max']): StepWindow => ({
    name,
    wall: 0,
    min,
    max,
    unhosted: true,
  });

  it('puts a window at a thick facade’s outer face into the room behind it, the wall’s outer half deep', async () => {
    // Its inner side 0.25 m out from the outline: farther than the geometry's 0.2 m.
    const b = buildingFromIfc(
      await read({ ...gross, windows: [window('W', [1.5, -0.6, 0.9], [3.5, -0.55, 2.2])] }),
    );
    expect(b.unplaced).toEqual([]);
    expect(
      b.rooms.map((r) => r.windows.map((w) => [w.placedBy, w.x1, w.y1, w.x2, w.y2, w.direction])),
    ).toEqual([[['geometry', 1.5, -0.3, 3.5, -0.6, 270]], []]);
  });

  it('lights neither room through a window in the party wall: the wall’s far face is the neighbour’s', async () => {
    const b = buildingFromIfc(
      await read({ ...gross, windows: [window('Borrowed', [5.55, 1, 0.9], [5.6, 3, 2.2])] }),
    );
    expect(b.rooms.flatMap((r) => r.windows)).toEqual([]);
    expect(b.unplaced.map((u) => u.reason)).toEqual([
      'It is a window between two rooms: light borrowed from another room is not analysed.',
    ]);
  });
});

describe('spaces with only a 2D footprint', () => {
  // An L-shaped office drawn in plan only (a 'FootPrint' polyline in its own frame, placed 0.5 m up and
  // turned 90°), beside a room with a body on the terrain; millimetres, as Revit writes them.
  const plan: StepBuilding = {
    millimetres: true,
    spaces: [
      { name: '101', longName: 'Store', min: [0, 0, 0], max: [5, 4, 2.7] },
      {
        name: '102',
        longName: 'Office',
        min: [10, 0, 0.5],
        max: [10, 0, 0.5],
        footprint: {
          turn: 90,
          outline: [
            [0, 0],
            [5, 0],
            [5, 3],
            [2, 3],
            [2, 4],
            [0, 4],
          ],
        },
        quantities: { Height: 2.6, FinishCeilingHeight: 2.4 },
      },
    ],
    walls: [{ min: [10, -0.3, 0], max: [10.3, 5.3, 3.1] }],
    windows: [{ name: 'W-east', wall: 0, min: [10, 1, 1.4], max: [10.3, 4, 2.7] }],
  };

  it('reads its footprint where the file places it, as high as its base quantities say, and lights it', async () => {
    const b = buildingFromIfc(await read(plan));
    const office = b.rooms.find((r) => r.number === '102')!;
    expect(office).toMatchObject({
      problem: null,
      room_polygon: [
        [10, 0],
        [10, 5],
        [7, 5],
        [7, 2],
        [6, 2],
        [6, 0],
      ],
      area: 17,
      floor_height_above_terrain: 0.5,
      height_roof_over_floor: 2.6,
    });
    expect(office.notes).toEqual([
      "It has only a 2D footprint in the file (no body): read as its footprint, 2.60 m high (its base quantities' Height).",
    ]);
    expect(office.windows.map((w) => [w.placedBy, w.x1, w.y1, w.x2, w.y2, w.z1, w.z2, w.direction])).toEqual([
      ['host wall', 10, 1, 10.3, 4, 1.4, 2.7, 0],
    ]);
    // The same footprint as IFC4's IfcIndexedPolyCurve.
    const indexed = structuredClone(plan);
    indexed.spaces[1]!.footprint!.indexed = true;
    const again = buildingFromIfc(await read(indexed)).rooms.find((r) => r.number === '102')!;
    expect(again.room_polygon).toEqual(office.room_polygon);
    expect(again.problem).toBeNull();
  });

  it('takes FinishCeilingHeight without Height, and says why without either', async () => {
    const finish = structuredClone(plan);
    finish.spaces[1]!.quantities = { FinishCeilingHeight: 2.4 };
    const office = buildingFromIfc(await read(finish)).rooms.find((r) => r.number === '102')!;
    expect(office.height_roof_over_floor).toBe(2.4);
    expect(office.notes[0]).toMatch(/2\.40 m high \(its base quantities' FinishCeilingHeight\)/);
    // One storey, no quantities: nothing says how high it is.
    const none = structuredClone(plan);
    delete none.spaces[1]!.quantities;
    const bare = buildingFromIfc(await read(none)).rooms.find((r) => r.number === '102')!;
    expect(bare.problem).toMatch(
      /^It has only a 2D footprint \(no body\), and the file gives no height for it/,
    );
  });
});
