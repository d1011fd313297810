import { describe, expect, it } from 'vitest';
import type { IfcRoom } from '../../src/core/ifc/building';
import { windowCorners } from '../../src/app/scene/geometry';
import { ifcRoomOfScene, sceneOfIfcRoom } from '../../src/app/scene/fromIfc';
import { NAME_MAX } from '../../src/app/scene/scene';
import { decodeShare, encodeShare } from '../../src/app/share/codec';
import { roomRequest } from '../../src/core/ifc/roomRequest';
import { parseRunRequest } from '../../src/core/validation/requests';
import { editedRoom } from '../../src/app/compute/building/editedRoom';
import { normalise } from '../../src/app/state/store';
import { crownsFollowing } from '../../src/app/compute/building/editorCrowns';
import { runBody } from '../../src/app/scene/geometry';
import { beyondModel } from '../../src/core/api/beyondModel';

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

describe('an IFC room kept and shared', () => {
  it('travels in a link and is kept across a reload whatever its title’s length: the name cut with “…”', () => {
    const long = { ...room, name: 'Öppet kontorslandskap med mötesplatser 🌞'.repeat(4), storey: 'Plan 3' };
    const scene = sceneOfIfcRoom(long, 30, 'duplex.ifc', 8446, { file: 'duplex.ifc', index: 4 });
    expect(scene.name).toHaveLength(NAME_MAX);
    expect(scene.name).toMatch(/^101 Öppet kontorslandskap med mötesplatser 🌞Öppet.*…$/);
    expect(decodeShare(encodeShare(scene)).scene.name).toBe(scene.name);
    // Never half an emoji: a cut between its two halves drops the first.
    const cut = sceneOfIfcRoom(
      { ...room, number: '', name: 'x'.repeat(NAME_MAX - 2) + '🌞🌞' },
      0,
      'a.ifc',
      1,
    );
    expect(cut.name).toBe('x'.repeat(NAME_MAX - 2) + '…');
    expect(sceneOfIfcRoom(room, 30, 'duplex.ifc', 8446).name).toBe('101 Office · Level 1');
  });
});

describe('an IFC room edited in the editor, kept in the building', () => {
  const scene = sceneOfIfcRoom(room, 30, 'duplex.ifc', 8446, { file: 'duplex.ifc', index: 4 });

  it('comes back as the room it was when nothing changed: windows where the file put them, by its rules', () => {
    expect(scene.ifcRoom).toEqual({ file: 'duplex.ifc', index: 4 });
    const back = ifcRoomOfScene(room, scene);
    expect(back.room_polygon).toEqual(room.room_polygon);
    expect(back.area).toBe(20);
    back.windows.forEach((w, i) => {
      const r = room.windows[i]!;
      expect([w.id, w.ifcId, w.name, w.kind, w.placedBy, w.frameFrom]).toEqual([
        r.id,
        r.ifcId,
        r.name,
        r.kind,
        r.placedBy,
        r.frameFrom,
      ]);
      for (const k of ['x1', 'y1', 'z1', 'x2', 'y2', 'z2', 'width', 'height', 'direction'] as const)
        expect(w[k]).toBeCloseTo(r[k], 6);
      expect(w.inner.flat()).toEqual(r.inner.flat());
    });
    expect(back.materials).toBeUndefined();
  });

  it('carries the edits: a wider window, a new one, other glass and surfaces, a smaller outline', () => {
    const edited = {
      ...scene,
      outline: [
        [0, 0],
        [5, 0],
        [5, 3],
        [0, 3],
      ] as [number, number][],
      windows: [
        { ...scene.windows[0]!, width: 3, glass: 0.8 },
        scene.windows[1]!,
        { id: 'w3', edge: 2, offset: 2.5, width: 1.5, sill: 0.9, head: 2.1, frame: 0.2, thickness: 0.3 },
      ],
      modelType: 'df_custom' as const,
      materials: { ...scene.materials, ceiling_reflectance: 0.9, vertical_reflectance: 0.8 },
    };
    const back = ifcRoomOfScene(room, edited);
    expect(back.area).toBe(15);
    expect(back.edited).toBe(true);
    expect(back.notes.at(-1)).toMatch(/^Changed in Lux’s editor and kept in the building/);
    const [w1, w2, w3] = back.windows;
    // The widened window keeps the file's identity, its place now the editor's; the new one is the editor's.
    expect([w1!.ifcId, w1!.placedBy, w1!.width, w1!.glass_transmittance]).toEqual([7, 'editor', 3, 0.8]);
    expect(w1!.inner).toEqual([
      [1, 0],
      [4, 0],
    ]);
    expect([w2!.ifcId, w2!.placedBy]).toEqual([8, 'host wall']);
    expect([w3!.ifcId, w3!.placedBy, w3!.kind, w3!.width, w3!.height]).toEqual([
      -1,
      'editor',
      'window',
      1.5,
      1.2,
    ]);
    // Frames: the file's where unchanged (w1 kept its ratio), the editor's for a new window.
    expect([w1!.frameFrom, w3!.frameFrom]).toEqual(['glass', 'editor']);
    // The north wall of the shortened room faces +y: API direction 90°.
    expect(w3!.direction).toBeCloseTo(90, 6);
    // Its request is a df_custom one with the surfaces and the glass, which the API takes.
    const angles = back.windows.map(() => ({
      horizon: new Array(64).fill(0),
      zenith: new Array(64).fill(0),
    }));
    const parsed = parseRunRequest(roomRequest(back, angles));
    expect(parsed.modelType).toBe('df_custom');
    expect(parsed.parameters.ceiling_reflectance).toBe(0.9);
    expect(parsed.parameters.windows.map((w) => w.glass_transmittance)).toEqual([0.8, undefined, undefined]);
    // Opened again, the scene is the edited one.
    const again = sceneOfIfcRoom(back, 30, 'duplex.ifc', 8446, { file: 'duplex.ifc', index: 4 });
    expect(again.windows.map((w) => [w.id, w.width, w.glass])).toEqual([
      ['w1', 3, 0.8],
      ['w2', 1.2, undefined],
      ['w3', 1.5, undefined],
    ]);
    expect([again.modelType, again.materials.ceiling_reflectance]).toEqual(['df_custom', 0.9]);
  });
});

