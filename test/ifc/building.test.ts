import { describe, expect, it } from 'vitest';
import { windowAngles } from '../../src/core/api/windowAngles';
import {
  buildingFromIfc,
  glazingCount,
  glazingSummary,
  noRoomsMessage,
  type IfcBuilding,
} from '../../src/core/ifc/building';
import {
  buildingAngles,
  buildingRequests,
  requestsWithAngles,
  roomRequest,
} from '../../src/core/ifc/roomRequest';
import { parseRunRequest } from '../../src/core/validation/requests';
import { readIfc } from '../../src/ifc/webIfcSource';
import { stepFile, type StepBox, type StepBuilding, type StepWindow } from './stepFile';

/**
 * Exact cases: IFC4 files written by stepFile.ts, read by web-ifc, turned into rooms by the core. The
 * expected numbers are the ones the file was written with.
 */
const office: StepBuilding = {
  spaces: [{ name: '101', longName: 'Office', min: [0, 0, 0], max: [5, 4, 2.7] }],
  walls: [
    { min: [0, -0.3, 0], max: [5, 0, 2.7] }, // south, 0.3 m
    { min: [5, 0, 0], max: [5.45, 4, 2.7] }, // east, 0.45 m
  ],
  windows: [
    {
      name: 'W-south',
      wall: 0,
      min: [1.5, -0.3, 0.9],
      max: [3.5, 0, 2.2],
      glass: { min: [1.6, -0.16, 1.0], max: [3.4, -0.14, 2.1] },
    },
    { name: 'W-east', wall: 1, min: [5, 1, 1], max: [5.45, 2.2, 2] },
  ],
  trueNorth: [-1, 0],
};

/** Whether a triangle facing along y covers the point (x, z) of the plane it lies in. */
function coversXz(p: Float32Array, x: number, z: number): boolean {
  for (let i = 0; i < p.length; i += 9) {
    const [ax, ay, az, bx, by, bz, cx, cy, cz] = p.subarray(i, i + 9);
    if (Math.abs(ay! - by!) > 1e-6 || Math.abs(ay! - cy!) > 1e-6) continue;
    const d = (bx! - ax!) * (cz! - az!) - (cx! - ax!) * (bz! - az!);
    if (Math.abs(d) < 1e-12) continue;
    const u = ((x - ax!) * (cz! - az!) - (cx! - ax!) * (z - az!)) / d;
    const v = ((bx! - ax!) * (z - az!) - (x - ax!) * (bz! - az!)) / d;
    if (u > 1e-9 && v > 1e-9 && u + v < 1 - 1e-9) return true;
  }
  return false;
}

const read = async (b: StepBuilding) => readIfc(new TextEncoder().encode(stepFile(b)));

