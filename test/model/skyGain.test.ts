import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exactSkyNearWall } from '../../src/core/model/skyGain';
import { FRAME_CELLS } from '../../src/core/model/features';
import { frame4Inputs, NEAR_WALL_CELLS } from '../../src/core/model/frame4';
import { parseModelCard } from '../../src/core/model/card';
import { predictWindows } from '../../src/core/model/predict';
import { windowAngles } from '../../src/core/api/windowAngles';
import { streetRoom } from '../../src/evaluation/ownSideProbe';
import { loadModel } from '../../src/service/model/runtime';
import { SHIPPED_CARD_PATH } from '../helpers/paths';

/**
 * The card's skyTerm 'exact-near-wall' (docs/model.md "The exact sky beside the wall, substituted after the
 * network"): the network's sky term, its gain times the sky it was given, made its gain times the exact sky
 * at the cells beside the wall that lux-frame-7 fills from its lattice.
 */
describe('the exact sky beside the wall', () => {
  it('makes a cell’s term its gain times the exact sky, a cell given nothing the gain of its neighbour into the room', () => {
    const sky = new Float32Array(FRAME_CELLS),
      given = new Float32Array(FRAME_CELLS);
    const row = 10 * 128;
    // Column 100: the wall's line (given 0, exact 0.8); 99: filled 2.9 where the exact term is 7.4, gain 1.1;
    // 50: a lone cell without any gain in reach.
    given[row + 99] = 2.9;
    sky[row + 99] = 1.1 * 2.9;
    exactSkyNearWall(sky, given, {
      pixels: Int32Array.from([row + 100, row + 99, row + 50]),
      exact: Float32Array.from([0.8, 7.4, 3]),
    });
    expect(sky[row + 99]).toBeCloseTo(1.1 * 7.4, 5);
    expect(sky[row + 100]).toBeCloseTo(1.1 * 0.8, 5);
    expect(sky[row + 50]).toBeCloseTo(3, 5);
    // Nothing else moves.
    expect(sky.reduce((n, v) => n + (v !== 0 ? 1 : 0), 0)).toBe(3);
  });

  it('is named by a card with the per-term output and a filled sky channel', () => {
    // The shipped card's own inputs (lux-frame-8 and later) compute the sky beside the wall already: a
    // lux-frame-7 card (4.1.0's) is what the option is for.
    const card = { ...JSON.parse(readFileSync(SHIPPED_CARD_PATH, 'utf8')), preprocessing: 'lux-frame-7' };
    expect(parseModelCard({ ...card, skyTerm: 'exact-near-wall' }).skyTerm).toBe('exact-near-wall');
    expect(() =>
      parseModelCard({ ...card, skyTerm: 'exact-near-wall', preprocessing: 'lux-frame-8' }),
    ).toThrow(/reads a sky channel filled from its lattice/);
    const noTerms = {
      ...card,
      roomTerms: undefined,
      exteriorGuard: undefined,
      beyondFrame: undefined, // it reads the room-terms solve too, as roomTermScaleMax bounds its scaling
      roomTermScaleMax: undefined,
      outputs: card.outputs.filter((o: { name: string }) => o.name !== 'terms'),
    };
    expect(() => parseModelCard({ ...noTerms, skyTerm: 'exact-near-wall' })).toThrow(
      /needs the per-term output/,
    );
  });

  it('changes a lux-frame-7 map only beside the wall, where it reads the steep rise of a deep street', async () => {
    // The shipped network fed lux-frame-7's inputs, the sky beside the wall filled from its lattice (the
    // option's case; the network itself reads lux-frame-10's).
    const loaded = await loadModel(SHIPPED_CARD_PATH);
    const shipped = { ...loaded, card: { ...loaded.card, preprocessing: 'lux-frame-7' as const } };
    const exact = { ...shipped, card: { ...shipped.card, skyTerm: 'exact-near-wall' as const } };
    const req = streetRoom(10, 20, 'bare');
    const angles = windowAngles(req, req.mesh);
    const [before] = await predictWindows(req, angles, shipped);
    const [after] = await predictWindows(req, angles, exact);
    const [frame] = frame4Inputs({ ...req, mesh: req.mesh ?? null }, angles, 'lux-frame-7');
    const wallCol = frame!.frame.wallCol;
    let changed = 0,
      nearBefore = 0,
      nearAfter = 0;
    for (const px of frame!.frame.pixels) {
      const c = px & 127;
      const near = c >= wallCol - NEAR_WALL_CELLS && c <= wallCol + 1;
      if (!near) expect(after!.df[px], `pixel ${px}`).toBe(before!.df[px]);
      else {
        if (after!.df[px] !== before!.df[px]) changed++;
        nearBefore += before!.df[px]!;
        nearAfter += after!.df[px]!;
      }
    }
    expect(changed).toBeGreaterThan(20);
    // The filled cells read the rise low: made exact, the band holds more light (the engine's 2.84 and 4.22 %
    // DF at 0.05 and 0.15 m from the wall, where 4.1.0 read 1.63 and 3.52: docs/model.md "lux-frame-8").
    expect(nearAfter).toBeGreaterThan(1.1 * nearBefore);
  }, 60_000);
});
