import { describe, expect, it } from 'vitest';
import { windowFluxes } from '../../src/core/engine/windowFlux';
import { streetRoom } from '../../src/evaluation/ownSideProbe';

/**
 * Issue 15's first question: do the model's inputs see the room's own side of a street? The street walls
 * beside the room are behind the window's 64-direction fan, so the angles cannot; the window flux (light
 * from the exterior surfaces the window sees) must, because the facade across the street then sees less sky.
 */
describe('the window-flux inputs in a street', () => {
  it('fall when the own side of the street is built up, while the sky seen stays the same', () => {
    const bare = windowFluxes(streetRoom(10, 20, 'bare'))[0]!;
    const beside = windowFluxes(streetRoom(10, 20, 'beside'))[0]!;
    expect(beside.skyDown).toBeCloseTo(bare.skyDown, 6);
    expect(beside.surfaceDown / bare.surfaceDown).toBeLessThan(0.7);
    expect(beside.up / bare.up).toBeLessThan(0.7);
    const above = windowFluxes(streetRoom(10, 20, 'above'))[0]!;
    expect(above.surfaceDown).toBeLessThan(bare.surfaceDown);
  });
});
