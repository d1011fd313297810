import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildingFromIfc } from '../../src/core/ifc/building';
import { buildingRequests } from '../../src/core/ifc/roomRequest';
import {
  crownTransmittance,
  isVegetation,
  vegetationChoices,
  vegetationMode,
  vegetationNote,
} from '../../src/core/ifc/vegetation';
import { surroundBuilding } from '../../src/core/building/surroundings';
import { OPEN_CONTEXT } from '../../src/core/api/result';
import { simulate } from '../../src/core/api/simulateOps';
import { readIfc } from '../../src/ifc/webIfcSource';
import { ifcRooms } from '../../src/service/jobs/ifcRooms';
import { stepFile, type StepBuilding } from './stepFile';

/**
 * Trees and planting told apart from the building's other surroundings (docs/ifc.md, "Vegetation"): found
 * by class and name, kept out of the rooms' sky with `vegetation: 'ignore'`, standing as before by default.
 */
type Fans = Record<string, { horizon: number[]; zenith: number[] }>;
const fans = (q: { parameters: Record<string, unknown> } | null): Fans => q!.parameters.windows as Fans;
const highest = (f: Fans): number =>
  Math.max(...Object.values(f).flatMap((w) => [...w.horizon, ...w.zenith]));

describe('what counts as vegetation', () => {
  const proxy = (name: string) => ({ type: 'IFCBUILDINGELEMENTPROXY', name });
  it('a proxy whose name, object type or type’s name says tree, shrub, hedge, plant or planting, in any case', () => {
    for (const name of [
      'M_RPC Tree - Deciduous:Siberian Crab Apple - 6.1 Meters:356904',
      'Tree_01',
      'TREES',
      'Hedge',
      'Shrub 2',
      'Planting',
      'Potted Plant',
      'Vegetation',
    ])
      expect(isVegetation(proxy(name)), name).toBe(true);
    expect(isVegetation({ type: 'IFCBUILDINGELEMENTPROXY', name: 'Object 7', typeName: 'RPC Tree' })).toBe(
      true,
    );
    expect(isVegetation({ type: 'IFCBUILDINGELEMENTPROXY', name: 'Object 7', objectType: 'shrubs' })).toBe(
      true,
    );
  });

  it('not words inside others, not other classes, not the ground', () => {
    for (const name of ['Street Light', 'Planter Box', 'Treehouse', 'Plantation', 'Model Text:600mm Arial'])
      expect(isVegetation(proxy(name)), name).toBe(false);
    expect(isVegetation({ type: 'IFCWALL', name: 'Tree wall' })).toBe(false);
    // IFC4's IfcGeographicElement: VEGETATION (IFC4.3) whatever its name; TERRAIN never; others by name.
    expect(
      isVegetation({ type: 'IFCGEOGRAPHICELEMENT', name: 'Crown 1', predefinedType: 'VEGETATION' }),
    ).toBe(true);
    expect(isVegetation({ type: 'IFCGEOGRAPHICELEMENT', name: 'Tree', predefinedType: 'TERRAIN' })).toBe(
      false,
    );
    expect(
      isVegetation({ type: 'IFCGEOGRAPHICELEMENT', objectType: 'Oak tree', predefinedType: 'USERDEFINED' }),
    ).toBe(true);
    expect(isVegetation({ type: 'IFCGEOGRAPHICELEMENT', name: 'Boulder' })).toBe(false);
  });

  it('takes the setting as opaque, ignore or translucent only, and a crown’s transmittance from 0 to 1', () => {
    expect(vegetationMode('opaque')).toBe('opaque');
    expect(vegetationMode('ignore')).toBe('ignore');
    expect(vegetationMode('translucent')).toBe('translucent');
    for (const v of ['Ignore', 'transparent', '', null, 1, undefined]) expect(vegetationMode(v)).toBeNull();
    expect(vegetationChoices()).toBe('opaque, ignore or translucent');
    expect(crownTransmittance('0.35')).toBe(0.35);
    expect(crownTransmittance(0)).toBe(0);
    expect(crownTransmittance(1)).toBe(1);
    for (const v of ['1.2', '-0.1', 'leafy', '', ' ', null, NaN, Infinity])
      expect(crownTransmittance(v)).toBeNull();
  });

  it('says nothing of a file without any, and names the kinds of one with several', () => {
    expect(vegetationNote({ elements: [], mode: 'opaque' })).toBeNull();
    const elements = [
      { ifcId: 1, type: 'IFCBUILDINGELEMENTPROXY', label: 'Hedge 2m' },
      { ifcId: 2, type: 'IFCBUILDINGELEMENTPROXY', label: 'Hedge 2m' },
      { ifcId: 3, type: 'IFCGEOGRAPHICELEMENT', label: 'Crown' },
    ];
    expect(vegetationNote({ elements, mode: 'ignore' })).toBe(
      "Vegetation: 3 trees or plants (2 × IfcBuildingElementProxy 'Hedge 2m', 1 × IfcGeographicElement 'Crown') left out (vegetation \"ignore\"): the rooms see the sky through them.",
    );
  });
});

