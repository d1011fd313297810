import { DEFAULT_REFLECTANCES, type Reflectances } from '../../core/types';
import type { Scene } from '../scene/scene';

/**
 * The Materials panel's reflectances, read and typed in % as the report, the proposals and the windows'
 * frame and glass are (the scene and the API keep fractions); ranges the API's, in %.
 */
export const REFLECTANCE_FIELDS: readonly {
  key: keyof Reflectances;
  label: string;
  min: number;
  max: number;
}[] = [
  { key: 'ceiling_reflectance', label: 'Ceiling', min: 50, max: 90 },
  { key: 'vertical_reflectance', label: 'Walls', min: 30, max: 90 },
  { key: 'horizontal_reflectance', label: 'Floor', min: 5, max: 60 },
  { key: 'facade_reflectance', label: 'Facades outside', min: 10, max: 60 },
  { key: 'terrain_reflectance', label: 'Terrain', min: 5, max: 40 },
];

/** A fraction in %, to 0.1 (0.07 reads 7, not 7.000000000000001). */
export const asPercent = (v: number): number => Math.round(v * 1000) / 10;

/**
 * The reflectances the map is computed with, which the panel shows: the defaults under default materials
 * (the request carries none), whatever custom values the scene keeps for a switch back.
 */
export function shownReflectances(scene: Scene): Reflectances {
  return scene.modelType === 'df_custom' ? scene.materials : { ...DEFAULT_REFLECTANCES };
}

/**
 * The room with one reflectance typed (in %): it takes custom materials, the others as shown, so what is
 * typed is what the map is computed with. Before, a value typed under default materials stayed in its field
 * while the request went without it: the map and the report kept the defaults, and nothing said so.
 */
export function withReflectance(scene: Scene, key: keyof Reflectances, percent: number): Scene {
  return {
    ...scene,
    modelType: 'df_custom',
    materials: { ...shownReflectances(scene), [key]: Math.round(percent * 10) / 1000 },
  };
}
