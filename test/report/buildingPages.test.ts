import { describe, expect, it } from 'vitest';
import type { RoomAnswer } from '../../src/core/api/roomAnswer';
import { buildingReport, roomResults, roomsJson, type AnalysedBuilding } from '../../src/core/building/files';
import type { IfcRoom } from '../../src/core/ifc/building';
import type { RoomOutcome } from '../../src/core/building/outcome';
import {
  DEFAULT_COMPLIANCE,
  siteThresholds,
  summarise,
  type Thresholds,
} from '../../src/core/stats/verdicts';
import packageJson from '../../package.json' with { type: 'json' };

/**
 * A building's room pages and files say what a signer needs: on what EN 17037's targets rest (before
 * 2026-12-07 every room page read "as entered" whatever the Building panel or --en-target had set, the
 * defaults included) and which Lux produced the figures.
 */
const rows = 40,
  cols = 40;
const answer: RoomAnswer = {
  rows,
  cols,
  df: new Float32Array(rows * cols).fill(2.5),
  mask: new Uint8Array(rows * cols).fill(1),
  origin: { x: 0, y: 4 },
  resolution: 0.1,
  modelType: 'df_default',
  windows: {},
  warnings: [],
  method: { kind: 'engine', quality: 'standard', seed: 1, ambientBounces: null },
};

const room: IfcRoom = {
  ifcId: 1,
  number: 'B102',
  name: 'Living room',
  storey: 'Level 1',
  zones: [],
  area: 16,
  floor_height_above_terrain: 0,
  height_roof_over_floor: 2.6,
  room_polygon: [
    [0, 0],
    [4, 0],
    [4, 4],
    [0, 4],
  ],
  windows: [],
  skylights: [],
  ceiling_planes: null,
  problem: null,
  notes: [],
};

function building(thresholds?: Thresholds): AnalysedBuilding {
  const t = thresholds ?? DEFAULT_COMPLIANCE;
  return {
    file: 'house.ifc',
    building: {
      schema: 'IFC4',
      north: 0,
      northFromFile: false,
      northFrom: null,
      notes: [],
      terrainZ: 0,
      origin: [0, 0],
      storeys: ['Level 1'],
      rooms: [room],
      unplaced: [],
      opaqueDoors: 0,
    },
    triangles: 0,
    contexts: [],
    requests: [{}],
    outcomes: [{ answer, summary: summarise(answer, t), error: null, method: 'engine', quality: 'standard' }],
    passes: [{ method: 'engine', quality: 'standard' }],
    stamp: '2026-12-07',
    ...(thresholds ? { thresholds } : {}),
  };
}

/** The page's line on EN 17037's basis, its two lines joined. */
function basis(sheet: string | null): string {
  const lines = [...sheet!.matchAll(/<text ([^>]*)>([^<]*)<\/text>/g)];
  const at = lines.findIndex((m) => m[1]!.includes('data-stat="en-basis"'));
  return lines
    .slice(at, at + 2)
    .map((m) => m[2])
    .join(' ');
}

describe('a building’s room page', () => {
  it('states the site’s EN 17037 figures as the basis of its targets, as the Building panel set them', () => {
    // 1.8 % and 0.6 %: 300 lx and 100 lx at about 16.7 klx, a site darker than the defaults' 15 klx.
    const [r] = roomResults(building(siteThresholds({ target: 1.8, minimum: 0.6 })), true);
    expect(r!.sheet).toMatch(/data-verdict="en-target">✓/);
    expect(basis(r!.sheet)).toBe(
      'EN 17037 targets entered for the site: 300 and 100 lx at a median diffuse illuminance of 17 klx',
    );
    // Figures that stand for different illuminances are each stated.
    const [other] = roomResults(building(siteThresholds({ target: 2.5, minimum: 0.7 })), true);
    expect(basis(other!.sheet)).toBe(
      'EN 17037 targets entered for the site: 300 lx at 12.0 klx, 100 lx at 14.3 klx median diffuse illuminance',
    );
  });

  it('says the targets are the defaults, not the site’s, when none were set', () => {
    const [r] = roomResults(building(), true);
    expect(basis(r!.sheet)).toBe(
      'EN 17037 default targets (not set for the site): 300 and 100 lx at a median diffuse illuminance of 15 klx',
    );
  });
});

