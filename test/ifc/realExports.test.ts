import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildingFromIfc } from '../../src/core/ifc/building';
import { buildingRequests } from '../../src/core/ifc/roomRequest';
import { parseRunRequest } from '../../src/core/validation/requests';
import { readIfc } from '../../src/ifc/webIfcSource';

/**
 * Two more real exports (issue 33), read after the placement rules were written:
 * - LargeBuilding.ifc (Revit 2021, IFC2x3): no space boundaries, so every window is put in its room by
 *   its host wall; 14 windows are on a storey that has no spaces, and 2 glazed doors are between rooms.
 * - SampleHouse4.ifc (Revit 2015, IFC4): two glazed curtain walls along the living room.
 */
const read = async (file: string) => {
  const source = await readIfc(new Uint8Array(readFileSync(`test/fixtures/ifc/${file}`)));
  return { source, b: buildingFromIfc(source) };
};

describe('Revit 2021: LargeBuilding.ifc', async () => {
  const { source, b } = await read('LargeBuilding.ifc');

  it('puts each of the 28 windows of Level 1 in the room on its host wall’s inner face', () => {
    expect(source.windows.filter((w) => w.kind === 'window')).toHaveLength(42);
    expect(source.windows.every((w) => w.bounds.length === 0)).toBe(true);
    const placed = b.rooms.flatMap((r) => r.windows);
    expect(placed).toHaveLength(28);
    expect(placed.every((w) => w.kind === 'window' && w.placedBy === 'host wall')).toBe(true);
    expect(b.rooms.map((r) => [r.number, r.windows.length])).toEqual([
      ['1', 6],
      ['2', 3],
      ['3', 2],
      ['4', 3],
      ['5', 6],
      ['6', 3],
      ['7', 2],
      ['8', 3],
    ]);
    // Each window's host wall has a face on its room's outline: its inner corners lie on an outline edge,
    // and its outer corners across the wall's thickness (Revit's 0.3 m-ish exterior walls).
    for (const r of b.rooms)
      for (const w of r.windows) {
        const depth = Math.hypot(w.x2 - w.inner[1][0], w.y2 - w.inner[1][1]);
        expect(depth, w.name).toBeGreaterThan(0.15);
        expect(depth, w.name).toBeLessThan(0.6);
      }
    expect(b.rooms.every((r) => r.problem === null)).toBe(true);
  });

  it('says why the other 16 are not analysed: no room on Level 2, glazed doors between rooms', () => {
    const reasons = new Map<string, number>();
    for (const u of b.unplaced) reasons.set(u.reason, (reasons.get(u.reason) ?? 0) + 1);
    expect(Object.fromEntries(reasons)).toEqual({
      'No room (IfcSpace) is at its height (4.30–6.14 m above the lowest floor): the file has no space there.': 14,
      'It is a glazed door between two rooms: light borrowed from another room is not analysed.': 2,
    });
    expect(b.opaqueDoors).toBe(16);
  });

  it('every room makes a request the API takes', () => {
    const requests = buildingRequests(b.rooms, b.context);
    expect(requests.every((q) => q !== null)).toBe(true);
    for (const q of requests) expect(() => parseRunRequest(q)).not.toThrow();
  });

  // Its two blocks are one block turned 90° anticlockwise (rooms 1–4 → 5–8, walls and slabs too): each room
  // of the second is read as the first's turned, to the mm (outline, windows' corners, sill, head, wall
  // depth, frame). What lights rooms 4 and 8 differently (35 % and 56 % of the floor at DF ≥ 1 % by the
  // command line's engine, 49.3 % and 57.6 % by the app's: over 50 % for one only) is what stands around them:
  // the file's eleven Revit RPC trees, two crossed opaque cards each (docs/ifc.md, Limits). Without them every
  // window of the two sees an open sky (angles 0), as the CIE overcast sky lights any azimuth alike.
  it('reads its two blocks alike: the trees around them, not the rooms, differ', () => {
    const room = (n: string) => b.rooms.find((r) => r.number === n)!;
    const [x4, y4] = room('4').room_polygon[0]!,
      [x8, y8] = room('8').room_polygon[0]!;
    const turn = ([x, y]: readonly number[]): number[] => [x8 + y4 - y!, y8 - x4 + x!];
    const close = (a: readonly number[], e: readonly number[]) =>
      a.forEach((v, i) => expect(Math.abs(v - e[i]!)).toBeLessThan(1e-3));
    for (const [n, m] of [
      ['1', '5'],
      ['2', '6'],
      ['3', '7'],
      ['4', '8'],
    ] as const) {
      const a = room(n),
        t = room(m);
      expect(t.room_polygon).toHaveLength(a.room_polygon.length);
      a.room_polygon.forEach((p, i) => close(t.room_polygon[i]!, turn(p)));
      expect([t.floor_height_above_terrain, t.height_roof_over_floor, t.area]).toEqual([
        a.floor_height_above_terrain,
        a.height_roof_over_floor,
        a.area,
      ]);
      // The same windows in the same order: corners turned, the same heights and frame.
      expect(t.windows).toHaveLength(a.windows.length);
      a.windows.forEach((w, i) => {
        const v = t.windows[i]!;
        close([v.x1, v.y1, v.x2, v.y2], [...turn([w.x1, w.y1]), ...turn([w.x2, w.y2])]);
        expect([v.z1, v.z2, v.window_frame_ratio, v.frameFrom]).toEqual([
          w.z1,
          w.z2,
          w.window_frame_ratio,
          w.frameFrom,
        ]);
      });
    }
    // The trees: IfcBuildingElementProxy 6.1 m high ("M_RPC Tree - Deciduous"; the other proxies are model
    // text lying on the ground).
    const trees = source.obstruction.filter((e) => {
      if (e.type !== 'IFCBUILDINGELEMENTPROXY') return false;
      let top = -Infinity;
      for (let i = 2; i < e.positions.length; i += 3) top = Math.max(top, e.positions[i]!);
      return top - b.terrainZ > 1;
    });
    expect(trees).toHaveLength(11);
    const noTrees = buildingFromIfc({
      ...source,
      obstruction: source.obstruction.filter((e) => !trees.includes(e)),
    });
    const anglesOf = (bb: typeof b, n: string) =>
      buildingRequests(bb.rooms, bb.context)[bb.rooms.findIndex((r) => r.number === n)]!;
    const fans = (q: ReturnType<typeof anglesOf>) =>
      Object.values(q.parameters.windows as Record<string, { horizon: number[]; zenith: number[] }>);
    for (const n of ['4', '8'])
      for (const f of fans(anglesOf(noTrees, n))) {
        expect(Math.max(...f.horizon)).toBe(0);
        expect(Math.max(...f.zenith)).toBe(0);
      }
    // With them, room 4's second west window looks into a tree's card 0.4 m beside it (85° above the horizon).
    expect(Math.max(...fans(anglesOf(b, '4'))[1]!.horizon)).toBeGreaterThan(80);
    expect(Math.max(...fans(anglesOf(b, '8')).flatMap((f) => f.horizon))).toBeLessThan(60);
  });
});

