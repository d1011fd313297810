import type { VegetationMode } from '../../core/ifc/vegetation';

/**
 * What a building's job asks of its IFC file (jobRoutes.ts reads it from the form), in a module of its own:
 * the server's main thread needs these without loading web-ifc, which only the IFC thread may (ifcWorker.ts).
 */
export interface IfcJobParams {
  method: 'engine' | 'model';
  quality: 'draft' | 'standard' | 'high';
  frameRatio: number;
  /** What the file's trees and planting do (`--vegetation`); absent: the default, opaque. */
  vegetation?: VegetationMode;
  /** With `translucent`, the share of the light a crown lets through (`--crown-transmittance`). */
  crownTransmittance?: number;
  /** Context files around the building (IFC, OBJ, STL, glTF), in its coordinates: `--context`. */
  contexts?: { name: string; bytes: Uint8Array }[];
  /** A year for each room after its daylight factor (the job's weather, stored once): `--weather`. */
  climate?: boolean;
}

/** A context file that cannot be read: the job's reason names the file, not the building. */
export const CONTEXT_UNREADABLE = 'context file: ';