describe('a building’s room in the editor, as the building has it or not (editedRoom)', () => {
  const from = { file: 'duplex.ifc', index: 0 };
  const state = { file: 'duplex.ifc', building: { north: 30, rooms: [room] }, triangles: 8446 } as never;
  const opened = normalise(sceneOfIfcRoom(room, 30, 'duplex.ifc', 8446, from));

  it('is unchanged among the building’s surroundings as opened, its windows’ angles measured since', () => {
    expect(editedRoom(opened, state)).toEqual({
      index: 0,
      changed: false,
      reshaped: false,
      buildingAround: true,
    });
    const measured = {
      ...opened,
      surroundings: { ...opened.surroundings, perWindow: { w1: { horizon: [1], zenith: [2] } } },
    } as typeof opened;
    expect(editedRoom(measured, state)).toMatchObject({ changed: false, buildingAround: true });
  });

  it('is no longer among them once the open sky, typed angles or another mesh is chosen for it', () => {
    const zeros = new Array<number>(64).fill(0);
    for (const surroundings of [
      { kind: 'open' },
      { kind: 'angles', angles: { horizon: zeros, zenith: zeros } },
      { kind: 'mesh', name: 'city.obj', triangles: 2, perWindow: {}, meshId: 'c'.repeat(64) },
      { kind: 'mesh', name: 'city.obj', triangles: 8446, perWindow: {} },
    ])
      expect(editedRoom({ ...opened, surroundings } as never, state), surroundings.kind).toMatchObject({
        changed: false,
        buildingAround: false,
      });
  });
  it('is changed but not reshaped with its windows, glass or surfaces changed; reshaped with its outline or height', () => {
    const w = opened.windows[0]!;
    const wider = { ...opened, windows: [{ ...w, width: w.width + 0.5 }, ...opened.windows.slice(1)] };
    expect(editedRoom(wider, state)).toMatchObject({ changed: true, reshaped: false, buildingAround: true });
    const glass = { ...opened, windows: opened.windows.map((x) => ({ ...x, glass: 0.5 })) };
    expect(editedRoom(glass, state)).toMatchObject({ changed: true, reshaped: false });
    const taller = { ...opened, height: opened.height + 0.3 };
    expect(editedRoom(taller, state)).toMatchObject({ changed: true, reshaped: true });
    const moved = { ...opened, outline: opened.outline.map(([x, y]): [number, number] => [x + 0.5, y]) };
    expect(editedRoom(moved, state)).toMatchObject({ changed: true, reshaped: true });
  });
});

describe('a building’s trees as crowns in the editor’s scene of its room (editorCrowns.ts)', () => {
  const from = { file: 'duplex.ifc', index: 0 };
  const crowns = { transmittance: 0.2, trees: [{ centre: [2, -6, 4], radii: [3, 3, 3] }] } as never;
  const lit = {
    file: 'duplex.ifc',
    building: { north: 30, rooms: [room], crowns },
    triangles: 8446,
  } as never;
  const bare = { file: 'duplex.ifc', building: { north: 30, rooms: [room] }, triangles: 8446 } as never;

  it('carries them in every request of the room, as its row’s: the engine answers it', () => {
    const opened = normalise(sceneOfIfcRoom(room, 30, 'duplex.ifc', 8446, from, crowns));
    const body = runBody(opened);
    expect(body.crowns).toBe(crowns);
    expect(beyondModel(body)).toBe('tree crowns that let light through');
    // The share link carries them (a few numbers a tree) and brings them back as they were.
    expect((decodeShare(encodeShare(opened)).scene.surroundings as { crowns?: unknown }).crowns).toEqual(
      crowns,
    );
  });

  it('follows the building: taken on when it has them, dropped when not, left alone when they agree', () => {
    const opened = normalise(sceneOfIfcRoom(room, 30, 'duplex.ifc', 8446, from));
    const withTrees = crownsFollowing(opened, lit)!;
    expect((withTrees.surroundings as { crowns?: unknown }).crowns).toBe(crowns);
    expect(crownsFollowing(withTrees, lit)).toBeNull();
    const without = crownsFollowing(withTrees, bare)!;
    expect('crowns' in without.surroundings).toBe(false);
    expect(crownsFollowing(opened, bare)).toBeNull();
    // Not a room of the building among its surroundings: a drawn room, or other surroundings chosen.
    expect(crownsFollowing({ ...opened, ifcRoom: undefined } as never, lit)).toBeNull();
    expect(crownsFollowing({ ...opened, surroundings: { kind: 'open' } }, lit)).toBeNull();
  });
});
