import { create } from 'zustand';

/**
 * The imported mesh's triangles for the 3D view (a copy from the mesh worker; not part of the scene).
 * Meshes above SHOW_BY_DEFAULT triangles start hidden in 3D: without a GPU (software WebGL) every frame
 * of a dense city holds the page's thread for seconds (measured: 7 s a frame for 2·10⁵ triangles in
 * headless Chromium); the user can show them, and the angles always use every triangle.
 */
export const SHOW_BY_DEFAULT = 50_000;

/**
 * `dropped`: the mesh worker no longer keeps it (compute/surroundings.ts follow); `not-carried`: the scene
 * came from a link too large for its mesh, which carried the windows' angles alone (share/codec.ts).
 */
export type MeshMissing = 'dropped' | 'not-carried';

export const useMeshDisplay = create<{
  positions: Float32Array | null;
  visible: boolean;
  /**
   * Why the scene's mesh is not loaded here, or null: nothing is then shown for it and its windows keep the
   * angles they have.
   */
  missing: MeshMissing | null;
  setMesh: (p: Float32Array | null, missing?: MeshMissing | null) => void;
  setVisible: (v: boolean) => void;
}>()((set) => ({
  positions: null,
  visible: true,
  missing: null,
  setMesh: (positions, missing = null) =>
    set({ positions, missing, visible: !positions || positions.length / 9 <= SHOW_BY_DEFAULT }),
  setVisible: (visible) => set({ visible }),
}));