describe('Revit 2015, IFC4: SampleHouse4.ifc', async () => {
  const { source, b } = await read('SampleHouse4.ifc');

  it('takes the curtain walls’ six glazed panels as the living room’s windows, beside its three windows', () => {
    expect(source.schema).toBe('IFC4');
    expect(source.windows.filter((w) => w.kind === 'curtain wall')).toHaveLength(6);
    // Mullions stay in the sky as obstruction; the glazed panels do not.
    expect(source.obstruction.filter((e) => e.type === 'IFCMEMBER').length).toBeGreaterThanOrEqual(20);
    expect(source.obstruction.some((e) => e.type === 'IFCPLATE')).toBe(false);
    const living = b.rooms.find((r) => r.name === 'Living room')!;
    expect(living.windows.map((w) => w.kind).sort()).toEqual([
      ...new Array(6).fill('curtain wall'),
      'window',
      'window',
      'window',
    ]);
    // One curtain wall along the west face, facing 180° in the API's angles, the other along the south
    // (270°); each panel its own glazed window, floor to nearly ceiling.
    const panels = living.windows.filter((w) => w.kind === 'curtain wall');
    expect(panels.map((w) => w.direction).sort()).toEqual([180, 180, 180, 270, 270, 270]);
    for (const w of panels) {
      expect(w.height).toBeGreaterThan(2.5);
      expect(w.window_frame_ratio).toBeLessThan(0.05);
    }
    expect(b.rooms.find((r) => r.name === 'Bedroom')!.windows).toHaveLength(1);
    expect(b.unplaced).toEqual([]);
  });

  it('says the entrance hall has no glazing (its door is solid) and the roof space none', () => {
    const problem =
      'It has no window in its walls or roof (no window, glazed door, curtain-wall glass or skylight lights it).';
    expect(b.rooms.find((r) => r.name === 'Entrance hall')!.problem).toBe(problem);
    expect(b.rooms.find((r) => r.name === 'Roof')!.problem).toBe(problem);
    expect(b.opaqueDoors).toBe(3);
  });
});
