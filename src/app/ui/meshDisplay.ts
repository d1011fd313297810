import { create } from 'zustand';

/** The imported mesh's triangles for the 3D view (a copy from the mesh worker; not part of the scene). */
export const useMeshDisplay = create<{
  positions: Float32Array | null;
  name: string | null;
  setMesh: (p: Float32Array | null, name: string | null) => void;
}>()((set) => ({ positions: null, name: null, setMesh: (positions, name) => set({ positions, name }) }));
