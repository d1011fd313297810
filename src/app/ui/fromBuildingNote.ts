import { meshReaches } from '../../core/api/highFloor';

/**
 * What the editor says of a building's room opened in it (compute/building/editorMesh.ts): as the building
 * has it, the engine computes it here among the building's own surfaces, as its row was computed; changed
 * here (and not yet kept), or answered by a Lux server, from each window's obstruction angles, which can read
 * brighter than the building itself where something stands close beside a window (LargeBuilding's room 4:
 * 1.57 % on its angles, 1.40 % among the building). Null above the API's 10 m, where both read the angles.
 */
export function fromBuildingNote(
  room: { floor_height_above_terrain: number },
  { changed, remote }: { changed: boolean; remote: boolean },
): string | null {
  if (!meshReaches(room)) return null;
  if (remote)
    return 'On the Lux server the engine reads each window’s obstruction angles from the building; the Building view computes the room among the building’s own surfaces, so their figures can differ where something stands close beside a window (a wing, a balcony, a tree).';
  if (changed)
    return 'Changed here, the room is computed from each window’s obstruction angles (the building’s own surfaces stay as the file has them) until it is kept in the building; its figures can differ from its row where something stands close beside a window (a wing, a balcony, a tree).';
  return 'The engine computes this room among the building’s own surfaces, as its row in the Building view and the command line do.';
}
