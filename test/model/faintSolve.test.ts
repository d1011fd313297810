import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseModelCard } from '../../src/core/model/card';
import { FRAME_CELLS } from '../../src/core/model/features';
import { calibratedMap, termScales, type RoomTermsLattice } from '../../src/core/model/roomTerms';
import { SHIPPED_CARD_PATH } from '../helpers/paths';
import { withoutSolve } from '../helpers/withoutSolve';

/**
 * A card's faintSolve 'follow' (docs/model.md, "Faint solve"): a room term the solve finds faint (≤ 10⁻³ % DF
 * over its lattice) where the network's is above that follows the solve down, to at most a quarter; any other
 * pair is read as before.
 */
const lattice = (means: [number, number, number]): RoomTermsLattice => ({
  pixels: Int32Array.from([0, 1, 2, 3]),
  means: Float64Array.from(means),
});
/** The network's five terms (TERMS order), each at one level over the whole frame. */
const terms = (levels: number[]): Float32Array => {
  const t = new Float32Array(5 * FRAME_CELLS);
  levels.forEach((v, j) => t.fill(v, j * FRAME_CELLS, (j + 1) * FRAME_CELLS));
  return t;
};

describe('faintSolve', () => {
  // The darkest rooms' pattern: almost no sky through the glass, the network's light from it 3× the engine's.
  const net = terms([0.002, 0.012, 0.0021, 0.0028, 0.0036]);
  const solved = lattice([0.0002, 0.0009, 0.003]);

  it('follows the solve down where it finds a room term faint and the network does not', () => {
    expect(termScales(net, solved)).toEqual([1, 1, 1, 1, expect.closeTo(0.003 / 0.0036, 5)]);
    const f = termScales(net, solved, { faintSolve: 'follow' });
    expect(f[2]).toBe(0.25); // 0.0002 / 0.0021 < a quarter: the bound
    expect(f[3]).toBeCloseTo(0.0009 / 0.0028, 5);
    expect(f[4]).toBeCloseTo(0.003 / 0.0036, 5); // above faint: as before
    expect([f[0], f[1]]).toEqual([1, 1]); // sky and exterior are not room terms
  });

  it('leaves a pair that is faint on both sides, and every pair above faint, as they were', () => {
    const faint = terms([0.002, 0.01, 0.0008, 0.0005, 0.004]);
    expect(termScales(faint, solved, { faintSolve: 'follow' })).toEqual(termScales(faint, solved));
    const lit = lattice([0.02, 0.03, 0.05]);
    const bright = terms([0.5, 0.2, 0.03, 0.04, 0.06]);
    expect(termScales(bright, lit, { faintSolve: 'follow' })).toEqual(termScales(bright, lit));
  });

  it('lowers the map by what the faint terms lose', () => {
    const before = calibratedMap(net, solved);
    const after = calibratedMap(net, solved, { faintSolve: 'follow' });
    const lost = 0.0021 * 0.75 + 0.0028 * (1 - 0.0009 / 0.0028);
    expect(before[0]! - after[0]!).toBeCloseTo(lost, 6);
  });

  it('with dark-exterior, gives the solve’s exterior level to a window that admits no sky, and no other', () => {
    // reflectance-ends #95037's kind: no sky through the glass, the network's exterior light 28 % low.
    const noSky = terms([0, 0.0081, 0.0001, 0.0016, 0.002]);
    const traced: RoomTermsLattice = { ...lattice([0.0002, 0.0005, 0.0006]), sky: 0.0012, exterior: 0.0107 };
    const f = termScales(noSky, traced, { faintSolve: 'follow-dark-exterior', exteriorGuard: 1 });
    expect(f[1]).toBeCloseTo(0.0107 / 0.0081, 5);
    expect(termScales(noSky, traced, { faintSolve: 'follow', exteriorGuard: 1 })[1]).toBe(1); // within the guard
    // The room terms as 'follow' has them.
    expect(f.slice(2)).toEqual(
      termScales(noSky, traced, { faintSolve: 'follow', exteriorGuard: 1 }).slice(2),
    );
    // A window with sky through it keeps the guard's reading.
    const withSky = terms([0.01, 0.0081, 0.0021, 0.0028, 0.0036]);
    expect(termScales(withSky, traced, { faintSolve: 'follow-dark-exterior', exteriorGuard: 1 })[1]).toBe(1);
  });

  it('is named by a card with a room-terms solve only', () => {
    const card = JSON.parse(readFileSync(SHIPPED_CARD_PATH, 'utf8'));
    expect(parseModelCard({ ...card, faintSolve: 'follow' }).faintSolve).toBe('follow');
    expect(parseModelCard({ ...card, faintSolve: 'follow-dark-exterior' }).faintSolve).toBe(
      'follow-dark-exterior',
    );
    expect(() => parseModelCard({ ...card, faintSolve: 'always' })).toThrow();
    expect(() => parseModelCard({ ...withoutSolve(card), faintSolve: 'follow' })).toThrow(/needs roomTerms/);
  });
});