describe('which Lux produced a building’s figures', () => {
  it('is named on every room page, at the report’s head and in rooms.json', () => {
    const b = building();
    const v = packageJson.version;
    expect(roomResults(b, true)[0]!.sheet).toContain(
      `>Lux ${v} · daylight factor under the CIE overcast sky`,
    );
    const html = buildingReport(b);
    expect(html).toContain(`data-stat="computed">house.ifc · computed 2026-12-07 by Lux ${v}</p>`);
    expect(html).toContain(`<dt>Software</dt><dd data-stat="software">Lux ${v}</dd>`);
    expect(JSON.parse(roomsJson(b)).lux_version).toBe(v);
  });
});

/** A room's year in Stockholm, as a climate pass gives it. */
const year = {
  location: { city: 'Stockholm Arlanda', country: 'SWE', latitude: 59.65, longitude: 17.95 },
  da_lux: 300,
  da_mean: 60,
  sda: 70,
  sda_blinds: 50,
  ase: 4,
  udi: { low: 10, useful: 80, high: 10, autonomous: 40 },
  leed_points: 2,
  en17037: { reached: 'minimum', levels: [] },
  verdicts: [],
} as unknown as NonNullable<RoomOutcome['climate']>['summary'];

/** The building with that year in its room, of the IWEC file. */
function withYear(): AnalysedBuilding {
  const b = building();
  return {
    ...b,
    outcomes: [{ ...b.outcomes[0]!, climate: { summary: year, map: answer } }],
    weather: { name: 'SWE_Stockholm.Arlanda.024600_IWEC.epw', source: 'IWEC', wmo: '024600' },
  };
}

/** A page's text by its data-stat. */
const stat = (sheet: string | null, id: string): string | undefined =>
  new RegExp(`data-stat="${id}">([^<]*)<`).exec(sheet ?? '')?.[1];

describe('the room page of a building with a year', () => {
  it('carries the room’s year and names its weather file, as the report’s table does', () => {
    // Before 2026-12-07 a building's room pages left out the year the report's table gave (sDA, ASE,
    // LEED points): the page an architect hands on for a room had no LEED figures, the app's had them.
    const [r] = roomResults(withYear(), true);
    expect(r!.sheet).toContain('>A year in Stockholm Arlanda<');
    expect(stat(r!.sheet, 'sda')).toBe('50.0 % (blinds open 70.0 %)');
    expect(stat(r!.sheet, 'ase')).toBe('4.0 % · LEED v4.1 2 pt');
    expect(stat(r!.sheet, 'en17037-illuminance')).toBe('minimum');
    // Whole (two lines of the right column cut it after "(IWEC,"): under the legend, one line as wide as the plan.
    expect(stat(r!.sheet, 'weather-file')).toBe('SWE_Stockholm.Arlanda.024600_IWEC.epw (IWEC, WMO 024600)');
    // Without a year, none.
    expect(roomResults(building(), true)[0]!.sheet).not.toContain('A year in');
  });
});

describe('the weather file of a building’s year', () => {
  it('is named in the inputs and over the year’s table: its file, source and station', () => {
    // Before 2026-12-07 the report named the weather's city and coordinates, never the file a signer
    // must name as the data (Stockholm has several: IWEC, SMHI's, a future-climate morph).
    const b = building();
    const html = buildingReport(withYear());
    expect(html).toContain(
      '<dt>Weather file</dt><dd data-stat="weather-file">SWE_Stockholm.Arlanda.024600_IWEC.epw (IWEC, WMO 024600)</dd>',
    );
    expect(html).toContain(
      'Weather: the file SWE_Stockholm.Arlanda.024600_IWEC.epw (IWEC, WMO 024600), Stockholm Arlanda, SWE (59.65°, 17.95°).',
    );
    // No year, no weather file in the inputs.
    expect(buildingReport({ ...b, weather: withYear().weather! })).not.toContain('Weather file');
  });
});

