import { describe, expect, it } from 'vitest';
import type { IfcRoom } from '../../src/core/ifc/building';
import { glazingInput, surfacesInput } from '../../src/core/report/glazingInputs';

type Room = Parameters<typeof glazingInput>[0][number];

const window = (frame: number, frameFrom: string, glass?: number) =>
  ({
    window_frame_ratio: frame,
    frameFrom,
    ...(glass !== undefined ? { glass_transmittance: glass } : {}),
  }) as unknown as IfcRoom['windows'][number];
const skylight = { window_frame_ratio: 0.2, frameFrom: 'default' } as unknown as IfcRoom['skylights'][number];

/** The duplex's living room and hallway as read, and a bathroom without windows (not analysed). */
const rooms: Room[] = [
  { number: 'A102', problem: null, windows: [window(0.08, 'glass'), window(0.41, 'glass')], skylights: [] },
  { number: 'A201', problem: null, windows: [window(0.2, 'default')], skylights: [skylight] },
  { number: 'A104', problem: 'It has no window', windows: [window(0.9, 'lining', 0.3)], skylights: [] },
];

describe('the building report’s surfaces and glazing inputs', () => {
  it('states the glass and the frames of the analysed rooms’ openings, and where each frame came from', () => {
    expect(glazingInput(rooms)).toBe(
      "glass light transmittance 70 % (Lux's default: the file does not state it); frame 8–41 % of each opening " +
        "(from the glass in the file's geometry for 2, the default 20 % for 2, of 4 openings)",
    );
    // Glass set in the editor for one opening: its range, and how many.
    const clear: Room = { ...rooms[0]!, windows: [window(0.08, 'glass', 0.5), window(0.41, 'glass')] };
    expect(glazingInput([clear])).toBe(
      "glass light transmittance 50–70 % (set in Lux's editor for 1 of 2; 70 %, Lux's default, elsewhere); " +
        "frame 8–41 % of each opening (from the glass in the file's geometry for 2, of 2 openings)",
    );
  });

  it('states the reflectances: the defaults, and the rooms set otherwise', () => {
    expect(surfacesInput(rooms)).toBe(
      'ceiling 80 %, walls 70 %, floor 30 %, facades 30 %, ground 20 % (the defaults)',
    );
    const edited = { ...rooms[1]!, materials: {} as NonNullable<IfcRoom['materials']> };
    expect(surfacesInput([rooms[0]!, edited])).toBe(
      "ceiling 80 %, walls 70 %, floor 30 %, facades 30 %, ground 20 % (the defaults); set in Lux's editor " +
        "for A201 (each room's page gives its own)",
    );
  });
});
