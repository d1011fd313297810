import { ceilingAt } from '../../core/geometry/ceiling';
import type { RawCrowns } from '../../core/validation/crowns';
import { polygonDefect, signedArea } from '../../core/geometry/polygon';
import { floorDrop, lowerToFloorRange } from '../../core/api/highFloor';
import type { WindowSpec } from '../../core/types';
import type { Scene, SceneSkylight, SceneWindow } from './scene';
import { checkedSkylights } from '../../core/validation/skylights';
import { checkCeilingPlanes } from '../../core/validation/ceiling';
import { litFromAboveOnly } from '../../core/stats/litFromAbove';
import { DEFAULT_GLASS_TRANSMITTANCE } from '../../core/engine/glazing';

/** Plan geometry of an outline edge: start, unit direction, outward unit normal (outline counter-clockwise). */
export interface EdgeFrame {
  ax: number;
  ay: number;
  ux: number;
  uy: number;
  nx: number;
  ny: number;
  length: number;
}

export function edgeFrame(outline: Scene['outline'], i: number): EdgeFrame {
  const [ax, ay] = outline[i]!;
  const [bx, by] = outline[(i + 1) % outline.length]!;
  const length = Math.hypot(bx - ax, by - ay);
  const ux = length > 0 ? (bx - ax) / length : 1,
    uy = length > 0 ? (by - ay) / length : 0;
  // Counter-clockwise outline: the interior is on the left, the outside on the right.
  return { ax, ay, ux, uy, nx: uy, ny: -ux, length };
}

/** The outline counter-clockwise (api.md accepts either winding; the app's edge normals assume this one). */
export function counterClockwise(outline: Scene['outline']): Scene['outline'] {
  return signedArea(outline) < 0 ? [...outline].reverse() : outline;
}

/** The API's corner form of a window (conventions.md): interior-face corner, exterior-face corner. */
export function windowCorners(scene: Scene, w: SceneWindow): WindowSpec {
  const e = edgeFrame(scene.outline, w.edge);
  const s0 = w.offset - w.width / 2,
    s1 = w.offset + w.width / 2;
  const r = (v: number): number => Math.round(v * 1e6) / 1e6;
  return {
    id: w.id,
    x1: r(e.ax + e.ux * s0),
    y1: r(e.ay + e.uy * s0),
    z1: r(scene.floorZ + w.sill),
    x2: r(e.ax + e.ux * s1 + e.nx * w.thickness),
    y2: r(e.ay + e.uy * s1 + e.ny * w.thickness),
    z2: r(scene.floorZ + w.head),
    window_frame_ratio: w.frame,
    ...(w.glass !== undefined ? { glass_transmittance: w.glass } : {}),
  };
}

/** The API direction of a wall's outward normal (degrees, 0 = +x, counter-clockwise; conventions.md). */
export function edgeDirection(scene: Scene, edge: number): number {
  const e = edgeFrame(scene.outline, edge);
  return ((((Math.atan2(e.ny, e.nx) * 180) / Math.PI) % 360) + 360) % 360;
}

/** Keeps a window inside its wall: the offset clamped so the opening stays on the edge. */
export function clampToEdge(scene: Scene, w: SceneWindow): SceneWindow {
  const e = edgeFrame(scene.outline, w.edge);
  const width = Math.min(w.width, e.length);
  const offset = Math.min(Math.max(w.offset, width / 2), e.length - width / 2);
  return width === w.width && offset === w.offset ? w : { ...w, width, offset };
}

/**
 * What keeps the scene from being predicted, in words a user can act on; empty when it is ready.
 * The server would reject the same things (api.md ranges); the app says so before asking.
 */
