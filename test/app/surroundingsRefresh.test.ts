import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Scene } from '../../src/app/scene/scene';

type Angles = Record<string, { horizon: number[]; zenith: number[] }>;

// The mesh worker, answered by the test: what the race below needs is to hold its answer back while the
// scene moves on (in the app it is a Worker, which Node has not; the e2e specs drive the real one).
const pending: ((a: Angles) => void)[] = [];
const angles = vi.fn(() => new Promise<Angles>((resolve) => pending.push(resolve)));
vi.mock('../../src/app/compute/workers', () => ({
  meshWorker: () => ({ angles, clear: async () => undefined }),
}));

const { useApp } = await import('../../src/app/state/store');
const { defaultScene } = await import('../../src/app/scene/scene');
const { startSurroundings } = await import('../../src/app/compute/surroundings');

const flat = (v: number) => ({ horizon: Array<number>(64).fill(v), zenith: Array<number>(64).fill(0) });
const towers = (notCarried: boolean): Scene['surroundings'] => ({
  kind: 'mesh',
  name: 'towers.obj',
  triangles: 2400,
  perWindow: { w1: flat(notCarried ? 12 : 30) },
  ...(notCarried ? { notCarried: 'link' as const } : {}),
});

/** The mesh as a room opened from a building comes with it: no window measured yet. */
const unmeasured = (): Scene['surroundings'] => ({
  kind: 'mesh',
  name: 'towers.obj',
  triangles: 2400,
  perWindow: {},
});

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  stop = null;
  pending.length = 0;
  angles.mockClear();
});

describe('the surroundings refresh (mesh worker angles into the scene)', () => {
  it('writes the angles measured for a mesh into the scene', async () => {
    useApp.getState().replaceScene({ ...defaultScene(), surroundings: towers(false) });
    stop = startSurroundings();
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    pending[0]!({ w1: flat(25) });
    await vi.waitFor(() => {
      const s = useApp.getState().scene.surroundings;
      expect(s.kind === 'mesh' && s.perWindow.w1!.horizon[0]).toBe(25);
    });
  });

  it('does not write them into a mesh a link did not carry that an undo brought back meanwhile', async () => {
    // Another room than the first test's (the refresh measures a room once).
    useApp.getState().replaceScene({ ...defaultScene(), floorZ: 3, surroundings: towers(false) });
    stop = startSurroundings();
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    // While the worker measures, the scene goes back to the linked mesh (an undo over an import): its
    // angles are the link's, and what the worker holds is another mesh's.
    useApp.getState().edit((s) => ({ ...s, surroundings: towers(true) }), { record: false });
    pending[0]!({ w1: flat(25) });
    await new Promise((r) => setTimeout(r, 20));
    const s = useApp.getState().scene.surroundings;
    expect(s).toEqual(towers(true));
    // Nor does it measure again for it.
    expect(angles).toHaveBeenCalledTimes(1);
  });

  it('measures a room opened again, which comes without its angles, though it is the room measured last', async () => {
    const room = { ...defaultScene(), floorZ: 5, surroundings: unmeasured() };
    useApp.getState().replaceScene(room);
    stop = startSurroundings();
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    pending[0]!({ w1: flat(25) });
    await vi.waitFor(() => {
      const s = useApp.getState().scene.surroundings;
      expect(s.kind === 'mesh' && s.perWindow.w1?.horizon[0]).toBe(25);
    });
    // The Building view's Open again: the same room, its angles to measure (before 2026-12-07 it waited for
    // them for ever: "Obstruction angles are being computed from the mesh…").
    useApp.getState().replaceScene(room);
    await vi.waitFor(() => expect(pending).toHaveLength(2));
    pending[1]!({ w1: flat(26) });
    await vi.waitFor(() => {
      const s = useApp.getState().scene.surroundings;
      expect(s.kind === 'mesh' && s.perWindow.w1?.horizon[0]).toBe(26);
    });
  });

  it('asks once for a room whose windows the worker gives no angles (no mesh held): no loop', async () => {
    useApp.getState().replaceScene({ ...defaultScene(), floorZ: 6, surroundings: unmeasured() });
    stop = startSurroundings();
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    pending[0]!({});
    await new Promise((r) => setTimeout(r, 50));
    expect(angles).toHaveBeenCalledTimes(1);
  });
});