/**
 * A 4 × 5 m room with a 2 m window in its south wall; in front of it an IFC4 tree (IfcGeographicElement,
 * VEGETATION, named nothing a word finds) and a hedge (a proxy by its type's name); a canopy proxy and the
 * terrain (IfcGeographicElement TERRAIN) too, which are not vegetation.
 */
const garden: StepBuilding = {
  spaces: [{ name: '101', longName: 'Room', min: [0, 0, 0], max: [4, 5, 2.7] }],
  walls: [{ min: [0, -0.3, 0], max: [4, 0, 2.7] }],
  windows: [
    {
      name: 'W1',
      wall: 0,
      min: [1, -0.3, 0.9],
      max: [3, 0, 2.1],
      glass: { min: [1, -0.2, 0.9], max: [3, -0.18, 2.1] },
    },
  ],
  elements: [
    {
      entity: 'IFCGEOGRAPHICELEMENT',
      name: 'Crown 1',
      predefinedType: 'VEGETATION',
      min: [0, -6, 0],
      max: [4, -5, 8],
    },
    {
      entity: 'IFCBUILDINGELEMENTPROXY',
      name: 'Object 7',
      typeName: 'Hedge 2m',
      min: [-3, -3, 0],
      max: [7, -2.5, 2],
    },
    { entity: 'IFCBUILDINGELEMENTPROXY', name: 'Canopy', min: [0, 8, 3], max: [4, 9, 3.2] },
    {
      entity: 'IFCGEOGRAPHICELEMENT',
      name: 'Site terrain',
      predefinedType: 'TERRAIN',
      min: [-20, -20, -1],
      max: [20, 20, -0.5],
    },
  ],
};

