import { meshReaches } from '../../core/api/highFloor';

/**
 * What the editor says of a building's room opened in it: its map here reads each window's obstruction
 * angles, while the Building view and the command line compute it among the building's own surfaces (the
 * editor lets the room be moved and its walls changed, which the building's mesh would not follow); the two
 * can differ where something stands close beside a window (LargeBuilding's room 4: 1.57 % here, 1.41 % in
 * its row). Null above the API's 10 m, where both read the angles.
 */
export const fromBuildingNote = (room: { floor_height_above_terrain: number }): string | null =>
  meshReaches(room)
    ? 'Here the engine reads each window’s obstruction angles from the building; the Building view and the command line compute the room among the building’s own surfaces, so their figures can differ where something stands close beside a window (a wing, a balcony, a tree).'
    : null;
