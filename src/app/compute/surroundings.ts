import { windowCorners } from '../scene/geometry';
import type { Scene } from '../scene/scene';
import { useApp } from '../state/store';
import { meshWorker } from './workers';

/**
 * With a mesh as surroundings, each window's angles are derived from it (mesh worker) whenever the room or
 * a window changes; the result goes into the scene without an undo step (it follows from the user's edit).
 */
const key = (s: Scene): string => JSON.stringify([s.outline, s.floorZ, s.windows]);

let last = '';
let busy = false;

async function refresh(): Promise<void> {
  const s = useApp.getState().scene;
  if (s.surroundings.kind !== 'mesh' || busy) return;
  const k = key(s);
  if (k === last) return;
  busy = true;
  try {
    const angles = await meshWorker().angles(
      s.outline,
      s.windows.map((w) => windowCorners(s, w)),
    );
    last = k;
    if (angles)
      useApp
        .getState()
        .edit(
          (cur) =>
            cur.surroundings.kind === 'mesh'
              ? { ...cur, surroundings: { ...cur.surroundings, perWindow: angles } }
              : cur,
          { record: false },
        );
  } finally {
    busy = false;
  }
  if (key(useApp.getState().scene) !== last) void refresh();
}

export function startSurroundings(): () => void {
  void refresh();
  return useApp.subscribe((s, prev) => {
    if (s.scene !== prev.scene) void refresh();
  });
}

/** Forces the next refresh (a new mesh was loaded). */
export function invalidateAngles(): void {
  last = '';
  void refresh();
}
