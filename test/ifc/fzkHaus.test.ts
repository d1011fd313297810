import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildingFromIfc } from '../../src/core/ifc/building';
import { buildingRequests } from '../../src/core/ifc/roomRequest';
import { containsPoint } from '../../src/core/geometry/polygon';
import { simulateRoom } from '../../src/core/engine/simulate';
import { parseRunRequest } from '../../src/core/validation/requests';
import { readIfc } from '../../src/ifc/webIfcSource';

/**
 * A second authoring tool (test/fixtures/ifc/fzk-haus.ifc: ArchiCAD 14, IFC2x3; KIT's FZK-Haus, 7
 * IfcSpace, 11 IfcWindow): read as ArchiCAD shows it. The expected sizes are the file's own
 * (IfcWindow.OverallWidth × OverallHeight: 2 × 1.2 m on the ground floor, 1 × 1 m in the gables).
 */
describe('the ArchiCAD FZK-Haus', async () => {
  const source = await readIfc(new Uint8Array(readFileSync('test/fixtures/ifc/fzk-haus.ifc')));
  const b = buildingFromIfc(source);

  it('lists its 7 rooms by storey with their names (STEP-escaped umlauts decoded)', () => {
    expect(source.schema).toBe('IFC2X3');
    expect(b.storeys).toEqual(['0. Erdgeschoss', '1. Dachgeschoss']);
    expect(b.rooms.map((r) => `${r.storey} ${r.number} ${r.name}`)).toEqual([
      '0. Erdgeschoss 1 Küche',
      '0. Erdgeschoss 2 Buero',
      '0. Erdgeschoss 3 Bad',
      '0. Erdgeschoss 4 Schlafzimmer',
      '0. Erdgeschoss 5 Wohnen',
      '0. Erdgeschoss 6 Flur',
      '1. Dachgeschoss 7 Galerie',
    ]);
    // It states TrueNorth (6.1e-17, 1), the plan's up; read since 2026-12-07 (IFC2x3's ratios come bare).
    expect([b.north, b.northFromFile, b.northFrom]).toEqual([0, true, 'TrueNorth']);
  });

  it('puts all 11 windows and the glazed terrace door into the rooms the file’s space boundaries name', () => {
    expect(b.unplaced).toEqual([]);
    expect(b.rooms.map((r) => r.windows.length)).toEqual([2, 2, 1, 2, 3, 0, 2]);
    const placedIn = new Map(b.rooms.flatMap((r) => r.windows.map((w) => [w.ifcId, r.ifcId] as const)));
    for (const w of source.windows) {
      expect(
        w.bounds.map((x) => x.space),
        w.name,
      ).toContain(placedIn.get(w.id));
      expect(b.rooms.flatMap((r) => r.windows).find((x) => x.ifcId === w.id)!.placedBy).toBe(
        'space boundary',
      );
    }
    // The living room's "Terrassentuer" has glass: it lights the room; the other 4 doors do not.
    const wohnen = b.rooms.find((r) => r.name === 'Wohnen')!;
    expect(wohnen.windows.filter((w) => w.kind === 'door').map((w) => w.name)).toEqual(['Terrassentuer']);
    expect(b.opaqueDoors).toBe(4);
    for (const r of b.rooms)
      for (const w of r.windows.filter((x) => x.kind === 'window')) {
        const [W, H] = r.storey.startsWith('0.') ? [2, 1.2] : [1, 1];
        expect(w.width).toBeCloseTo(W, 2);
        expect(w.height).toBeCloseTo(H, 2);
        // ArchiCAD draws the glass: the frame ratio is measured, not the default.
        expect(w.frameFrom).toBe('glass');
        expect(w.window_frame_ratio).toBeGreaterThan(0.1);
        expect(w.window_frame_ratio).toBeLessThan(0.6);
        // Each window's outer corner is across a 0.3 m wall from its inner one.
        expect(Math.hypot(w.x2 - w.x1, w.y2 - w.y1) ** 2).toBeCloseTo(w.width ** 2 + 0.3 ** 2, 2);
      }
    const flur = b.rooms.find((r) => r.name === 'Flur')!;
    expect(flur.problem).toBe(
      'It has no window in its walls or roof (no window, glazed door, curtain-wall glass or skylight lights it).',
    );
  });

  it('reads the gallery’s sloped ceiling as the roof’s plane, and a request the API takes lights it as built', () => {
    const galerie = b.rooms.find((r) => r.name === 'Galerie')!;
    // One 30° slope (tan 30° = 0.577) down to the eaves' 0.67 m; the top, 3.39 m, at the ridge side.
    expect(galerie.ceiling_planes).toHaveLength(1);
    const [a, bb] = galerie.ceiling_planes![0]!;
    expect(Math.hypot(a, bb)).toBeCloseTo(Math.tan(Math.PI / 6), 3);
    expect(galerie.notes).toContain(
      "Its ceiling slopes from 0.67 m to 3.39 m above its floor: lit as built by the engine (the model's preview knows flat ceilings only); the work plane (0.8 m) is analysed where the ceiling is above it.",
    );
    expect(b.rooms.filter((r) => r.notes.some((n) => n.startsWith('Its ceiling slopes')))).toHaveLength(1);
    const request = buildingRequests(b.rooms, b.context)[b.rooms.indexOf(galerie)]!;
    expect(parseRunRequest(request).parameters.ceiling_planes).toEqual(galerie.ceiling_planes);
  });

  it('reads the rooms’ floors on the storeys: ground floor on the terrain, the attic 2.7 m up', () => {
    const ground = b.rooms.filter((r) => r.storey.startsWith('0.'));
    for (const r of ground) expect(r.floor_height_above_terrain).toBeCloseTo(0, 2);
    expect(b.rooms[6]!.floor_height_above_terrain).toBeCloseTo(2.7, 2);
    // The house's outside walls are 12 × 10 m with 0.3 m walls: every room lies inside 0.3–11.7 × 0.3–9.7.
    for (const r of b.rooms)
      for (const [x, y] of r.room_polygon) {
        expect(x).toBeGreaterThanOrEqual(0.3 - 1e-3);
        expect(x).toBeLessThanOrEqual(11.7 + 1e-3);
        expect(y).toBeGreaterThanOrEqual(0.3 - 1e-3);
        expect(y).toBeLessThanOrEqual(9.7 + 1e-3);
      }
    const area = b.rooms.slice(0, 6).reduce((a, r) => a + r.area, 0);
    // The ground floor's rooms tile its inside (11.4 × 9.4 = 107.2 m²) but for the inner walls.
    expect(area).toBeGreaterThan(95);
    expect(area).toBeLessThan(107.2);
  });

  it('makes a request the API takes for each of its 6 rooms with windows', () => {
    const requests = buildingRequests(b.rooms, b.context);
    expect(requests.filter((q) => q)).toHaveLength(6);
    for (const q of requests) if (q) expect(() => parseRunRequest(q)).not.toThrow();
  });

  it('puts a roof window in the gallery’s slope (added to the file’s data: the file has none) and lights the room through it in the slope', () => {
    const galerie = b.rooms.find((r) => r.name === 'Galerie')!;
    const [a, bb, c] = galerie.ceiling_planes![0]!;
    const top = galerie.floor_height_above_terrain + galerie.height_roof_over_floor;
    const slope = (x: number, y: number) => a * x + bb * y + c;
    // A 1 × 1.2 m footprint where the whole of it lies under the slope, not the flat top, inside the room.
    const foot = (x: number, y: number): [number, number][] => [
      [x, y],
      [x + 1, y],
      [x + 1, y + 1.2],
      [x, y + 1.2],
    ];
    let at: [number, number][] | null = null;
    for (let x = 0.3; x < 11 && !at; x += 0.25)
      for (let y = 0.3; y < 9 && !at; y += 0.25) {
        const q = foot(x, y);
        if (q.every((p) => containsPoint(galerie.room_polygon, p) && slope(p[0], p[1]) < top - 0.3)) at = q;
      }
    expect(at).not.toBeNull();
    // A 0.2 m deep sash box lying in the roof over the slope (file coordinates: z from the file's zero).
    const z = (p: [number, number], d: number) => slope(p[0], p[1]) + b.terrainZ + 0.1 + d;
    const corners = [...at!.map((p) => [p[0], p[1], z(p, 0)]), ...at!.map((p) => [p[0], p[1], z(p, 0.2)])];
    const faces = [
      [0, 1, 2, 3],
      [4, 5, 6, 7],
      [0, 1, 5, 4],
      [1, 2, 6, 5],
      [2, 3, 7, 6],
      [3, 0, 4, 7],
    ];
    const positions = Float32Array.from(
      faces.flatMap(([i, j, k, l]) => [i, j, k, i, k, l].flatMap((v) => corners[v!]!)),
    );
    const roof = source.obstruction.find((e) => e.type === 'IFCROOF' || e.type === 'IFCSLAB')!;
    const withRoofWindow = buildingFromIfc({
      ...source,
      windows: [
        ...source.windows,
        {
          id: 1e7,
          name: 'Roof window',
          kind: 'window',
          bounds: [],
          hostWall: roof.id,
          positions,
          glass: new Float32Array(0),
        },
      ],
    });
    const g = withRoofWindow.rooms.find((r) => r.name === 'Galerie')!;
    expect(g.skylights.map((s) => [s.name, s.tilted])).toEqual([['Roof window', true]]);
    // The ceiling stays as built, the roof window in its plane: no note of a flat ceiling or a level pane.
    expect(g.ceiling_planes).toEqual(galerie.ceiling_planes);
    expect(g.notes.filter((n) => /level in the roof/.test(n))).toEqual([]);
    const request = buildingRequests(withRoofWindow.rooms, withRoofWindow.context)[
      withRoofWindow.rooms.indexOf(g)
    ]!;
    const parsed = parseRunRequest(request);
    expect(Object.keys(parsed.parameters.skylights ?? {})).toHaveLength(1);
    // Lit through it: the gallery's mean daylight factor rises well above its gable windows' alone.
    const mean = (q: typeof parsed) => {
      const r = simulateRoom(
        { parameters: q.parameters, geometry: q.geometry, mesh: q.mesh, modelType: q.modelType },
        { quality: 'draft' },
      );
      const v = [...r.df.data].filter((_, i) => r.mask.data[i]);
      return v.reduce((s, x) => s + x, 0) / v.length;
    };
    const before = mean(parseRunRequest(buildingRequests(b.rooms, b.context)[b.rooms.indexOf(galerie)]!));
    expect(mean(parsed)).toBeGreaterThan(1.3 * before);
  }, 60_000);
});
