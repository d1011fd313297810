import { create } from 'zustand';
import { clampToEdge, counterClockwise } from '../scene/geometry';
import { defaultScene, type Scene, type SceneWindow } from '../scene/scene';

/**
 * The app's state (zustand): the scene with its undo/redo history, and what the user is doing with it.
 * Every edit goes through `edit`, which records one undo step; a drag records one step at its start
 * (`beginGesture`) and then moves freely (`edit(…, { inGesture: true })`). An undo in the middle of a drag
 * (Ctrl+Z with the mouse still down) ends the drag and undoes it: its later moves are dropped, not applied
 * to the room the undo gave back with no step of their own.
 */
const HISTORY = 100;

export type Tool = 'select' | 'draw' | 'window';

export interface AppState {
  scene: Scene;
  past: Scene[];
  future: Scene[];
  tool: Tool;
  selectedWindow: string | null;
  /** Points of an outline being drawn (tool 'draw'), null otherwise. */
  drawing: [number, number][] | null;
  /** Whether a gesture (a drag, typing a name) is open: between beginGesture and endGesture or an undo. */
  gesture: boolean;
  /**
   * Changes the scene. `record: false`: no undo step (a change that is not the user's, or one inside a step
   * already recorded); `inGesture`: a move of the open gesture, dropped when none is open.
   */
  edit: (change: (s: Scene) => Scene, opts?: { record?: boolean; inGesture?: boolean }) => void;
  beginGesture: () => void;
  /** Ends a gesture: the step beginGesture recorded is dropped when the gesture changed nothing (a click). */
  endGesture: () => void;
  undo: () => void;
  redo: () => void;
  replaceScene: (s: Scene) => void;
  setTool: (t: Tool) => void;
  select: (id: string | null) => void;
  setDrawing: (pts: [number, number][] | null) => void;
}

/** Windows follow their walls: dropped with a removed edge, kept on it (clamped) when it changes. */
export function normalise(s: Scene): Scene {
  const outline = counterClockwise(s.outline);
  const flipped = outline !== s.outline;
  const n = outline.length;
  const windows: SceneWindow[] = [];
  for (const w0 of s.windows) {
    let w = w0;
    if (flipped) {
      // Reversing the outline turns edge i into edge n − 2 − i (mod n), measured from its other end.
      const edge = (((n - 2 - w.edge) % n) + n) % n;
      const [ax, ay] = s.outline[w.edge]!,
        [bx, by] = s.outline[(w.edge + 1) % n]!;
      w = { ...w, edge, offset: Math.hypot(bx - ax, by - ay) - w.offset };
    }
    if (w.edge < n) windows.push(clampToEdge({ ...s, outline }, w));
  }
  return { ...s, outline, windows };
}

export const useApp = create<AppState>()((set, get) => ({
  scene: defaultScene(),
  past: [],
  future: [],
  tool: 'select',
  selectedWindow: null,
  drawing: null,
  gesture: false,
  edit: (change, opts) => {
    const { scene, past, gesture } = get();
    if (opts?.inGesture && !gesture) return;
    const next = normalise(change(scene));
    // An edit that changes nothing (an arrow key against a wall's end, a value typed again) records no
    // undo step and leaves the scene as it was: nothing recomputes.
    if (sameScene(next, scene)) return;
    if (opts?.record === false || opts?.inGesture) set({ scene: next });
    else set({ scene: next, past: [...past, scene].slice(-HISTORY), future: [] });
  },
  beginGesture: () => {
    const { scene, past } = get();
    set({ past: [...past, scene].slice(-HISTORY), future: [], gesture: true });
  },
  endGesture: () => {
    const { scene, past, gesture } = get();
    if (!gesture) return;
    const last = past[past.length - 1];
    set({ gesture: false, ...(last && sameScene(last, scene) ? { past: past.slice(0, -1) } : {}) });
  },
  undo: () => {
    get().endGesture();
    const { scene, past, future } = get();
    const prev = past[past.length - 1];
    if (prev) set({ scene: prev, past: past.slice(0, -1), future: [scene, ...future] });
  },
  redo: () => {
    get().endGesture();
    const { scene, past, future } = get();
    const next = future[0];
    if (next) set({ scene: next, past: [...past, scene], future: future.slice(1) });
  },
  replaceScene: (s) => {
    const { scene, past } = get();
    set({ scene: normalise(s), past: [...past, scene].slice(-HISTORY), future: [], selectedWindow: null });
  },
  setTool: (tool) => set({ tool, drawing: tool === 'draw' ? [] : null }),
  select: (selectedWindow) => set({ selectedWindow }),
  setDrawing: (drawing) => set({ drawing }),
}));

/** Whether two scenes are the same room (a scene is plain data: its JSON says all of it). */
const sameScene = (a: Scene, b: Scene): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/** The next free window id: w1, w2, … */
export function nextWindowId(scene: Scene): string {
  const used = new Set(scene.windows.map((w) => w.id));
  let k = scene.windows.length + 1;
  while (used.has(`w${k}`)) k++;
  return `w${k}`;
}
