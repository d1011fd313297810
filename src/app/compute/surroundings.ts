import { heldMeshId, outlineCentre, windowCorners } from '../scene/geometry';
import { meshBuilding, NOT_CARRIED, shownMesh } from '../scene/shownMesh';
import { useBuilding } from './building/store';
import type { Scene } from '../scene/scene';
import { useApp } from '../state/store';
import { useMeshDisplay } from '../ui/meshDisplay';
import { meshWorker } from './workers';

/**
 * With a mesh as surroundings, each window's angles are derived from it (mesh worker) whenever the room or
 * a window changes; the result goes into the scene without an undo step (it follows from the user's edit).
 *
 * When the model and engine workers hold the mesh (heldMesh.ts), no answer reads these angles (the body
 * names the mesh), only what leaves the app from the angles alone (a link too large for its mesh, the
 * /encode ZIP), which asks for them then (withAngles). Their refresh then waits until the scene has been
 * still for STILL_MS: run beside each edit's preview, the mesh worker's scan and the scene's second render
 * took a core from it (~45 ms of the worker and ~95 ms of the page and its GPU thread a key press in
 * Chromium with a 10⁴-triangle city, measured 2026-12-05).
 */
export const STILL_MS = 400;

const key = (s: Scene): string => JSON.stringify([s.outline, s.floorZ, s.windows]);

/**
 * Whether the scene's windows have their angles already for the room measured last: a room of the building
 * opened again (the same outline and windows as the last measured) comes without them, and before
 * 2026-12-07 it waited for them for ever ("Obstruction angles are being computed from the mesh…").
 */
const measured = (s: Scene): boolean =>
  key(s) === last &&
  (incomplete === last || (s.surroundings.kind === 'mesh' && hasAll(s, s.surroundings.perWindow)));

const hasAll = (s: Scene, angles: Record<string, unknown>): boolean => s.windows.every((w) => angles[w.id]);

/** The room last measured where the worker gave no angles for some window: not asked again for it. */
let incomplete = '';

let last = '';
let busy = false;
let later: ReturnType<typeof setTimeout> | null = null;

/** The windows' angles from the mesh for a scene's room, as the scene keeps them. */
async function anglesOf(s: Scene): Promise<Record<string, { horizon: number[]; zenith: number[] }> | null> {
  return meshWorker().angles(
    s.outline,
    s.windows.map((w) => windowCorners(s, w)),
  );
}

async function refresh(): Promise<void> {
  const s = useApp.getState().scene;
  // A mesh a link did not carry keeps the angles the link gave: whatever the worker holds is another's.
  if (s.surroundings.kind !== 'mesh' || s.surroundings.notCarried || busy) return;
  const k = key(s);
  if (measured(s)) return;
  busy = true;
  try {
    const angles = await anglesOf(s);
    last = k;
    incomplete = angles && hasAll(s, angles) ? '' : k;
    if (angles)
      useApp.getState().edit(
        (cur) =>
          // Not into a mesh a link did not carry that an undo brought back while the worker measured.
          cur.surroundings.kind === 'mesh' && !cur.surroundings.notCarried
            ? { ...cur, surroundings: { ...cur.surroundings, perWindow: angles } }
            : cur,
        { record: false },
      );
  } finally {
    busy = false;
  }
  if (!measured(useApp.getState().scene)) schedule();
}

/** Refreshes now where an answer needs the angles, else once the scene has been still for STILL_MS. */
function schedule(): void {
  if (later !== null) clearTimeout(later);
  later = null;
  const s = useApp.getState().scene;
  if (s.surroundings.kind !== 'mesh' || measured(s)) return;
  if (!heldMeshId(s)) {
    void refresh();
    return;
  }
  later = setTimeout(() => {
    later = null;
    void refresh();
  }, STILL_MS);
}

/** The mesh the view shows now (shownMesh). */
const shownNow = (): string | null =>
  shownMesh(useApp.getState().scene, useBuilding.getState().view, useBuilding.getState().file);

/**
 * The view shows another mesh than before (an undo or redo over an import, over the mesh's removal or
 * over a room opened from a building; the room's view again beside a building's, or beside another
 * building opened since): the mesh worker makes it current again, so that the 3D view, the angles and
 * what a link or a server is sent are that mesh's, as the model's and the engine's answers are. A mesh the
 * worker no longer keeps leaves the worker without one: an imported mesh's answers then say to import it
 * again; a building's room keeps the angles it was given among its building. So does a mesh a link did not
 * carry: an undo back to it, over an import, must not leave the other mesh in the view and its angles.
 */
async function follow(id: string): Promise<void> {
  if (id === NOT_CARRIED) {
    useMeshDisplay.getState().setMesh(null);
    void meshWorker().clear();
    return;
  }
  const building = meshBuilding(id);
  const r =
    building !== null
      ? await meshWorker().selectBuilding(building)
      : await meshWorker().select(id, outlineCentre(useApp.getState().scene.outline));
  if (shownNow() !== id) return; // moved on meanwhile
  if (!r.ok) {
    useMeshDisplay.getState().setMesh(null, true);
    void meshWorker().clear();
  } else if (r.display) {
    useMeshDisplay.getState().setMesh(r.display);
    // A building's own walls would wall the room in: hidden until asked for, as when it was opened.
    if (building !== null) useMeshDisplay.getState().setVisible(false);
  }
  if (!r.ok || r.display) invalidateAngles();
}

/**
 * The room's surroundings are no mesh now (an undo over an import, a link opened over the room): the 3D view
 * shows none, and the worker holds none, so that a redo makes the mesh current again with its display copy.
 * Before, an import undone left its mesh in the 3D view around an open-sky room.
 */
function leftMesh(): void {
  const display = useMeshDisplay.getState();
  if (useApp.getState().scene.surroundings.kind === 'mesh' || (!display.positions && !display.notHere))
    return;
  display.setMesh(null);
  void meshWorker().clear();
}

export function startSurroundings(): () => void {
  schedule();
  let shown = shownNow();
  const check = (): void => {
    const now = shownNow();
    if (now !== null && now !== shown) void follow(now);
    else if (now === null && useBuilding.getState().view === 'room') leftMesh();
    shown = now;
  };
  const offScene = useApp.subscribe((s, prev) => {
    if (s.scene === prev.scene) return;
    check();
    schedule();
  });
  const offView = useBuilding.subscribe((s, prev) => {
    if (s.view !== prev.view || s.file !== prev.file) check();
  });
  return () => {
    offScene();
    offView();
    if (later !== null) clearTimeout(later);
  };
}

/** Forces the next refresh (a new mesh was loaded). */
export function invalidateAngles(): void {
  last = '';
  schedule();
}

/**
 * The scene with its windows' angles measured now from the mesh (itself where its surroundings are no
 * mesh): for what carries the angles out of the app, which a refresh still waiting must not leave stale.
 */
export async function withAngles(scene: Scene): Promise<Scene> {
  const s = scene.surroundings;
  if (s.kind !== 'mesh') return scene;
  const angles = await anglesOf(scene);
  return angles ? { ...scene, surroundings: { ...s, perWindow: angles } } : scene;
}
