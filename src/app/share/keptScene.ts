import { sharedWeather, useClimate } from '../compute/climate';
import { projectNow } from '../compute/project';
import { withAngles } from '../compute/surroundings';
import { meshWorker } from '../compute/workers';
import type { Scene } from '../scene/scene';
import { useApp } from '../state/store';
import { encodeShare, isShareFragment, MESH_IN_LINK, type ShareSource } from './codec';

/**
 * The room survives a reload or a closed tab (app.md §Share): the scene on screen is kept in this browser's
 * storage as a share link's fragment would hold it (codec.ts: the scene, a small mesh or a large one's angles,
 * the weather file's name, the project), and the app opens with it when its address names no link. A link
 * in the address bar is only the room it was made for: once the room changes after it, the fragment is
 * taken off the address, so that a reload gives the room as it is, not as it was when the link was copied.
 * The project's details are kept on their own (compute/project.ts) and are not taken from the kept room.
 * One slot for the browser: two tabs keep whichever room was edited last, and a link opened and then
 * edited becomes the kept room.
 */
const KEY = 'lux-scene';
/** An edit's pause before the room is kept: a drag writes once, at its end. */
const PAUSE_MS = 800;

/**
 * The fragment of a link to the scene as it is: a mesh small enough travels, a larger one its angles —
 * measured for the room as it is now (Copy link), or as the scene holds them (`to: 'kept'`, the kept room:
 * compute/surroundings.ts refreshes them after each edit, and that refresh is itself a change kept again,
 * so measuring here would scan the mesh a second time for every edit). The kept room may be larger than a
 * link (codec.ts MAX_KEPT).
 */
export async function shareFragment(
  now: Scene,
  to: ShareSource = 'link',
): Promise<{ fragment: string; meshTravels: boolean }> {
  const mesh = now.surroundings.kind === 'mesh' ? await meshWorker().smallMesh(MESH_IN_LINK) : null;
  const scene = now.surroundings.kind === 'mesh' && !mesh && to === 'link' ? await withAngles(now) : now;
  return {
    fragment: encodeShare(scene, mesh, sharedWeather(), projectNow(), { to }),
    meshTravels: now.surroundings.kind !== 'mesh' || mesh !== null,
  };
}

/** The scene the address's link stands for (the one it opened, or the one Copy link wrote). */
let linked: Scene | null = null;

/** Says the address's link is the scene as it is now. */
export function markLinked(scene: Scene): void {
  linked = scene;
}

/**
 * The room as a link holds it: without what the workers add once it is open (the mesh's id in their store,
 * each window's angles measured among it), so that taking a link's mesh is not taken for an edit.
 */
function linkedRoom(scene: Scene): string {
  const s = scene.surroundings;
  if (s.kind !== 'mesh') return JSON.stringify(scene);
  const { meshId: _id, perWindow: _angles, ...rest } = s;
  return JSON.stringify({ ...scene, surroundings: rest });
}

/** The kept room's fragment, or null (none kept, or storage that cannot be read). */
export function keptFragment(): string | null {
  try {
    const f = localStorage.getItem(KEY);
    return f && isShareFragment(f) ? f : null;
  } catch {
    return null;
  }
}

/** Forgets the kept room (one that could not be opened again). */
export function forgetKept(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Storage that cannot be written holds nothing to forget.
  }
}

/**
 * Keeps the room from now on: after each edit's pause, its fragment into storage, and the address's link
 * taken off once the room is no longer the one it stands for. Returns the unsubscribe.
 */
export function keepScene(): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writing = Promise.resolve();
  const keep = (): void => {
    timer = null;
    const scene = useApp.getState().scene;
    if (isShareFragment(location.hash) && (!linked || linkedRoom(scene) !== linkedRoom(linked)))
      history.replaceState(null, '', location.pathname + location.search);
    writing = writing
      .then(() => shareFragment(scene, 'kept'))
      .then(({ fragment }) => {
        // An edit made meanwhile is kept by its own turn.
        if (useApp.getState().scene === scene) localStorage.setItem(KEY, fragment);
      })
      // A scene too large even to keep (codec.ts MAX_KEPT), or storage full or refused: not kept.
      .catch(() => undefined);
  };
  const later = (): void => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(keep, PAUSE_MS);
  };
  // The room, and the weather file its year is of (a file loaded after the last edit is kept too).
  const offScene = useApp.subscribe((s, before) => {
    if (s.scene !== before.scene) later();
  });
  const offWeather = useClimate.subscribe((s, before) => {
    if (s.weather !== before.weather) later();
  });
  return () => {
    offScene();
    offWeather();
  };
}
