import { describe, expect, it } from 'vitest';
import { materialsText } from '../../src/core/report/materialsText';
import { roomSheetSvg, type RoomSheet } from '../../src/core/report/roomSheet';
import { textWidth } from '../../src/core/report/textFit';
import { DEFAULT_REFLECTANCES } from '../../src/core/types';
import { DEFAULT_COMPLIANCE, summarise } from '../../src/core/stats/verdicts';

/** A 12 × 6 m room with forty 0.2 m windows 0.3 m apart along its south wall (a strip of narrow lights). */
function stripRoom(): RoomSheet {
  const rows = 60,
    cols = 120;
  const map = {
    rows,
    cols,
    df: Float32Array.from({ length: rows * cols }, (_, i) => 0.3 + (i % cols) / 20),
    mask: new Uint8Array(rows * cols).fill(1),
    origin: { x: 0, y: 6 },
    resolution: 0.1,
  };
  return {
    title: 'Strip-lit studio',
    outline: [
      [0, 0],
      [12, 0],
      [12, 6],
      [0, 6],
    ],
    windows: Array.from({ length: 40 }, (_, i) => ({
      id: `w${i + 1}`,
      a: [i * 0.3, 0] as [number, number],
      b: [i * 0.3 + 0.2, 0] as [number, number],
      sill: 0.9,
      head: 2.2,
      frame: 0.2,
      glass: 0.62,
      direction: 270,
    })),
    north: 0,
    floorAboveTerrain: 0,
    height: 2.6,
    materials: materialsText(DEFAULT_REFLECTANCES, false),
    surroundings: 'Open sky',
    map,
    summary: summarise(map, DEFAULT_COMPLIANCE),
    palette: 'viridis',
    scaleMax: 10,
    source: 'Lux engine (physics), standard quality',
    targets: DEFAULT_COMPLIANCE,
  };
}

describe('window names on the room sheet’s plan', () => {
  it('writes forty narrow windows’ names staggered, none over another, all on the plan', () => {
    const svg = roomSheetSvg(stripRoom());
    const names = [
      ...svg.matchAll(
        /<text x="([\d.]+)" y="([\d.]+)" font-size="12" text-anchor="middle" font-weight="600" fill="#1c7ed6">(w\d+)</g,
      ),
    ].map((m) => {
      const [x, y] = [+m[1]!, +m[2]!];
      const w = textWidth(m[3]!, 12, true);
      return { id: m[3]!, x0: x - w / 2, x1: x + w / 2, y0: y - 9, y1: y + 3 };
    });
    // At 0.3 m apart (~16 px) one row holds every other name; staggering holds them all.
    expect(names.length).toBe(40);
    for (const [i, a] of names.entries()) {
      // Inside the plan's box (x 32–692, y 96–616), clear of the legend and the right column.
      expect(a.x0 >= 32 && a.x1 <= 692 && a.y0 >= 96 && a.y1 <= 616, a.id).toBe(true);
      for (const b of names.slice(i + 1))
        expect(a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1, `${a.id} / ${b.id}`).toBe(false);
    }
  });

  it('haloes a skylight’s name, which stands on the map (blue on its dark end could not be read)', () => {
    const svg = roomSheetSvg({
      ...stripRoom(),
      skylights: [
        {
          id: 's1',
          polygon: [
            [1, 2],
            [2, 2],
            [2, 3],
            [1, 3],
          ],
          frame: 0.2,
          glass: 0.7,
        },
      ],
    });
    expect(svg).toMatch(/<text [^>]*paint-order="stroke" stroke="#fff"[^>]*>s1</);
  });
});
