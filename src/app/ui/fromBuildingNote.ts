import { meshReaches } from '../../core/api/highFloor';

/** How the editor computes a building's room (compute/building/editorMesh.ts). */
export type FromBuildingMethod =
  /** As the building has it: among the building's own surfaces, as its row. */
  | 'among'
  /** Its outline, height or skylights changed here and not yet kept: from each window's angles. */
  | 'reshaped'
  /** Answered by a Lux server, which holds no copy of the building for the editor's calls. */
  | 'server'
  /** The engine lanes could not take the building's surroundings (lanesMesh.ts): the angles. */
  | 'refused';

const DIFFER =
  'its figures can differ from its row where something stands close beside a window (a wing, a balcony, a tree).';

/**
 * What the editor says of a building's trees standing as crowns (its vegetation setting `translucent`):
 * they are in every run of the room here, as in its row, and only the engine sees them.
 */
export const crownsNote = (transmittance: number): string =>
  `Its trees stand as crowns that let ${Math.round(transmittance * 100)} % of the light through (the building’s Trees and planting), here as in its row: the engine computes the room (the model, which reads obstruction angles, cannot see them).`;

/**
 * What the editor says of a building's room opened in it: as the building has it, the engine computes it
 * here among the building's own surfaces, as its row was computed; otherwise from each window's obstruction
 * angles, which can read brighter than the building itself where something stands close beside a window
 * (LargeBuilding's room 4: 1.57 % on its angles, 1.40 % among the building). Null above the API's 10 m,
 * where both read the angles.
 */
export function fromBuildingNote(
  room: { floor_height_above_terrain: number },
  method: FromBuildingMethod,
): string | null {
  if (!meshReaches(room)) return null;
  switch (method) {
    case 'among':
      return 'The engine computes this room among the building’s own surfaces, as its row in the Building view and the command line do (its windows, glass and surfaces as they are here).';
    case 'reshaped':
      return `Its outline, height or skylights changed here, the room is computed from each window’s obstruction angles (the building’s own walls and roofs stay where the file has them) until it is kept in the building; ${DIFFER}`;
    case 'server':
      return `On the Lux server the engine reads each window’s obstruction angles from the building; ${DIFFER}`;
    case 'refused':
      return `The engine could not take the building’s surroundings (the Building panel says why): the room is computed from each window’s obstruction angles; ${DIFFER}`;
  }
}