describe('a building read from IFC (exact cases)', () => {
  it('gives the room’s outline, heights and windows as the file has them, in the API’s terms', async () => {
    const b = buildingFromIfc(await read(office), { defaultFrameRatio: 0.25 });
    expect(b.schema).toBe('IFC4');
    expect(b.rooms).toHaveLength(1);
    const r = b.rooms[0]!;
    expect([r.number, r.name, r.storey, r.problem]).toEqual(['101', 'Office', 'Level 1', null]);
    expect(r.area).toBeCloseTo(20, 6);
    expect(r.floor_height_above_terrain).toBe(0);
    expect(r.height_roof_over_floor).toBeCloseTo(2.7, 6);
    // Counter-clockwise, the file's corners exactly.
    expect(new Set(r.room_polygon.map((p) => p.join(',')))).toEqual(new Set(['0,0', '5,0', '5,4', '0,4']));
    const [south, east] = r.windows;
    // Interior-face corner on the room's wall, exterior corner across the 0.3 m wall; z above terrain.
    expect(south).toMatchObject({
      id: 'w1',
      name: 'W-south',
      x1: 1.5,
      y1: 0,
      z1: 0.9,
      x2: 3.5,
      y2: -0.3,
      z2: 2.2,
    });
    expect(south!.direction).toBe(270);
    // Glass 1.8 × 1.1 m in a 2 × 1.3 m opening: 1 − 1.98 / 2.6 of frame.
    expect(south!.frameFrom).toBe('glass');
    expect(south!.window_frame_ratio).toBeCloseTo(1 - 1.98 / 2.6, 4);
    // No glass in the file: the project's default; the host wall's own thickness, 0.45 m.
    expect(east).toMatchObject({
      id: 'w2',
      x1: 5,
      y1: 1,
      z1: 1,
      x2: 5.45,
      y2: 2.2,
      z2: 2,
      frameFrom: 'default',
    });
    expect(east!.window_frame_ratio).toBe(0.25);
    expect(east!.direction).toBe(0);
    // True north points along −x on the plan: 270° clockwise from the plan's up.
    expect([b.north, b.northFromFile]).toEqual([270, true]);
    // The walls stand in the sky, with their openings cut (web-ifc subtracts them): nothing of the walls,
    // the space or the windows covers the south window's centre.
    expect(b.context.length / 9).toBeGreaterThanOrEqual(24);
    expect(coversXz(b.context, 2.5, 1.55)).toBe(false);
    expect(coversXz(b.context, 0.5, 1.55)).toBe(true); // beside the window, the wall is there
    // The request it makes is one the API takes as it is; its angles from the building's own mesh: nothing
    // stands in front of the south window (its own wall lies in the facade plane and hides nothing).
    const parsed = parseRunRequest({ ...roomRequest(r, null), mesh: b.context });
    const angles = windowAngles(parsed, parsed.mesh);
    expect(Math.max(...angles[0]!.horizon, ...angles[0]!.zenith)).toBeLessThan(1e-3);
    expect(() => parseRunRequest(roomRequest(r, angles))).not.toThrow();
  });

  it('remakes the requests for another default frame from the angles already measured', async () => {
    const source = await read(office);
    const a = buildingFromIfc(source, { defaultFrameRatio: 0.2 });
    const angles = buildingAngles(a.rooms, a.context);
    const b = buildingFromIfc(source, { defaultFrameRatio: 0.35 });
    const again = requestsWithAngles(b.rooms, angles);
    // The same as measuring again; only the window without glass in the file changed its frame.
    expect(again).toEqual(buildingRequests(b.rooms, b.context));
    const windows = (q: (typeof again)[number] | undefined) =>
      q!.parameters.windows as Record<string, { window_frame_ratio: number }>;
    expect(windows(again[0]).w2!.window_frame_ratio).toBe(0.35);
    expect(windows(again[0]).w1).toEqual(windows(requestsWithAngles(a.rooms, angles)[0]).w1);
  });

  it('reads a file in millimetres to the same metres', async () => {
    const b = buildingFromIfc(await read({ ...office, millimetres: true }));
    const r = b.rooms[0]!;
    expect(r.area).toBeCloseTo(20, 4);
    expect(r.windows[0]).toMatchObject({ x1: 1.5, y1: 0, z1: 0.9, x2: 3.5, y2: -0.3, z2: 2.2 });
  });

  it('reads a georeferenced file (survey coordinates, SWEREF 99-like) to the millimetre, in a frame near the building', async () => {
    // At a northing of 6.5·10⁶ m a 32-bit float keeps half a metre: coordinates are taken relative to a
    // point near the building first.
    const b = buildingFromIfc(await read({ ...office, siteOrigin: [153_000, 6_543_000, 0] }));
    expect(b.origin).toEqual([153_000, 6_543_000]);
    const r = b.rooms[0]!;
    expect(r.room_polygon.map(([x, y]) => [+x.toFixed(4), +y.toFixed(4)])).toEqual(
      buildingFromIfc(await read(office)).rooms[0]!.room_polygon.map(([x, y]) => [
        +x.toFixed(4),
        +y.toFixed(4),
      ]),
    );
    expect(r.area).toBeCloseTo(20, 4);
    expect(r.windows[0]).toMatchObject({ x1: 1.5, y1: 0, z1: 0.9, x2: 3.5, y2: -0.3, z2: 2.2 });
  });

  it('places a window set towards the outside of a thick wall, across the whole wall', async () => {
    // A 0.6 m insulated wall; the window's 0.1 m frame sits 0.4–0.5 m out from the room's face.
    const b = buildingFromIfc(
      await read({
        ...office,
        walls: [{ min: [0, -0.6, 0], max: [5, 0, 2.7] }],
        windows: [
          {
            name: 'W-deep',
            wall: 0,
            min: [1.5, -0.5, 0.9],
            max: [3.5, -0.4, 2.2],
            opening: { min: [1.5, -0.6, 0.9], max: [3.5, 0, 2.2] },
          },
        ],
      }),
    );
    expect(b.unplaced).toEqual([]);
    expect(b.rooms[0]!.windows[0]).toMatchObject({ x1: 1.5, y1: 0, z1: 0.9, x2: 3.5, y2: -0.6, z2: 2.2 });
  });

  it('says what to do with a file that has no rooms', async () => {
    const b = buildingFromIfc(await read({ spaces: [], walls: office.walls, windows: [] }));
    expect(b.rooms).toEqual([]);
    expect(noRoomsMessage(b)).toMatch(
      /^The file has no rooms \(IfcSpace\): export it again with its rooms\./,
    );
    expect(noRoomsMessage(buildingFromIfc(await read(office)))).toBeNull();
  });

  it('places a window the file gives no body of its own by the opening it fills', async () => {
    const b = buildingFromIfc(await read({ ...office, windows: [{ ...office.windows[1]!, noBody: true }] }), {
      defaultFrameRatio: 0.25,
    });
    expect(b.unplaced).toEqual([]);
    expect(b.rooms[0]!.windows[0]).toMatchObject({
      x1: 5,
      y1: 1,
      z1: 1,
      x2: 5.45,
      y2: 2.2,
      z2: 2,
      frameFrom: 'default',
    });
  });

  it('takes the frame from the file’s lining and panel properties when it shows no glass (metres or millimetres)', async () => {
    // 2 × 1.3 m, two panels side by side: a 50 mm lining, a 60 mm mullion and each panel's 40 mm frame
    // leave 2 − 0.1 − 0.06 − 4 × 0.04 = 1.68 m by 1.3 − 0.1 − 2 × 0.04 = 1.12 m of glass.
    const lined: StepBuilding = {
      ...office,
      windows: [
        {
          name: 'W-lined',
          wall: 0,
          min: [1.5, -0.3, 0.9],
          max: [3.5, 0, 2.2],
          lining: {
            lining: 0.05,
            mullion: 0.06,
            transom: 0.07,
            frame: 0.04,
            partitioning: 'DOUBLE_PANEL_VERTICAL',
          },
        },
      ],
    };
    for (const millimetres of [false, true]) {
      const w = buildingFromIfc(await read({ ...lined, millimetres })).rooms[0]!.windows[0]!;
      expect(w.frameFrom).toBe('lining');
      expect(w.window_frame_ratio).toBeCloseTo(1 - (1.68 * 1.12) / 2.6, 4);
    }
    // A lining the exporter left empty (every thickness zero) says nothing: the project's default.
    const empty = {
      ...lined,
      windows: [{ ...lined.windows[0]!, lining: { lining: 0, partitioning: 'SINGLE_PANEL' } }],
    };
    const w = buildingFromIfc(await read(empty), { defaultFrameRatio: 0.25 }).rooms[0]!.windows[0]!;
    expect([w.frameFrom, w.window_frame_ratio]).toEqual(['default', 0.25]);
  });

  it('puts the terrain at the lowest floor and lists every room, with the reason where it cannot be analysed', async () => {
    const b = buildingFromIfc(
      await read({
        storeyElevation: 100,
        spaces: [
          { name: '001', longName: 'Store', min: [0, 0, 100], max: [5, 4, 102.7] }, // no window
          { name: '101', longName: 'Office', min: [0, 0, 103], max: [5, 4, 105.7] },
          { name: '401', longName: 'Loft', min: [0, 0, 112], max: [5, 4, 114.7] }, // 12 m up
        ],
        walls: [
          { min: [0, -0.3, 103], max: [5, 0, 105.7] },
          { min: [0, -0.3, 112], max: [5, 0, 114.7] },
          { min: [20, 20, 0], max: [21, 21, 3] },
        ],
        windows: [
          { name: 'W1', wall: 0, min: [1, -0.3, 104], max: [2, 0, 105] },
          { name: 'W4', wall: 1, min: [1, -0.3, 113], max: [2, 0, 114] },
          { name: 'Lost', wall: 2, min: [20, 20, 1], max: [21, 20.2, 2] }, // in no room's wall
        ],
        zones: [
          { name: 'Flat 1', spaces: [1, 2] },
          { name: 'Loft storage', spaces: [2] },
        ],
      }),
    );
    expect(b.terrainZ).toBeCloseTo(100, 6);
    // Apartments as the file groups them (IfcZone): a room may be in several zones, or none.
    expect(b.rooms.map((r) => r.zones)).toEqual([[], ['Flat 1'], ['Flat 1', 'Loft storage']]);
    expect(b.rooms.map((r) => r.number)).toEqual(['001', '101', '401']);
    const [store, officeRoom, loft] = b.rooms;
    expect(store!.problem).toBe(
      'It has no window in its walls or roof (no window, glazed door, curtain-wall glass or skylight lights it).',
    );
    expect(officeRoom!.problem).toBeNull();
    expect(officeRoom!.floor_height_above_terrain).toBeCloseTo(3, 6);
    expect(officeRoom!.windows[0]).toMatchObject({ z1: 4, z2: 5 }); // above the terrain, not the file's datum
    // 12 m up: analysed, sent at the API's 10 m with its window lowered by 2 m; its angles are measured
    // where it is (the request stands alone and the API takes it).
    expect(loft!.problem).toBeNull();
    expect(loft!.floor_height_above_terrain).toBeCloseTo(12, 6);
    expect(loft!.notes).toContain(
      "Its floor is 12.00 m above the terrain: sent at 10 m (the API's top), its windows lowered with it and their angles measured where they are.",
    );
    const sent = buildingRequests(b.rooms, b.context)[2]!;
    expect(sent.parameters.floor_height_above_terrain).toBe(10);
    expect(sent.parameters.windows).toMatchObject({ w1: { z1: 11, z2: 12 } });
    expect(() => parseRunRequest(sent)).not.toThrow();
    expect(b.unplaced).toEqual([
      {
        ifcId: expect.any(Number),
        name: 'Lost',
        kind: 'window',
        reason:
          'No room (IfcSpace) is at its height (-99.00–-98.00 m above the lowest floor): the file has no space there.',
      },
    ]);
    expect([b.north, b.northFromFile]).toEqual([0, false]);
  });
});

