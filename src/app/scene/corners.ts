import type { Scene } from './scene';

/**
 * Corner edits the plan's keyboard makes (issue 19 §6), as scene changes for the store's `edit`.
 * Edge i runs from corner i to corner i + 1, so a corner's two walls are edges i − 1 and i.
 */

/** Corner i moved by (dx, dy) metres, to the millimetre; windows keep their place along their walls. */
export function moveCorner(scene: Scene, i: number, dx: number, dy: number): Scene {
  const mm = (v: number): number => Math.round(v * 1000) / 1000;
  return {
    ...scene,
    outline: scene.outline.map(([x, y], k) => (k === i ? [mm(x + dx), mm(y + dy)] : [x, y])),
  };
}

/**
 * The outline without corner i: its two walls become one, from corner i − 1 to corner i + 1. A window on
 * either of the two walls cannot keep its place on the new one and is removed with it (undo restores
 * both); the others keep theirs, their wall's number shifted past the removed corner. A triangle keeps
 * its corners: null.
 */
export function removeCorner(scene: Scene, i: number): { scene: Scene; removedWindows: string[] } | null {
  const n = scene.outline.length;
  if (n <= 3) return null;
  const before = (i + n - 1) % n;
  const gone = scene.windows.filter((w) => w.edge === before || w.edge === i);
  const windows = scene.windows
    .filter((w) => !gone.includes(w))
    .map((w) => {
      // Edges after corner i move down by one; when corner 0 goes, the last edge becomes edge n − 2.
      const edge = w.edge > i ? w.edge - 1 : w.edge;
      return edge === w.edge ? w : { ...w, edge };
    });
  return {
    scene: { ...scene, outline: scene.outline.filter((_, k) => k !== i), windows },
    removedWindows: gone.map((w) => w.id),
  };
}

/**
 * A corner inserted in the middle of wall i (it becomes corner i + 1): the wall splits in two; its windows
 * go with the half holding their centre, the other walls' numbers past it shift by one.
 */
export function insertCorner(scene: Scene, i: number): Scene {
  const n = scene.outline.length;
  const [ax, ay] = scene.outline[i]!,
    [bx, by] = scene.outline[(i + 1) % n]!;
  const mm = (v: number): number => Math.round(v * 1000) / 1000;
  const mid: [number, number] = [mm((ax + bx) / 2), mm((ay + by) / 2)];
  const half = Math.hypot(mid[0] - ax, mid[1] - ay);
  const outline = [...scene.outline.slice(0, i + 1), mid, ...scene.outline.slice(i + 1)];
  const windows = scene.windows.map((w) => {
    if (w.edge > i) return { ...w, edge: w.edge + 1 };
    if (w.edge < i || w.offset <= half) return w;
    return { ...w, edge: i + 1, offset: mm(w.offset - half) };
  });
  return { ...scene, outline, windows };
}

/** A new window (1.2 m wide, sill 0.9 m, head 2.1 m or under the ceiling) at `offset` along wall `edge`. */
export function newWindow(scene: Scene, id: string, edge: number, offset: number): Scene['windows'][number] {
  return {
    id,
    edge,
    offset,
    width: 1.2,
    sill: 0.9,
    head: Math.min(2.1, scene.height - 0.1),
    frame: 0.2,
    thickness: 0.3,
  };
}