export function sceneProblems(scene: Scene): string[] {
  const out: string[] = [];
  const defect = polygonDefect(scene.outline);
  if (defect) out.push(`The room outline ${defect}.`);
  const skylights = scene.skylights ?? [];
  if (scene.windows.length === 0 && skylights.length === 0)
    out.push('Add a window: click a wall in the plan.');
  if (!defect && skylights.length > 0) {
    try {
      checkedSkylights(skylightsBody(skylights), scene.outline);
    } catch (e) {
      out.push(`${(e as Error).message.replace(/^Parameter 'skylights\.(\w+)\.polygon'/, 'Skylight $1')}.`);
    }
  }
  for (const w of scene.windows) {
    if (w.edge >= scene.outline.length) {
      out.push(`Window ${w.id} is on a wall that no longer exists.`);
      continue;
    }
    const len = edgeFrame(scene.outline, w.edge).length;
    if (w.width > len + 1e-9)
      out.push(`Window ${w.id} is wider (${w.width} m) than its wall (${len.toFixed(2)} m).`);
    if (w.head <= w.sill) out.push(`Window ${w.id}: the head must be above the sill.`);
    if (w.sill < -0.15 || w.head > scene.height + 0.15)
      out.push(`Window ${w.id} must stay within the floor-to-ceiling height (±0.15 m).`);
  }
  if (!defect && scene.ceilingPlanes?.length) {
    try {
      checkCeilingPlanes(
        scene.ceilingPlanes,
        scene.outline,
        scene.floorZ,
        scene.floorZ + scene.height,
        scene.windows.map((w) => windowCorners(scene, w)),
        skylights,
      );
    } catch (e) {
      out.push(`${(e as Error).message.replace(/^Parameter 'ceiling_planes'/, 'The sloped ceiling')}.`);
    }
  }
  const s = scene.surroundings;
  if (s.kind === 'mesh' && !heldMeshId(scene) && scene.windows.some((w) => !s.perWindow[w.id]))
    out.push('Obstruction angles are being computed from the mesh…');
  return out;
}

/**
 * The id of the scene's mesh as its requests name it (`mesh_id`): the mesh the model and engine workers
 * hold (compute/heldMesh.ts), unless the room is above the API's 10 m floor. Such a room is sent lowered
 * with its windows (highFloor.ts), where a mesh would be seen from the wrong height: it keeps its angles.
 */
/** The mean of the outline's corners: where an imported mesh's display copy is centred (mesh worker). */
export function outlineCentre(outline: readonly (readonly [number, number])[]): [number, number] {
  return [
    outline.reduce((a, p) => a + p[0], 0) / outline.length,
    outline.reduce((a, p) => a + p[1], 0) / outline.length,
  ];
}

export function heldMeshId(scene: Scene): string | null {
  const s = scene.surroundings;
  return s.kind === 'mesh' && s.meshId !== undefined && floorDrop(scene.floorZ) === 0 ? s.meshId : null;
}

/**
 * The `/run` body of a scene (api.md shape). With a mesh the workers hold, the body names it by `mesh_id`
 * and the model and the engine answer among the triangles themselves, their angles included (so a moved
 * window is answered at once, not first with the angles of where it was). Otherwise every window carries
 * its angles and no mesh travels.
 */
export function runBody(
  scene: Scene,
  /** `withMesh: false`: each window's angles even so (what answers from the angles alone: the /encode ZIP). */
  { withMesh = true }: { withMesh?: boolean } = {},
): {
  model_type: Scene['modelType'];
  parameters: Record<string, unknown>;
  horizon?: number[];
  zenith?: number[];
  mesh_id?: string;
  crowns?: RawCrowns;
} {
  const s = scene.surroundings;
  const meshId = withMesh ? heldMeshId(scene) : null;
  const windows: Record<string, unknown> = {};
  for (const w of scene.windows) {
    const { id, ...corners } = windowCorners(scene, { ...w, glass: ownGlass(w.glass) });
    windows[id] =
      s.kind === 'mesh' && !meshId && s.perWindow[id] ? { ...corners, ...s.perWindow[id] } : corners;
  }
  const zeros = new Array<number>(64).fill(0);
  // A room above the API's 10 m is sent lowered with its windows, its angles measured where it is.
  return lowerToFloorRange({
    model_type: scene.modelType,
    parameters: {
      height_roof_over_floor: scene.height,
      floor_height_above_terrain: scene.floorZ,
      room_polygon: scene.outline.map(([x, y]) => [x, y]),
      windows,
      ...(scene.skylights?.length ? { skylights: skylightsBody(scene.skylights) } : {}),
      ...(scene.ceilingPlanes?.length
        ? { ceiling_planes: scene.ceilingPlanes.map(([a, b, c]): [number, number, number] => [a, b, c]) }
        : {}),
      ...(scene.modelType === 'df_custom' ? scene.materials : {}),
    },
    ...(s.kind === 'angles'
      ? { horizon: s.angles.horizon, zenith: s.angles.zenith }
      : s.kind === 'open'
        ? { horizon: zeros, zenith: zeros }
        : meshId
          ? { mesh_id: meshId }
          : {}),
    ...(s.kind === 'mesh' && s.crowns ? { crowns: s.crowns } : {}),
  });
}

