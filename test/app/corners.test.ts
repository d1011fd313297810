import { describe, expect, it } from 'vitest';
import {
  insertCorner,
  moveCorner,
  newWindow,
  parseOutline,
  removeCorner,
  withOutline,
} from '../../src/app/scene/corners';
import { defaultScene, type Scene } from '../../src/app/scene/scene';
import { windowCorners } from '../../src/app/scene/geometry';

const pentagon: Scene = {
  ...defaultScene(),
  outline: [
    [0, 0],
    [6, 0],
    [6, 3],
    [3, 5],
    [0, 5],
  ],
  windows: [
    { id: 'w1', edge: 0, offset: 3, width: 2, sill: 0.9, head: 2.2, frame: 0.2, thickness: 0.3 },
    { id: 'w2', edge: 2, offset: 1.5, width: 1, sill: 0.9, head: 2.2, frame: 0.2, thickness: 0.3 },
    { id: 'w3', edge: 4, offset: 2, width: 1, sill: 0.9, head: 2.2, frame: 0.2, thickness: 0.3 },
  ],
};

describe('corner edits from the keyboard', () => {
  it('inserts a corner in the middle of a wall; the wall’s windows go with the half holding their centre', () => {
    const s = insertCorner(pentagon, 4); // wall 4: (0, 5) → (0, 0), w3 at 2 m of its 5
    expect(s.outline).toEqual([...pentagon.outline, [0, 2.5]]);
    expect(s.windows.find((w) => w.id === 'w3')).toMatchObject({ edge: 4, offset: 2 });
    const t = insertCorner(pentagon, 0); // wall 0: (0, 0) → (6, 0); w1 centred at 3 m stays on the first half
    expect(t.outline[1]).toEqual([3, 0]);
    expect(t.windows.map((w) => [w.id, w.edge, w.offset])).toEqual([
      ['w1', 0, 3],
      ['w2', 3, 1.5],
      ['w3', 5, 2],
    ]);
    const u = insertCorner({ ...pentagon, windows: [{ ...pentagon.windows[0]!, offset: 4.5 }] }, 0);
    expect(u.windows[0]).toMatchObject({ edge: 1, offset: 1.5 }); // the far half, measured from the new corner
    // Every window keeps its place in the world.
    const before = windowCorners(pentagon, pentagon.windows[2]!);
    const after = windowCorners(t, t.windows[2]!);
    expect(after).toEqual(before);
  });

  it('makes a new window of the usual size, under a low ceiling', () => {
    expect(newWindow({ ...pentagon, height: 2 }, 'w9', 1, 1.5)).toEqual({
      id: 'w9',
      edge: 1,
      offset: 1.5,
      width: 1.2,
      sill: 0.9,
      head: 1.9,
      frame: 0.2,
      thickness: 0.3,
    });
  });

  it('moves one corner to the millimetre and leaves the others', () => {
    const s = moveCorner(pentagon, 2, 0.05, -0.5);
    expect(s.outline).toEqual([
      [0, 0],
      [6, 0],
      [6.05, 2.5],
      [3, 5],
      [0, 5],
    ]);
    expect(moveCorner(s, 2, -0.05, 0.5).outline).toEqual(pentagon.outline);
  });

  it('removes a corner with the windows on its two walls; the others stay where they were', () => {
    const r = removeCorner(pentagon, 3)!; // corner (3, 5): walls 2 (w2) and 3 merge
    expect(r.scene.outline).toEqual([
      [0, 0],
      [6, 0],
      [6, 3],
      [0, 5],
    ]);
    expect(r.removedWindows).toEqual(['w2']);
    expect(r.scene.windows.map((w) => [w.id, w.edge])).toEqual([
      ['w1', 0],
      ['w3', 3],
    ]);
    // w3 is still on the west wall at the same place: its corners in the API's form are unchanged.
    const w3 = (s: Scene) =>
      windowCorners(
        s,
        s.windows.find((w) => w.id === 'w3')!,
      );
    expect(w3(r.scene)).toEqual(w3(pentagon));
  });

  it('removing corner 0 joins the last wall and the first', () => {
    const r = removeCorner(pentagon, 0)!;
    expect(r.removedWindows.sort()).toEqual(['w1', 'w3']);
    expect(r.scene.windows.map((w) => [w.id, w.edge])).toEqual([['w2', 1]]);
  });

  it('a triangle keeps its corners', () => {
    expect(removeCorner({ ...pentagon, outline: pentagon.outline.slice(0, 3), windows: [] }, 1)).toBeNull();
  });
});

describe('an outline typed from scratch', () => {
  it('reads corners as "x y" or "x, y" pairs by ";" or lines, and a rectangle as "6 x 4"', () => {
    expect(parseOutline('0 0; 5 0; 5 3; 0 3')).toEqual([
      [0, 0],
      [5, 0],
      [5, 3],
      [0, 3],
    ]);
    expect(parseOutline('0, 0\n4.5, 0\n4.5, 2.5')).toEqual([
      [0, 0],
      [4.5, 0],
      [4.5, 2.5],
    ]);
    expect(parseOutline('6 × 4')).toEqual([
      [0, 0],
      [6, 0],
      [6, 4],
      [0, 4],
    ]);
  });

  it('says what is wrong: not numbers, too few corners, crossing walls', () => {
    expect(parseOutline('0 0; 5 a; 5 3')).toBe('Corner 2 ("5 a") is not two numbers, x and y in metres.');
    expect(parseOutline('0 0; 5 0')).toBe(
      'An outline needs at least 3 corners (or type a rectangle as "6 x 4").',
    );
    expect(parseOutline('0 0; 4 4; 4 0; 0 4')).toMatch(/^That outline is self-intersecting/);
  });

  it('keeps the windows on walls that still exist, within them, and turns a clockwise outline round', () => {
    const s = withOutline(defaultScene(), [
      [0, 0],
      [0, 3],
      [3, 3],
      [3, 0],
    ]);
    expect(s.outline).toEqual([
      [3, 0],
      [3, 3],
      [0, 3],
      [0, 0],
    ]);
    // The default window (2 m, centred 3 m along edge 0) fits the 3 m wall: moved to stay 0.1 m from its end.
    expect(s.windows).toHaveLength(1);
    expect(s.windows[0]!.width).toBe(2);
    expect(s.windows[0]!.offset).toBeCloseTo(1.9, 9);
  });
});
