import { describe, expect, it } from 'vitest';
import { fromBuildingNote } from '../../src/app/ui/fromBuildingNote';

describe('what the editor says of a building’s room opened in it', () => {
  const low = { floor_height_above_terrain: 3 };
  it('as the building has it: computed among the building’s own surfaces, as its row', () => {
    expect(fromBuildingNote(low, { changed: false, remote: false })).toBe(
      'The engine computes this room among the building’s own surfaces, as its row in the Building view and the command line do.',
    );
    expect(
      fromBuildingNote({ floor_height_above_terrain: 10 }, { changed: false, remote: false }),
    ).not.toBeNull();
  });

  it('changed here, or answered by a server: from the windows’ angles, which can differ from its row', () => {
    expect(fromBuildingNote(low, { changed: true, remote: false })).toMatch(
      /^Changed here, the room is computed from each window’s obstruction angles .* until it is kept in the building; its figures can differ from its row/,
    );
    expect(fromBuildingNote(low, { changed: false, remote: true })).toMatch(
      /^On the Lux server the engine reads each window’s obstruction angles from the building/,
    );
  });

  it('nothing of it above the API’s 10 m, where both read the angles', () => {
    expect(
      fromBuildingNote({ floor_height_above_terrain: 14 }, { changed: false, remote: false }),
    ).toBeNull();
  });
});
