import { describe, expect, it } from 'vitest';
import { apartmentTotal, groupRooms } from '../../src/core/stats/apartments';
import { roundedDown } from '../../src/core/stats/shareText';

describe('BFS 2024:8 for a dwelling', () => {
  it('adds the compliant areas of its analysed rooms and compares them with their total', () => {
    const t = apartmentTotal('Flat A', [
      { number: 'A102', name: 'Living', area: 27.7, compliant: 27.7 },
      { number: 'A103', name: 'Kitchen', area: 13, compliant: 3.3 },
      { number: 'A104', name: 'Bath', area: null, compliant: null },
    ]);
    expect(t.rooms).toEqual(['A102', 'A103']);
    expect(t.notCounted).toEqual(['A104']);
    expect(t.area).toBeCloseTo(40.7, 9);
    expect(t.compliant).toBeCloseTo(31, 9);
    expect(t.share).toBeCloseTo((100 * 31) / 40.7, 9);
    expect(t.pass).toBe(true);
    // A dark kitchen does not pass alone, however well the living room does elsewhere.
    expect(apartmentTotal('K', [{ number: 'A103', name: 'Kitchen', area: 13, compliant: 3.3 }]).pass).toBe(
      false,
    );
    // Exactly half passes; nothing analysed does not.
    expect(apartmentTotal('H', [{ number: '1', name: '', area: 10, compliant: 5 }]).pass).toBe(true);
    expect(apartmentTotal('E', [{ number: '1', name: '', area: null, compliant: null }]).pass).toBe(false);
  });

  it('does not judge a dwelling while one of its rooms with windows was not analysed', () => {
    // A bright living room and a 20 m² bedroom with a window whose computation failed: summing the living
    // room alone read 60 % → pass, though the dwelling's share may be far under half.
    const t = apartmentTotal('Flat A', [
      { number: 'A1', name: 'Living', area: 20, compliant: 12, lit: true },
      { number: 'A2', name: 'Bedroom', area: null, compliant: null, lit: true },
      { number: 'A3', name: 'Bath', area: null, compliant: null, lit: false },
    ]);
    expect(t.notCounted).toEqual(['A2', 'A3']);
    expect(t.unjudged).toEqual(['A2']);
    expect(t.share).toBe(60);
    expect(t.pass).toBe(false);
    // Without windows it is not a room for daily living: left out, the dwelling judged.
    expect(
      apartmentTotal('Flat B', [
        { number: 'B1', name: 'Living', area: 20, compliant: 12, lit: true },
        { number: 'B2', name: 'Bath', area: null, compliant: null, lit: false },
      ]).pass,
    ).toBe(true);
  });

  it('passes a dwelling at exactly the share it needs, as its share reads, float noise or not', () => {
    // Two rooms each at 50 %: (2.5 + 3.105) / 11.21 × 100 computes to 49.99999999999999, shown "50.0 %".
    const t = apartmentTotal('Flat C', [
      { number: 'C1', name: 'Living', area: 5, compliant: (5 * 50) / 100, lit: true },
      { number: 'C2', name: 'Bedroom', area: 6.21, compliant: (6.21 * 50) / 100, lit: true },
    ]);
    expect(t.share).toBeLessThan(50);
    expect(roundedDown(t.share)).toBe('50.0');
    expect(t.pass).toBe(true);
  });

  it('groups rooms by the names given for each, a room in several groups counting in each', () => {
    const g = groupRooms(
      [
        { n: 'A1', zones: ['Flat A'] },
        { n: 'B1', zones: ['Flat B'] },
        { n: 'S', zones: ['Flat A', 'Fire zone 1'] },
        { n: 'X', zones: [] },
      ],
      (r) => r.zones,
    );
    expect([...g.keys()]).toEqual(['Flat A', 'Flat B', 'Fire zone 1']);
    expect(g.get('Flat A')!.map((r) => r.n)).toEqual(['A1', 'S']);
  });
});