/** The scene's skylights as the API takes them, keyed by id. */
function skylightsBody(list: readonly SceneSkylight[]) {
  return Object.fromEntries(
    list.map((k) => [
      k.id,
      {
        polygon: k.polygon.map(([x, y]): [number, number] => [x, y]),
        window_frame_ratio: k.frame,
        ...(ownGlass(k.glass) !== undefined ? { glass_transmittance: k.glass } : {}),
      },
    ]),
  );
}

/**
 * A pane's transmittance as a request carries it: absent where it is the API's default. The panel writes
 * 0.7 for a typed 70 %, where a scene never edited has none: the same glass, so the same body and keys
 * (a typed default once marked the year outdated and asked the map again).
 */
const ownGlass = (glass: number | undefined): number | undefined =>
  glass === DEFAULT_GLASS_TRANSMITTANCE ? undefined : glass;

const runKeys = new WeakMap<Scene, string>();
/**
 * The scene's /run body as a string, stringified once per scene: what both a map (answerKey) and a year
 * (compute/climate.ts climateKeyOf) are keyed on.
 */
export function runKey(scene: Scene): string {
  let k = runKeys.get(scene);
  if (k === undefined) runKeys.set(scene, (k = JSON.stringify(runBody(scene))));
  return k;
}

/**
 * What an answer depends on, as a string: the /run body and the engine's bounce limit. Two scenes with the
 * same key have the same map (a changed threshold changes the verdicts, not the map), so no prediction or
 * engine run is needed.
 */
export const answerKey = (scene: Scene): string => `${runKey(scene)}|${scene.ambientBounces ?? ''}`;

/** The engine's request for the scene (/simulate): /run's body, the quality and any bounce limit. */
export function simulateBody(scene: Scene, quality: 'draft' | 'standard' | 'high') {
  return {
    ...runBody(scene),
    quality,
    ...(scene.ambientBounces !== undefined ? { ambient_bounces: scene.ambientBounces } : {}),
  };
}

/**
 * The ceiling's height above the floor along an edge, as (s, z) corners from its start to its end: flat at
 * the room's height, or under a sloped ceiling the lowest of its planes, with a corner wherever another
 * takes over.
 */
export function ceilingProfile(scene: Scene, edge: number): [number, number][] {
  const e = edgeFrame(scene.outline, edge);
  const planes = scene.ceilingPlanes ?? [];
  const top = scene.floorZ + scene.height;
  // Each plane along the edge as z = α·s + β; the top as the line 0·s + top.
  const lines = [[0, top], ...planes.map(([a, b, c]) => [a * e.ux + b * e.uy, a * e.ax + b * e.ay + c])];
  const at = [0, e.length];
  for (let i = 0; i < lines.length; i++)
    for (let j = i + 1; j < lines.length; j++) {
      const [ai, bi] = lines[i]!,
        [aj, bj] = lines[j]!;
      if (Math.abs(ai! - aj!) < 1e-12) continue;
      const s = (bj! - bi!) / (ai! - aj!);
      if (s > 0 && s < e.length) at.push(s);
    }
  return at
    .sort((a, b) => a - b)
    .filter((s, i, all) => i === 0 || s - all[i - 1]! > 1e-6)
    .map((s): [number, number] => [
      s,
      ceilingAt(planes, top, e.ax + e.ux * s, e.ay + e.uy * s) - scene.floorZ,
    ]);
}

/** Whether the scene's room is lit through horizontal rooflights only (EN 17037's 95 % rule: litFromAbove.ts). */
export const sceneLitFromAbove = (s: Scene): boolean =>
  litFromAboveOnly({
    wallWindows: s.windows.length,
    skylights: s.skylights ?? [],
    ceilingPlanes: s.ceilingPlanes,
    ceiling: s.floorZ + s.height,
  });