describe('a hand-made IFC4 file with a tree, a hedge, a canopy and terrain', async () => {
  const source = await readIfc(new TextEncoder().encode(stepFile(garden)));

  it('reads the tree (IfcGeographicElement) and what the file calls each; not its terrain', () => {
    const named = source.obstruction
      .filter((e) => e.type !== 'IFCWALL')
      .map(({ type, name, typeName, predefinedType }) => ({ type, name, typeName, predefinedType }));
    expect(named).toEqual([
      {
        type: 'IFCBUILDINGELEMENTPROXY',
        name: 'Object 7',
        typeName: 'Hedge 2m',
        predefinedType: 'NOTDEFINED',
      },
      { type: 'IFCBUILDINGELEMENTPROXY', name: 'Canopy', typeName: undefined, predefinedType: 'NOTDEFINED' },
      { type: 'IFCGEOGRAPHICELEMENT', name: 'Crown 1', typeName: undefined, predefinedType: 'VEGETATION' },
    ]);
  });

  it('stands the tree and the hedge in the sky by default, and leaves them out when asked; the canopy stays', () => {
    const opaque = buildingFromIfc(source);
    const ignore = buildingFromIfc(source, { vegetation: 'ignore' });
    expect(opaque.vegetation).toEqual({
      mode: 'opaque',
      elements: [
        expect.objectContaining({ type: 'IFCBUILDINGELEMENTPROXY', label: 'Hedge 2m' }),
        expect.objectContaining({ type: 'IFCGEOGRAPHICELEMENT', label: 'Crown 1' }),
      ],
    });
    const triangles = (b: typeof opaque) => b.context.length / 9;
    // The hedge and the tree, 12 triangles a box; the wall (cut by its window) and the canopy stay.
    expect(triangles(opaque) - triangles(ignore)).toBe(24);
    const wallAndCanopy = source.obstruction.filter((e) => e.type === 'IFCWALL' || e.name === 'Canopy');
    expect(triangles(ignore)).toBe(wallAndCanopy.reduce((n, e) => n + e.positions.length / 9, 0));
    expect(highest(fans(buildingRequests(opaque.rooms, opaque.context)[0]!))).toBeGreaterThan(20);
    // An open sky: the canopy is behind the room, the wall beside the window.
    expect(highest(fans(buildingRequests(ignore.rooms, ignore.context)[0]!))).toBeLessThan(0.01);
    expect(opaque.notes[1]).toBe(
      'Vegetation: 2 trees or plants (1 × IfcBuildingElementProxy \'Hedge 2m\', 1 × IfcGeographicElement \'Crown 1\') stand as opaque surfaces, as walls do; vegetation "ignore" (--vegetation ignore; in the app, Trees and planting: Leave out) leaves them out, "translucent" (--vegetation translucent) lets part of the light through their crowns.',
    );
    expect(ignore.notes[1]).toMatch(/^Vegetation: 2 trees or plants .* left out/);
  });

  it('stands them as crowns that let light through when asked: each a tree of every room’s request', () => {
    const ignore = buildingFromIfc(source, { vegetation: 'ignore' });
    const lit = buildingFromIfc(source, { vegetation: 'translucent' });
    // The mesh as without them; the hedge and the tree as the ellipsoids in their boxes (each box a crown from
    // its foot: it reaches as far at its foot as anywhere), terrain at z = 0.
    expect(lit.context).toEqual(ignore.context);
    expect(lit.crowns!.transmittance).toBe(0.2);
    const shapes = lit.crowns!.trees.map((t) =>
      [...t.centre, ...t.radii].map((v) => Math.round(v * 1e4) / 1e4),
    );
    expect(shapes).toEqual([
      [2, -2.75, 1, 5, 0.25, 1],
      [2, -5.5, 4, 2, 0.5, 4],
    ]);
    expect(lit.vegetation).toMatchObject({ mode: 'translucent', transmittance: 0.2 });
    expect(lit.notes[1]).toBe(
      "Vegetation: 2 trees or plants (1 × IfcBuildingElementProxy 'Hedge 2m', 1 × IfcGeographicElement 'Crown 1') stand as crowns that let 20 % of the light behind through (vegetation \"translucent\", crown transmittance 20 %; mature trees let 11–27 % through in leaf, 30–54 % bare), reflecting 10 %; the engine computes every room.",
    );
    const body = surroundBuilding(lit, []).requests[0]!;
    expect(body.crowns).toBe(lit.crowns);
    // The angles see no tree: the crowns are traced, not measured as obstruction.
    expect(highest(fans(body))).toBeLessThan(0.01);
    expect(
      buildingFromIfc(source, { vegetation: 'translucent', crownTransmittance: 0.5 }).crowns!.transmittance,
    ).toBe(0.5);
  });

  it('lights the room the more, the more the crowns let through, up to the trees left out', () => {
    const df = (o: Parameters<typeof buildingFromIfc>[1]): number => {
      const body = surroundBuilding(buildingFromIfc(source, o), []).requests[0]!;
      const r = simulate({ ...body, quality: 'draft' }, OPEN_CONTEXT);
      if (r.kind !== 'json') throw new Error('expected JSON');
      const v = r.value as { result: number[][]; mask: boolean[][] };
      const cells = v.result.flat().filter((_, i) => v.mask.flat()[i]);
      return cells.reduce((a, x) => a + x, 0) / cells.length;
    };
    const closed = df({ vegetation: 'translucent', crownTransmittance: 0 }),
      inLeaf = df({ vegetation: 'translucent' }),
      bare = df({ vegetation: 'translucent', crownTransmittance: 0.5 }),
      none = df({ vegetation: 'ignore' }),
      opaque = df({});
    expect(closed).toBeLessThan(inLeaf);
    expect(inLeaf).toBeLessThan(bare);
    expect(bare).toBeLessThan(none);
    // Wholly closed, the crowns (the ellipsoids in the boxes, leaves of 10 %) are darker than the boxes as
    // walls (30 %): 1.52 against 1.70 % DF. In leaf, the fifth of the sky seen through a crown and its leaves'
    // light come to what the walls send (1.71 %); bare, more (2.00 %); left out, 2.56 %.
    expect(closed).toBeLessThan(opaque);
    expect(Math.abs(inLeaf / opaque - 1)).toBeLessThan(0.15);
    expect(bare).toBeGreaterThan(opaque);
  });
});

