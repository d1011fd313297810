import { polygonDefect, signedArea } from '../../core/geometry/polygon';
import { edgeFrame } from './geometry';
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

/**
 * A room's outline typed as text (issue 34: a room from scratch by keyboard): corners as "x y" or "x, y"
 * pairs, one per line or separated by ";" (metres, in order around the room), or a rectangle as "6 x 4"
 * (width by depth, from the origin). The outline, or why it cannot be one.
 */
export function parseOutline(text: string): [number, number][] | string {
  const t = text.trim();
  const rect = /^(\d+(?:\.\d+)?)\s*[x×*]\s*(\d+(?:\.\d+)?)$/i.exec(t);
  if (rect) {
    const w = Number(rect[1]),
      d = Number(rect[2]);
    if (!(w > 0 && d > 0)) return 'A rectangle needs a width and a depth above 0 m.';
    return [
      [0, 0],
      [w, 0],
      [w, d],
      [0, d],
    ];
  }
  const parts = t
    .split(/[;\n]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  const corners: [number, number][] = [];
  for (const [i, p] of parts.entries()) {
    const v = p
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    if (v.length !== 2 || !v.every(Number.isFinite))
      return `Corner ${i + 1} ("${p}") is not two numbers, x and y in metres.`;
    corners.push([v[0]!, v[1]!]);
  }
  if (corners.length < 3) return 'An outline needs at least 3 corners (or type a rectangle as "6 x 4").';
  const defect = polygonDefect(corners);
  if (defect) return `That outline ${defect}.`;
  return corners;
}

/**
 * The scene with a typed outline: counter-clockwise as the editor keeps it; windows on walls that still
 * exist stay (moved within them), the others go.
 */
export function withOutline(scene: Scene, outline: [number, number][]): Scene {
  const ccw = signedArea(outline) < 0 ? [...outline].reverse() : outline;
  const windows = scene.windows
    .filter((w) => w.edge < ccw.length)
    .map((w) => {
      const len = edgeFrame(ccw, w.edge).length;
      const width = Math.min(w.width, Math.max(0.1, len - 0.2));
      return { ...w, width, offset: Math.min(Math.max(w.offset, width / 2 + 0.1), len - width / 2 - 0.1) };
    });
  return { ...scene, outline: ccw, windows };
}