describe('which room a window lights (issue 33: the file’s relations first)', () => {
  // Two offices side by side behind one 0.6 m facade wall; a 0.2 m wall between them.
  const pair: StepBuilding = {
    spaces: [
      { name: '101', longName: 'West', min: [0, 0, 0], max: [5, 4, 2.7] },
      { name: '102', longName: 'East', min: [5.2, 0, 0], max: [10, 4, 2.7] },
    ],
    walls: [
      { min: [0, -0.6, 0], max: [10, 0, 2.7] }, // the facade, 0.6 m
      { min: [5, 0, 0], max: [5.2, 4, 2.7] }, // between the offices
    ],
    windows: [],
  };
  const deep = (over: Partial<StepWindow> = {}): StepWindow => ({
    name: 'W-deep',
    wall: 0,
    // At the wall's outer face, 0.45–0.6 m out from the rooms' faces: beyond a geometric tolerance.
    min: [6.5, -0.6, 0.9],
    max: [8.5, -0.45, 2.2],
    opening: { min: [6.5, -0.6, 0.9], max: [8.5, 0, 2.2] },
    ...over,
  });
  const placed = (b: IfcBuilding) =>
    b.rooms.flatMap((r) => r.windows.map((w) => ({ room: r.number, kind: w.kind, placedBy: w.placedBy })));

  it('puts a window where the file’s space boundary says, wherever in the wall it sits', async () => {
    const b = buildingFromIfc(
      await read({ ...pair, windows: [deep({ unhosted: true, bounds: [{ space: 1, side: 'EXTERNAL' }] })] }),
    );
    expect(placed(b)).toEqual([{ room: '102', kind: 'window', placedBy: 'space boundary' }]);
    // Its outer corner at the window's own outer face (no host wall to measure).
    expect(b.rooms[1]!.windows[0]).toMatchObject({ x1: 6.5, y1: 0, x2: 8.5, y2: -0.6 });
  });

  it('else in the room on the inner face of its host wall, across the wall’s whole thickness', async () => {
    const b = buildingFromIfc(await read({ ...pair, windows: [deep()] }));
    expect(placed(b)).toEqual([{ room: '102', kind: 'window', placedBy: 'host wall' }]);
    expect(b.rooms[1]!.windows[0]).toMatchObject({ x1: 6.5, y1: 0, x2: 8.5, y2: -0.6 });
  });

  it('by the host wall too when the room is drawn to the wall’s centre line (gross areas)', async () => {
    // The east office's outline reaches 0.3 m into the 0.6 m facade; the window at its outer face.
    const gross: StepBuilding = {
      ...pair,
      spaces: [pair.spaces[0]!, { ...pair.spaces[1]!, min: [5.2, -0.3, 0] }],
    };
    const b = buildingFromIfc(await read({ ...gross, windows: [deep()] }));
    expect(placed(b)).toEqual([{ room: '102', kind: 'window', placedBy: 'host wall' }]);
    expect(b.rooms[1]!.windows[0]).toMatchObject({ x1: 6.5, y1: -0.3, x2: 8.5, y2: -0.6 });
  });

  it('and by the geometry alone within 0.2 m or in the wall it stands in, saying why otherwise', async () => {
    const near = buildingFromIfc(
      await read({
        ...pair,
        windows: [{ name: 'W-near', wall: 0, min: [1, -0.2, 0.9], max: [3, -0.1, 2.2], unhosted: true }],
      }),
    );
    expect(placed(near)).toEqual([{ room: '101', kind: 'window', placedBy: 'geometry' }]);
    // Unhosted at the 0.6 m facade's outer face: the wall it stands in is on the room's outline.
    const inFacade = buildingFromIfc(await read({ ...pair, windows: [deep({ unhosted: true })] }));
    expect(placed(inFacade)).toEqual([{ room: '102', kind: 'window', placedBy: 'geometry' }]);
    expect(inFacade.rooms[1]!.windows[0]).toMatchObject({ x1: 6.5, y1: 0, x2: 8.5, y2: -0.6 });
    // As far out with no wall around it: in no room's wall.
    const far = buildingFromIfc(
      await read({ ...pair, walls: [pair.walls[1]!], windows: [deep({ wall: 0, unhosted: true })] }),
    );
    expect(placed(far)).toEqual([]);
    expect(far.unplaced[0]!.reason).toMatch(
      /^It is in no room's wall: no IfcSpace has a wall face within 0.2 m/,
    );
  });

  it('leaves out a window between two rooms, by the file’s word or by the room beyond its wall', async () => {
    const inner: StepWindow = {
      name: 'W-inner',
      wall: 1,
      min: [5, 1, 0.9],
      max: [5.2, 2.5, 2.2],
    };
    for (const w of [
      inner,
      { ...inner, unhosted: true, bounds: [{ space: 0, side: 'INTERNAL' as const }] },
    ]) {
      const b = buildingFromIfc(await read({ ...pair, windows: [w] }));
      expect(placed(b)).toEqual([]);
      expect(b.unplaced[0]!.reason).toBe(
        'It is a window between two rooms: light borrowed from another room is not analysed.',
      );
    }
  });

  it('says when no room is at a window’s height (a storey without spaces)', async () => {
    const b = buildingFromIfc(
      await read({ ...pair, windows: [deep({ min: [6.5, -0.6, 3.5], max: [8.5, -0.45, 4.5] })] }),
    );
    expect(b.unplaced[0]!.reason).toBe(
      'No room (IfcSpace) is at its height (3.50–4.50 m above the lowest floor): the file has no space there.',
    );
  });

  it('lights a room through a door with glass, and counts the doors without', async () => {
    const door = (name: string, glass: boolean): StepWindow => ({
      name,
      wall: 0,
      door: true,
      min: [name === 'D-glass' ? 1 : 6, -0.6, 0],
      max: [name === 'D-glass' ? 2 : 7, -0.5, 2.1],
      opening: { min: [name === 'D-glass' ? 1 : 6, -0.6, 0], max: [name === 'D-glass' ? 2 : 7, 0, 2.1] },
      ...(glass ? { glass: { min: [1.1, -0.56, 0.3], max: [1.9, -0.54, 2.0] } as StepBox } : {}),
    });
    const b = buildingFromIfc(
      await read({ ...pair, windows: [door('D-glass', true), door('D-flush', false)] }),
    );
    expect(placed(b)).toEqual([{ room: '101', kind: 'door', placedBy: 'host wall' }]);
    expect(b.opaqueDoors).toBe(1);
    // Its glass is 0.8 × 1.7 m of the 1 × 2.1 m door.
    expect(b.rooms[0]!.windows[0]!.window_frame_ratio).toBeCloseTo(1 - (0.8 * 1.7) / 2.1, 3);
  });

  it('takes a curtain wall’s glazed panels as windows, its opaque panel and mullions as obstruction', async () => {
    // Three 1.5 m panels along the west office's facade, the middle one opaque, with mullions between.
    const panel = (x: number, glazed: boolean) => ({
      min: [x, -0.1, 0] as [number, number, number],
      max: [x + 1.5, -0.05, 2.7] as [number, number, number],
      glazed,
    });
    const cw: StepBuilding = {
      ...pair,
      walls: [{ min: [5, -0.1, 0], max: [10, 0, 2.7] }, pair.walls[1]!],
      curtainWalls: [
        {
          name: 'CW-1',
          panels: [panel(0.25, true), panel(1.75, false), panel(3.25, true)],
          mullions: [0.2, 1.7, 3.2, 4.75].map(
            (x) => ({ min: [x, -0.15, 0], max: [x + 0.05, 0, 2.7] }) as StepBox,
          ),
        },
      ],
    };
    const src = await read(cw);
    expect(src.windows.map((w) => [w.kind, w.name])).toEqual([
      ['curtain wall', 'CW-1 / Panel 1'],
      ['curtain wall', 'CW-1 / Panel 3'],
    ]);
    // The opaque panel and the four mullions stand in the sky; the glazed panels do not.
    expect(src.obstruction.filter((e) => e.type === 'IFCPLATE')).toHaveLength(1);
    expect(src.obstruction.filter((e) => e.type === 'IFCMEMBER')).toHaveLength(4);
    const b = buildingFromIfc(src);
    expect(placed(b)).toEqual([
      { room: '101', kind: 'curtain wall', placedBy: 'geometry' },
      { room: '101', kind: 'curtain wall', placedBy: 'geometry' },
    ]);
    expect(b.rooms[0]!.windows.map((w) => [w.x1, w.x2, w.width])).toEqual([
      [0.25, 1.75, 1.5],
      [3.25, 4.75, 1.5],
    ]);
    // The file's space boundary on the curtain wall puts its panels in the room it names.
    const said = buildingFromIfc(
      await read({
        ...cw,
        curtainWalls: [{ ...cw.curtainWalls![0]!, bounds: [{ space: 0, side: 'EXTERNAL' }] }],
      }),
    );
    expect(placed(said).map((x) => x.placedBy)).toEqual(['space boundary', 'space boundary']);
  });
});