describe('Revit 2021: LargeBuilding.ifc’s eleven RPC trees', async () => {
  const bytes = new Uint8Array(readFileSync('test/fixtures/ifc/LargeBuilding.ifc'));
  const source = await readIfc(bytes);
  const opaque = buildingFromIfc(source);
  const ignore = buildingFromIfc(source, { vegetation: 'ignore' });
  const all = source.obstruction.reduce((n, e) => n + e.positions.length, 0);

  it('finds the eleven trees and nothing else (its other proxies are model text)', () => {
    expect(opaque.vegetation!.elements).toHaveLength(11);
    expect(new Set(opaque.vegetation!.elements.map((e) => `${e.type} ${e.label}`))).toEqual(
      new Set(['IFCBUILDINGELEMENTPROXY M_RPC Tree - Deciduous:Siberian Crab Apple - 6.1 Meters']),
    );
    expect(source.obstruction.filter((e) => e.type === 'IFCBUILDINGELEMENTPROXY')).toHaveLength(13);
  });

  it('keeps them standing by default, as before, and says so and how to leave them out', () => {
    expect(opaque.context.length).toBe(all);
    expect(opaque.notes).toHaveLength(2);
    expect(opaque.notes[1]).toBe(
      'Vegetation: 11 trees or plants (IfcBuildingElementProxy \'M_RPC Tree - Deciduous:Siberian Crab Apple - 6.1 Meters\') stand as opaque surfaces, as walls do; vegetation "ignore" (--vegetation ignore; in the app, Trees and planting: Leave out) leaves them out, "translucent" (--vegetation translucent) lets part of the light through their crowns.',
    );
    // Room 4's second west window looks into a tree's card 0.4 m beside it (docs/ifc.md, Limits).
    const q = buildingRequests(opaque.rooms, opaque.context);
    expect(
      Math.max(...Object.values(fans(q[opaque.rooms.findIndex((r) => r.number === '4')]!))[1]!.horizon),
    ).toBeGreaterThan(80);
  });

  it('leaves them out when asked: rooms 4 and 8 see an open sky, their rooms and windows unchanged', () => {
    const trees = new Set(opaque.vegetation!.elements.map((e) => e.ifcId));
    const others = source.obstruction.reduce((n, e) => n + (trees.has(e.id) ? 0 : e.positions.length), 0);
    expect(ignore.context.length).toBe(others);
    expect(others).toBeLessThan(all);
    expect(ignore.rooms).toEqual(opaque.rooms);
    const q = buildingRequests(ignore.rooms, ignore.context);
    for (const n of ['4', '8'])
      expect(highest(fans(q[ignore.rooms.findIndex((r) => r.number === n)]!))).toBe(0);
    expect(ignore.notes[1]).toBe(
      'Vegetation: 11 trees or plants (IfcBuildingElementProxy \'M_RPC Tree - Deciduous:Siberian Crab Apple - 6.1 Meters\') left out (vegetation "ignore"): the rooms see the sky through them.',
    );
  });

  it('as a job’s param (POST /jobs `vegetation`): the engine’s mesh without them, the notes saying so', async () => {
    const p = { method: 'engine', quality: 'draft', frameRatio: 0.2 } as const;
    const [kept, left] = await Promise.all([
      ifcRooms(bytes, p),
      ifcRooms(bytes, { ...p, vegetation: 'ignore' }),
    ]);
    expect(kept.context.length).toBe(all);
    expect(left.context.length).toBe(ignore.context.length);
    expect(left.building.notes).toEqual(ignore.notes);
    // `translucent` with its `crown_transmittance`: the mesh without the trees, every room's body with them.
    const lit = await ifcRooms(bytes, { ...p, vegetation: 'translucent', crownTransmittance: 0.4 });
    expect(lit.context.length).toBe(ignore.context.length);
    const bodies = lit.rooms as { crowns?: { transmittance: number; trees: unknown[] } }[];
    expect(bodies.length).toBeGreaterThan(0);
    for (const b of bodies) expect(b.crowns).toMatchObject({ transmittance: 0.4, trees: expect.any(Array) });
    expect(bodies[0]!.crowns!.trees).toHaveLength(11);
  });
});
