import { create } from 'zustand';

/**
 * The imported mesh's triangles for the 3D view (a copy from the mesh worker; not part of the scene).
 * Meshes above SHOW_BY_DEFAULT triangles start hidden in 3D: without a GPU (software WebGL) every frame
 * of a dense city holds the page's thread for seconds (measured: 7 s a frame for 2·10⁵ triangles in
 * headless Chromium); the user can show them, and the angles always use every triangle.
 */
export const SHOW_BY_DEFAULT = 50_000;

export const useMeshDisplay = create<{
  positions: Float32Array | null;
  visible: boolean;
  /**
   * The mesh the scene names is not loaded here: the mesh worker no longer keeps it (compute/surroundings.ts
   * follow), or a link brought a room of a building not open here (main.tsx). Nothing is shown for it and
   * its windows keep the angles they have. (A mesh a link did not carry says so in the scene: notCarried.)
   */
  notHere: boolean;
  /**
   * Why the model and engine workers could not take the mesh itself (heldMesh.ts takeMesh), or null: the
   * answers then read each window's angles only, and the Surroundings panel says so.
   */
  handOverFailed: string | null;
  setMesh: (p: Float32Array | null, notHere?: boolean) => void;
  setVisible: (v: boolean) => void;
  setHandOverFailed: (why: string | null) => void;
}>()((set) => ({
  positions: null,
  visible: true,
  notHere: false,
  handOverFailed: null,
  setMesh: (positions, notHere = false) =>
    set({
      positions,
      notHere,
      handOverFailed: null,
      visible: !positions || positions.length / 9 <= SHOW_BY_DEFAULT,
    }),
  setVisible: (visible) => set({ visible }),
  setHandOverFailed: (handOverFailed) => set({ handOverFailed }),
}));
