import { describe, expect, it } from 'vitest';
import { fromBuildingNote } from '../../src/app/ui/fromBuildingNote';

describe('what the editor says of a building’s room opened in it', () => {
  it('that its map here reads the windows’ angles, where the Building view computes among the building', () => {
    expect(fromBuildingNote({ floor_height_above_terrain: 3 })).toMatch(
      /^Here the engine reads each window’s obstruction angles from the building; the Building view and the command line compute the room among the building’s own surfaces/,
    );
    expect(fromBuildingNote({ floor_height_above_terrain: 10 })).not.toBeNull();
  });

  it('nothing of it above the API’s 10 m, where both read the angles', () => {
    expect(fromBuildingNote({ floor_height_above_terrain: 14 })).toBeNull();
  });
});
