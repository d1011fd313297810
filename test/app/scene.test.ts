import { beforeEach, describe, expect, it } from 'vitest';
import { parseRunRequest } from '../../src/core/validation/requests';
import { windowGeometry } from '../../src/core/geometry/window';
import { ceilingProfile, runBody, sceneProblems, windowCorners } from '../../src/app/scene/geometry';
import { defaultScene, type Scene } from '../../src/app/scene/scene';
import { nearEdge, snapPoint } from '../../src/app/scene/snapping';
import { nextWindowId, normalise, useApp } from '../../src/app/state/store';

describe('scene → API', () => {
  it('puts a window on its wall as conventions.md corners: interior face, exterior face, absolute z', () => {
    const s: Scene = { ...defaultScene(), floorZ: 3 };
    const w = windowCorners(s, s.windows[0]!);
    // Edge 0 runs (0,0)→(6,0); the outside is −y. Centre 3 m along, 2 m wide, 0.3 m thick.
    expect(w).toMatchObject({ x1: 2, y1: 0, z1: 3.9, x2: 4, y2: -0.3, z2: 5.2, window_frame_ratio: 0.2 });
    const g = windowGeometry(s.outline, w);
    expect(g.directionAngle).toBeCloseTo(270, 9);
    expect(g.externalReferencePoint.x).toBeCloseTo(3, 9);
    expect(g.externalReferencePoint.y).toBeCloseTo(-0.3, 9);
  });

  it('gives a /run body the server accepts, with open-sky angles or the typed ones', () => {
    const s = defaultScene();
    const open = parseRunRequest(runBody(s));
    expect(open.parameters.windows[0]!.horizon).toEqual(new Array(64).fill(0));
    const h = Array.from({ length: 64 }, (_, i) => i / 2);
    const typed = parseRunRequest(
      runBody({ ...s, surroundings: { kind: 'angles', angles: { horizon: h, zenith: h } } }),
    );
    expect(typed.parameters.windows[0]!.horizon).toEqual(h);
    const custom = runBody({ ...s, modelType: 'df_custom' });
    expect(custom.parameters).toMatchObject({ ceiling_reflectance: 0.8 });
    expect(runBody(s).parameters).not.toHaveProperty('ceiling_reflectance');
  });

  it('sends a room on the 9th floor (25 m) as the API takes it: at 10 m, windows lowered, angles as measured', () => {
    const h = Array.from({ length: 64 }, (_, i) => 20 + i / 4);
    const s: Scene = {
      ...defaultScene(),
      floorZ: 25,
      surroundings: {
        kind: 'mesh',
        name: 'city.obj',
        triangles: 10,
        perWindow: { w1: { horizon: h, zenith: h } },
      },
    };
    const sent = parseRunRequest(runBody(s));
    expect(sent.parameters.floor_height_above_terrain).toBe(10);
    expect(sent.parameters.windows[0]).toMatchObject({ z1: 10.9, z2: 12.2, horizon: h });
  });

  it('names what blocks a prediction', () => {
    const s = defaultScene();
    expect(sceneProblems(s)).toEqual([]);
    expect(sceneProblems({ ...s, windows: [] })).toEqual(['Add a window: click a wall in the plan.']);
    const crossed: Scene = {
      ...s,
      outline: [
        [0, 0],
        [4, 4],
        [4, 0],
        [0, 4],
      ],
    };
    expect(sceneProblems(crossed)[0]).toMatch(/self-intersecting/);
    expect(sceneProblems({ ...s, windows: [{ ...s.windows[0]!, head: 0.5 }] })).toEqual([
      'Window w1: the head must be above the sill.',
    ]);
  });
});

