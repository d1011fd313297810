import { create } from 'zustand';
import type { PaletteName } from '../../core/report/palette';

/** View preferences (not part of the scene, not shared): palette and scale. */
export interface Settings {
  palette: PaletteName;
  scaleMax: number;
  set: (s: Partial<Omit<Settings, 'set'>>) => void;
}

export const useSettings = create<Settings>()((set) => ({
  palette: 'viridis',
  scaleMax: 10,
  set: (s) => set(s),
}));
