import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { windowAngles } from '../../src/core/api/windowAngles';
import { buildingFromIfc } from '../../src/core/ifc/building';
import { buildingRequests, roomRequest } from '../../src/core/ifc/roomRequest';
import { parseRunRequest } from '../../src/core/validation/requests';
import { readIfc } from '../../src/ifc/webIfcSource';

/**
 * A real export (test/fixtures/ifc/duplex.ifc: Revit 2011, IFC2x3; 21 IfcSpace, 24 IfcWindow, 14 doors of
 * which 2 glazed): every space is listed, every window in a wall and every glazed door is placed in the
 * room the file's space boundaries name, and what cannot be analysed says why.
 */
describe('the Revit duplex', async () => {
  const source = await readIfc(new Uint8Array(readFileSync('test/fixtures/ifc/duplex.ifc')));
  const b = buildingFromIfc(source);

  it('reads every space, window and obstruction element', () => {
    expect(source.schema).toBe('IFC2X3');
    expect(source.spaces).toHaveLength(21);
    // 24 windows and the 2 single-glass doors; the 12 flush doors are counted, not read as light sources.
    expect(source.windows.filter((w) => w.kind === 'window')).toHaveLength(24);
    expect(source.windows.filter((w) => w.kind === 'door').map((w) => w.name)).toEqual([
      expect.stringMatching(/^M_Single-Glass 1:0813 x 2420mm/),
      expect.stringMatching(/^M_Single-Glass 1:0813 x 2420mm/),
    ]);
    expect(source.opaqueDoors).toBe(12);
    expect(b.opaqueDoors).toBe(12);
    expect(b.storeys).toEqual(['T/FDN', 'Level 1', 'Level 2', 'Roof']);
    expect(b.context.length / 9).toBeGreaterThan(5000);
    // The terrain is the lowest space's floor, about the file's zero.
    expect(b.terrainZ).toBeGreaterThan(0);
    expect(b.terrainZ).toBeLessThan(0.05);
  });

  it('lists all 21 rooms by storey and number; 8 have windows in their walls, 2 a skylight, 11 say why not', () => {
    expect(b.rooms).toHaveLength(21);
    expect(b.rooms.map((r) => r.storey)).toEqual([
      ...new Array(10).fill('Level 1'),
      ...new Array(10).fill('Level 2'),
      'Roof',
    ]);
    expect(b.rooms.slice(0, 3).map((r) => `${r.number} ${r.name}`)).toEqual([
      'A101 Foyer',
      'A102 Living Room',
      'A103 Kitchen',
    ]);
    const analysable = b.rooms.filter((r) => !r.problem);
    expect(analysable.map((r) => r.number).sort()).toEqual(
      ['A102', 'A103', 'A201', 'A202', 'A203', 'B102', 'B103', 'B201', 'B202', 'B203'].sort(),
    );
    for (const r of b.rooms.filter((x) => x.problem))
      expect(r.problem).toBe(
        'It has no window in its walls or roof (no window, glazed door, curtain-wall glass or skylight lights it).',
      );
  });

  it('places every window and glazed door in the room the file’s space boundaries name, the rest by their host wall', () => {
    const placedIn = new Map(b.rooms.flatMap((r) => r.windows.map((w) => [w.ifcId, r] as const)));
    const said = source.windows.filter((w) => w.bounds.length > 0);
    // 16 of the 26 have space boundaries (the 2 doors and 14 windows); each is in a room they name.
    expect(said).toHaveLength(16);
    for (const w of said) {
      const room = placedIn.get(w.id)!;
      expect(
        w.bounds.map((x) => x.space),
        w.name,
      ).toContain(room.ifcId);
      expect(room.windows.find((x) => x.ifcId === w.id)!.placedBy).toBe('space boundary');
    }
    // The other 8 in walls by their host wall; the 2 skylights in the roof over the stair halls (below).
    const byWall = b.rooms.flatMap((r) => r.windows).filter((w) => w.placedBy === 'host wall');
    expect(byWall).toHaveLength(8);
    expect(
      Object.fromEntries(b.rooms.filter((r) => r.windows.length).map((r) => [r.number, r.windows.length])),
    ).toEqual({
      A102: 2,
      A103: 1,
      A202: 4,
      A203: 5,
      B102: 2,
      B103: 1,
      B202: 4,
      B203: 5,
    });
    // Each living room is lit by its big window and its glazed door to the garden.
    for (const n of ['A102', 'B102'])
      expect(b.rooms.find((r) => r.number === n)!.windows.map((w) => w.kind)).toEqual(['window', 'door']);
  });

  it('places the 24 wall windows and glazed doors with their sizes, and the 2 skylights over the halls below them', () => {
    expect(b.rooms.reduce((n, r) => n + r.windows.length, 0)).toBe(24);
    expect(b.unplaced).toEqual([]);
    // Each 1180 × 1170 mm skylight (its type's name) in the roof over a level-2 hallway, 0.46 m above its
    // ceiling; the roof's own space (R301, drawn on the roof) holds them in its floor and is not lit by them.
    const lit = b.rooms.filter((r) => r.skylights.length > 0);
    expect(lit.map((r) => `${r.number} ${r.name}`)).toEqual(['A201 Hallway', 'B201 Hallway']);
    for (const r of lit) {
      const [s] = r.skylights;
      expect(s!.name).toMatch(/^M_Skylight:1180 x 1170mm/);
      // Its outline in plan, the frame's flashing included: 1.17 × 1.22 m.
      expect(s!.area).toBeCloseTo(1.436, 3);
      expect([s!.id, s!.tilted, s!.frameFrom, r.problem]).toEqual(['s1', false, 'default', null]);
      expect(r.windows).toHaveLength(0);
    }
    // The living room's 4835 × 2420 mm window (its type's name says so), in a 0.417 m wall.
    const living = b.rooms.find((r) => r.number === 'B102')!;
    expect(living.area).toBeCloseTo(27.66, 2);
    const w = living.windows.find((x) => x.kind === 'window')!;
    expect(w.name).toMatch(/^M_Fixed:4835mm x 2420mm/);
    expect(w.width).toBeCloseTo(4.835, 3);
    expect(w.height).toBeCloseTo(2.42, 3);
    expect(Math.abs(w.y2 - w.y1)).toBeCloseTo(0.417, 3);
    expect(w.frameFrom).toBe('glass');
    expect(w.window_frame_ratio).toBeGreaterThan(0.03);
    expect(w.window_frame_ratio).toBeLessThan(0.2);
  });

  it('every analysable room makes a request the API takes, angles from the building itself', () => {
    const requests = buildingRequests(b.rooms, b.context);
    expect(requests.filter((q) => q)).toHaveLength(10);
    b.rooms.forEach((r, i) => {
      if (r.problem) return expect(requests[i]).toBeNull();
      // The same angles the API's own path (a request with the mesh) computes, from the tree built once.
      const parsed = parseRunRequest({ ...roomRequest(r, null), mesh: b.context });
      expect(requests[i]).toEqual(roomRequest(r, windowAngles(parsed, parsed.mesh)));
      expect(() => parseRunRequest(requests[i])).not.toThrow();
    });
  });
});