describe('a room from IFC with skylights or a sloped ceiling', () => {
  // The default 6 × 4 m room, 2.7 m high, on the ground: a gable along x, eaves 1.5 m at y = 0 and 4.
  const gable: Scene = {
    ...defaultScene(),
    windows: [{ id: 'w1', edge: 0, offset: 3, width: 2, sill: 0.6, head: 1.4, frame: 0.2, thickness: 0.3 }],
    ceilingPlanes: [
      [0, 0.6, 1.5],
      [0, -0.6, 3.9],
    ],
  };

  it('sends them with the room, and the API takes the request', () => {
    const body = runBody(gable);
    expect(body.parameters.ceiling_planes).toEqual(gable.ceilingPlanes);
    expect(parseRunRequest(body).parameters.ceiling_planes).toEqual(gable.ceilingPlanes);
    const lit: Scene = {
      ...defaultScene(),
      skylights: [
        {
          id: 's1',
          polygon: [
            [2, 1],
            [3, 1],
            [3, 2],
            [2, 2],
          ],
          frame: 0.1,
        },
      ],
    };
    expect(parseRunRequest(runBody(lit)).parameters.skylights).toEqual([
      {
        id: 's1',
        polygon: [
          [2, 1],
          [3, 1],
          [3, 2],
          [2, 2],
        ],
        window_frame_ratio: 0.1,
      },
    ]);
  });

  it('says what an edit breaks: a skylight left outside, headroom gone, a window above the slope', () => {
    const lit: Scene = {
      ...defaultScene(),
      skylights: [
        {
          id: 's1',
          polygon: [
            [5.5, 1],
            [6.5, 1],
            [6.5, 2],
            [5.5, 2],
          ],
          frame: 0,
        },
      ],
    };
    expect(sceneProblems(lit)).toEqual([
      "Skylight s1 must lie inside the room's outline (corner [6.5, 1] is outside).",
    ]);
    expect(sceneProblems({ ...gable, ceilingPlanes: [[0, 0.6, 0.05]] })[0]).toMatch(
      /^The sloped ceiling puts the ceiling 0\.05 m above the floor at the corner \[0, 0\]/,
    );
    expect(sceneProblems({ ...gable, windows: [{ ...gable.windows[0]!, head: 2 }] })[0]).toMatch(
      /'windows\.w1' ends at z 2, more than 0\.15 m above the sloped ceiling/,
    );
  });

  it('draws a gable wall to its ridge and an eaves wall level (the 3D view’s walls)', () => {
    // Edge 1 runs up the east gable from y = 0 to 4: eaves 1.5 m, the ridge 2.7 m at y = 2.
    const gableEnd = ceilingProfile(gable, 1);
    expect(gableEnd).toHaveLength(3);
    [
      [0, 1.5],
      [2, 2.7],
      [4, 1.5],
    ].forEach(([s, z], i) => {
      expect(gableEnd[i]![0]).toBeCloseTo(s!, 9);
      expect(gableEnd[i]![1]).toBeCloseTo(z!, 9);
    });
    expect(ceilingProfile(gable, 0)).toEqual([
      [0, 1.5],
      [6, 1.5],
    ]);
  });
});

describe('snapping', () => {
  it('snaps to the 0.05 m grid, and to 45° steps near them', () => {
    expect(snapPoint([1.023, 2.974], null)).toEqual([1.0, 2.95]);
    // 3° off horizontal from (0, 0): onto the axis, length on the grid.
    const p = snapPoint([2.012, 0.1], [0, 0]);
    expect(p[1]).toBe(0);
    expect(p[0]).toBeCloseTo(2.0, 9);
    const d = snapPoint([1.02, 1.0], [0, 0]);
    expect(d[0]).toBeCloseTo(d[1], 9);
    // Far from any 45° step: plain grid.
    expect(snapPoint([1.0, 0.5], [0, 0])).toEqual([1.0, 0.5]);
  });

  it('finds the wall nearest a click', () => {
    expect(nearEdge(defaultScene().outline, [6.05, 2], 0.2)).toMatchObject({ edge: 1, along: 2 });
    expect(nearEdge(defaultScene().outline, [3, 2], 0.2)).toBeNull();
  });
});