describe('a building’s room table', () => {
  it('counts a room’s skylights with its windows', () => {
    // A hallway lit from above read "0" windows beside its window-to-floor ratio and its pass (before
    // 2026-12-07): a reviewer reads a room judged with no glazing at all.
    const b = building();
    const skylight = {
      id: 's1',
      polygon: [
        [1, 1],
        [2, 1],
        [2, 2],
        [1, 2],
      ],
      window_frame_ratio: 0.2,
      frameFrom: 'default',
    };
    const lit = { ...room, skylights: [skylight] } as unknown as IfcRoom;
    const html = buildingReport({ ...b, building: { ...b.building, rooms: [lit] } });
    expect([...html.matchAll(/data-stat="glazing">([^<]*)</g)].map((m) => m[1])).toEqual([
      '0 windows and 1 skylight',
    ]);
    expect(html).toContain('<th>Glazing</th>');
    // And the inputs say with what glass and frames it was computed (before: on the room pages only).
    expect(html).toContain(
      '<dt>Glazing</dt><dd data-stat="glazing-inputs">glass light transmittance 70 % (Lux\'s default: the file does not state it); frame 20 % of each opening (the default 20 % for 1, of 1 opening)</dd>',
    );
    expect(html).toContain(
      '<dt>Surfaces</dt><dd data-stat="surfaces">ceiling 80 %, walls 70 %, floor 30 %, facades 30 %, ground 20 % (the defaults)</dd>',
    );
  });
});

describe('a building’s year for LEED', () => {
  it('states the rooms’ area-weighted sDA and its points, as LEED counts them, beside the rows', () => {
    // LEED v4.1 gives points for the occupied floor's area-weighted sDA, not a room's: before 2026-12-07
    // the report gave each room's pass and left the sum, what LEED scores, to the reader.
    const b = withYear();
    const small = { ...answer, mask: new Uint8Array(rows * cols).map((_, i) => (i < 400 ? 1 : 0)) };
    const bright = { ...year, sda_blinds: 90 };
    const two: AnalysedBuilding = {
      ...b,
      building: { ...b.building, rooms: [room, { ...room, number: 'B103', area: 4 }] },
      requests: [{}, {}],
      outcomes: [
        b.outcomes[0]!,
        {
          ...b.outcomes[0]!,
          answer: small,
          summary: summarise(small, DEFAULT_COMPLIANCE),
          climate: { summary: bright, map: small },
        },
      ],
    };
    const html = buildingReport(two);
    // (50 % × 16 m² + 90 % × 4 m²) / 20 m² = 58 %: 2 points, and no third, as one room is under 55 %.
    expect(/data-stat="leed-total">([^<]*)</.exec(html)![1]).toBe(
      "LEED v4.1 (EQ Daylight, option 1) over these 2 rooms, 20.00 m²: sDA300/50% with blinds 58.0 % area-weighted, 2 points (needs 40 / 55 / 75 % for 1 / 2 / 3, one more where every room reaches 55 %). LEED counts the regularly occupied spaces only: which these are is the signer's to say (a hallway is not one).",
    );
    // Each room's verdict names its criterion.
    expect(html).toContain('<th>LEED sDA ≥ 40 %</th><th>LEED ASE ≤ 10 %</th>');
    expect(buildingReport(building())).not.toContain('leed-total');
  });
});

describe('the validation a building report states', () => {
  it('gives draft quality’s own figures when its maps are at draft', () => {
    // A draft report stated standard quality's "within 2.1 %" alone (before 2026-12-07).
    const b = building();
    const draft: AnalysedBuilding = {
      ...b,
      outcomes: [{ ...b.outcomes[0]!, quality: 'draft' }],
      passes: [{ method: 'engine', quality: 'draft' }],
    };
    const html = buildingReport(draft);
    expect(html).toContain('draft quality, every reflection counted');
    expect(html).toContain(
      'mean absolute error up to 0.096 DF points and room means within 3.2 %; compute at standard quality for a report handed in.',
    );
    expect(buildingReport(b)).not.toContain('0.096');
  });
});
