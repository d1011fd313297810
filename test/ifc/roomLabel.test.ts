import { describe, expect, it } from 'vitest';
import { ifcRoomLabel, ifcRoomTitle } from '../../src/core/ifc/building';

describe('a room from IFC as people read it (ifcRoomLabel)', () => {
  it('says its number and its name once', () => {
    expect(ifcRoomLabel({ number: 'B102', name: 'Living Room' })).toBe('B102 Living Room');
    // Revit's SampleHouse: the name is in IfcSpace.Name already.
    expect(ifcRoomLabel({ number: '1 - Living room', name: 'Living room' })).toBe('1 - Living room');
    expect(ifcRoomLabel({ number: '2 - bedroom', name: 'Bedroom ' })).toBe('2 - bedroom');
    expect(ifcRoomLabel({ number: 'Kitchen 3', name: 'Kitchen' })).toBe('Kitchen 3 Kitchen');
    expect(ifcRoomLabel({ number: '', name: 'Foyer' })).toBe('Foyer');
    expect(ifcRoomLabel({ number: '104', name: '' })).toBe('104');
    expect(ifcRoomLabel({ number: '7', name: '7 Galerie' })).toBe('7 Galerie');
    // Whole words: a number that merely ends or starts with the same characters keeps both.
    expect(ifcRoomLabel({ number: 'A1', name: '1' })).toBe('A1 1');
    expect(ifcRoomLabel({ number: '1', name: '12 Office' })).toBe('1 12 Office');
    // Its title adds the storey the file names.
    expect(ifcRoomTitle({ number: '1 - Living room', name: 'Living room', storey: 'Level 1' })).toBe(
      '1 - Living room · Level 1',
    );
    expect(ifcRoomTitle({ number: 'B102', name: 'Living Room', storey: '' })).toBe('B102 Living Room');
  });
});