describe('store', () => {
  beforeEach(() => useApp.setState({ scene: defaultScene(), past: [], future: [], selectedWindow: null }));

  it('undoes and redoes edits, one step per edit or gesture', () => {
    const st = useApp.getState();
    const start = st.scene;
    st.edit((s) => ({ ...s, height: 3 }));
    useApp.getState().beginGesture();
    useApp.getState().edit((s) => ({ ...s, height: 3.1 }), { record: false });
    useApp.getState().edit((s) => ({ ...s, height: 3.2 }), { record: false });
    expect(useApp.getState().scene.height).toBe(3.2);
    useApp.getState().undo();
    expect(useApp.getState().scene.height).toBe(3);
    useApp.getState().undo();
    expect(useApp.getState().scene).toBe(start);
    useApp.getState().redo();
    useApp.getState().redo();
    expect(useApp.getState().scene.height).toBe(3.2);
    useApp.getState().edit((s) => ({ ...s, height: 2.5 }));
    expect(useApp.getState().future).toEqual([]);
  });

  it('records no undo step for an edit that changes nothing, and keeps the scene as it was', () => {
    const start = useApp.getState().scene;
    // The default window (2 m wide, centred at 3 m on the 6 m wall) pushed past the wall's end: clamped to
    // 5, one step; pushed again, it stays at 5 and nothing is recorded.
    const push = () =>
      useApp
        .getState()
        .edit((s) => ({ ...s, windows: [{ ...s.windows[0]!, offset: s.windows[0]!.offset + 2.5 }] }));
    push();
    expect(useApp.getState().scene.windows[0]!.offset).toBe(5);
    const moved = useApp.getState().scene;
    push();
    useApp.getState().edit((s) => ({ ...s, height: s.height }));
    useApp.getState().edit((s) => ({ ...s }), { record: false });
    expect(useApp.getState().scene).toBe(moved);
    expect(useApp.getState().past).toEqual([start]);
    useApp.getState().undo();
    expect(useApp.getState().scene).toBe(start);
    // A gesture that moved nothing (a click on a handle) leaves no step either; one that moved leaves one.
    useApp.setState({ scene: start, past: [], future: [] });
    useApp.getState().beginGesture();
    useApp.getState().endGesture();
    expect(useApp.getState().past).toEqual([]);
    useApp.getState().beginGesture();
    useApp.getState().edit((s) => ({ ...s, height: 3.3 }), { record: false });
    useApp.getState().endGesture();
    expect(useApp.getState().past).toEqual([start]);
  });

  it('ends a drag that an undo interrupts: the drag is undone and its later moves are dropped', () => {
    const start = useApp.getState().scene;
    useApp.setState({ past: [], future: [] });
    const move = (h: number) => useApp.getState().edit((s) => ({ ...s, height: h }), { inGesture: true });
    useApp.getState().beginGesture();
    move(3.1);
    useApp.getState().undo(); // Ctrl+Z with the mouse still down
    expect(useApp.getState().scene).toBe(start);
    move(3.2); // the pointer moves on: nothing happens to the room the undo gave back
    useApp.getState().endGesture(); // the mouse comes up
    expect(useApp.getState().scene).toBe(start);
    expect(useApp.getState().past).toEqual([]);
    // The drag as it stood when undone is one redo away, and a new drag records its own step.
    useApp.getState().redo();
    expect(useApp.getState().scene.height).toBe(3.1);
    useApp.getState().beginGesture();
    move(3.4);
    useApp.getState().endGesture();
    expect(useApp.getState().past.map((s) => s.height)).toEqual([start.height, 3.1]);
    move(3.5); // a move with no drag open is not applied
    expect(useApp.getState().scene.height).toBe(3.4);
  });

  it('keeps windows on their walls when the outline is reversed or shrinks, and drops them with their wall', () => {
    const s = defaultScene();
    const cw: Scene = {
      ...s,
      outline: [...s.outline].reverse() as Scene['outline'],
      windows: [{ ...s.windows[0]!, edge: 2, offset: 1 }],
    };
    // Clockwise [0,4],[6,4],[6,0],[0,0]: edge 2 runs (6,0)→(0,0), offset 1 → centre x = 5.
    const n = normalise(cw);
    expect(windowCorners(n, n.windows[0]!)).toMatchObject({ x1: 4, x2: 6, y1: 0 });
    const small = normalise({
      ...s,
      outline: [
        [0, 0],
        [1.5, 0],
        [1.5, 4],
        [0, 4],
      ],
    });
    expect(small.windows[0]).toMatchObject({ width: 1.5, offset: 0.75 });
    const tri = normalise({
      ...s,
      windows: [{ ...s.windows[0]!, edge: 3 }],
      outline: [
        [0, 0],
        [6, 0],
        [3, 4],
      ],
    });
    expect(tri.windows).toEqual([]);
  });

  it('numbers new windows after the existing ones', () => {
    const s = defaultScene();
    expect(nextWindowId(s)).toBe('w2');
    expect(nextWindowId({ ...s, windows: [{ ...s.windows[0]!, id: 'w2' }] })).toBe('w3');
  });
});
