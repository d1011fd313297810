import { describe, expect, it } from 'vitest';
import { labelBaseline, roomLabelFit } from '../../src/app/ui/roomLabelFit';
import { labelPoint } from '../../src/core/report/storeyPlan';

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
// An L-shaped hall 4 × 3 m whose arms are `arm` m wide: its label point sits where the arms meet.
const hall = (arm: number): [number, number][] => [
  [0, 0],
  [4, 0],
  [4, arm],
  [arm, arm],
  [arm, 3],
  [0, 3],
];
// Where BuildingView.tsx draws a room's label: centred on its label point.
const fit = (polygon: [number, number][], k: number, number: string, second: string) =>
  roomLabelFit(polygon, labelPoint(polygon), PX_PER_M, k, number, second);

describe('a room’s label on the building’s plan, as much as its shape has room for', () => {
  it('at 1024 × 768 (2.85 units a pixel) a bathroom has no room for its label; the kitchen has for both lines', () => {
    // Before 2026-12-07 every label was drawn whole: B104's ran over A104's and B105's.
    expect(fit(bathroom, 2.85, 'B104', '–')).toBe('none');
    expect(fit(kitchen, 2.85, 'A103', '✗ 1.2 %')).toBe('full');
  });

  it('at 1440 × 900 (1.03 units a pixel) the bathroom’s label fits whole', () => {
    expect(fit(bathroom, 1.03, 'B104', '–')).toBe('full');
  });

  it('a shape tall enough for one line shows the number alone', () => {
    // Two lines stand 27.75 px high, and a pixel of air each side: 2.2 m is 88 units, 27.5 px at 3.2 units a pixel.
    expect(fit(kitchen, 3.2, 'A103', '✗ 1.2 %')).toBe('number');
  });

  it('an L-shaped room is measured in the arm its label sits in, not by its bounding box', () => {
    // The 4 × 3 m box holds "H101" over "✗ 1.2 %" at both scales; the 1.2 m arm, ~0.7 m each way from the
    // label point to the outer walls, holds it only at 1.03 units a pixel. At 2.85 the number alone, ~115
    // units wide, ran ~30 units past the wall, over the notch or the next room, before 2026-12-07.
    expect(fit(hall(1.2), 1.03, 'H101', '✗ 1.2 %')).toBe('full');
    expect(fit(hall(1.2), 2.85, 'H101', '✗ 1.2 %')).toBe('none');
    // A 1.5 m arm at 1.5 units a pixel holds the number (61 units wide in 66) but not the second line (71).
    expect(fit(hall(1.5), 1.5, 'H101', '✗ 1.2 %')).toBe('number');
  });

  it('sets the number’s baseline so that the lines shown stand centred on the label point', () => {
    // Number only: caps 9.75 px above the baseline, descenders 3.25 px below. Both lines: the second's
    // descenders 18 px below the number's baseline.
    expect(labelBaseline('number')).toBe(3.25);
    expect(labelBaseline('full')).toBe(-4.125);
  });
});
