import { describe, expect, it } from 'vitest';
import { crownsNote, fromBuildingNote } from '../../src/app/ui/fromBuildingNote';

describe('what the editor says of a building’s room opened in it', () => {
  const low = { floor_height_above_terrain: 3 };
  it('as the building has it: computed among the building’s own surfaces, as its row', () => {
    expect(fromBuildingNote(low, 'among')).toBe(
      'The engine computes this room among the building’s own surfaces, as its row in the Building view and the command line do (its windows, glass and surfaces as they are here).',
    );
    expect(fromBuildingNote({ floor_height_above_terrain: 10 }, 'among')).not.toBeNull();
  });

  it('reshaped here, answered by a server, or the mesh refused: from the windows’ angles, which can differ from its row', () => {
    expect(fromBuildingNote(low, 'reshaped')).toMatch(
      /^Its outline, height or skylights changed here, the room is computed from each window’s obstruction angles .* until it is kept in the building; its figures can differ from its row/,
    );
    expect(fromBuildingNote(low, 'server')).toMatch(
      /^On the Lux server the engine reads each window’s obstruction angles from the building; its figures can differ/,
    );
    expect(fromBuildingNote(low, 'refused')).toMatch(
      /^The engine could not take the building’s surroundings \(the Building panel says why\): the room is computed from each window’s obstruction angles/,
    );
  });

  it('nothing of it above the API’s 10 m, where both read the angles', () => {
    expect(fromBuildingNote({ floor_height_above_terrain: 14 }, 'among')).toBeNull();
  });

  it('says the trees stand as crowns, which the engine computes here as in the row', () => {
    expect(crownsNote(0.2)).toBe(
      'Its trees stand as crowns that let 20 % of the light through (the building’s Trees and planting), here as in its row: the engine computes the room (the model, which reads obstruction angles, cannot see them).',
    );
  });
});
