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