describe('the glazing line', () => {
  it('names windows always, and glazed doors and curtain-wall panels when there are some', () => {
    const of = (...kinds: ('window' | 'door' | 'curtain wall')[]) =>
      glazingCount(kinds.map((kind) => ({ kind })));
    expect(of()).toBe('0 windows');
    expect(of('window')).toBe('1 window');
    expect(of('window', 'door')).toBe('1 window and 1 glazed door');
    expect(of('curtain wall', 'window', 'curtain wall', 'door', 'door')).toBe(
      '1 window, 2 glazed doors and 2 curtain-wall panels',
    );
    expect(glazingSummary({ rooms: [], unplaced: [], opaqueDoors: 0 })).toBe('0 windows in rooms');
  });
});

describe('files that are not whole IFC files', () => {
  it('says what is wrong and what to do', async () => {
    const whole = stepFile(office);
    await expect(readIfc(new TextEncoder().encode(whole.slice(0, whole.length / 2)))).rejects.toThrow(
      'The file is cut short: it does not end as an IFC file does (END-ISO-10303-21); copy or export it again',
    );
    await expect(readIfc(new TextEncoder().encode('solid cube\nendsolid\n'))).rejects.toThrow(
      'The file is not an IFC file: it does not start as one (ISO-10303-21)',
    );
    await expect(
      readIfc(new TextEncoder().encode('ISO-10303-21;\nHEADER;\nEND-ISO-10303-21;\n')),
    ).rejects.toThrow(/^The IFC file cannot be read/);
  });
});
