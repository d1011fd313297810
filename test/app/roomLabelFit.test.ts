import { describe, expect, it } from 'vitest';
import { roomLabelFit } from '../../src/app/ui/roomLabelFit';

// The building plan's scale (BuildingView.tsx) and two of the duplex's rooms as measured on it in Chromium.
const PX_PER_M = 40;
const rect = (w: number, h: number): [number, number][] => [
  [0, 0],
  [w, 0],
  [w, h],
  [0, h],
];
const bathroom = rect(1.43, 2.14); // B104
const kitchen = rect(5.78, 2.2); // A103

describe('a room’s label on the building’s plan, as much as its shape has room for', () => {
  it('at 1024 × 768 (2.85 units a pixel) a bathroom has no room for its label; the kitchen has for both lines', () => {
    // Before 2026-12-07 every label was drawn whole: B104's ran over A104's and B105's.
    expect(roomLabelFit(bathroom, PX_PER_M, 2.85, 'B104', '–')).toBe('none');
    expect(roomLabelFit(kitchen, PX_PER_M, 2.85, 'A103', '✗ 1.2 %')).toBe('full');
  });

  it('at 1440 × 900 (1.03 units a pixel) the bathroom’s label fits whole', () => {
    expect(roomLabelFit(bathroom, PX_PER_M, 1.03, 'B104', '–')).toBe('full');
  });

  it('a shape tall enough for one line shows the number alone', () => {
    // Two lines take 28 px: 2.2 m is 88 units, 27.5 px at 3.2 units a pixel.
    expect(roomLabelFit(kitchen, PX_PER_M, 3.2, 'A103', '✗ 1.2 %')).toBe('number');
  });
});
