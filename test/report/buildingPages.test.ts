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

describe('the weather file of a building’s year', () => {
  it('is named in the inputs and over the year’s table: its file, source and station', () => {
    // Before 2026-12-07 the report named the weather's city and coordinates, never the file a signer
    // must name as the data (Stockholm has several: IWEC, SMHI's, a future-climate morph).
    const summary = {
      location: { city: 'Stockholm Arlanda', country: 'SWE', latitude: 59.65, longitude: 17.95 },
      da_mean: 60,
      sda: 70,
      sda_blinds: 50,
      ase: 4,
      udi: { low: 10, useful: 80, high: 10, autonomous: 40 },
      leed_points: 2,
      en17037: { reached: 'minimum', levels: [] },
      verdicts: [],
    } as unknown as NonNullable<RoomOutcome['climate']>['summary'];
    const b = building();
    const withYear: AnalysedBuilding = {
      ...b,
      outcomes: [{ ...b.outcomes[0]!, climate: { summary, map: answer } }],
      weather: { name: 'SWE_Stockholm.Arlanda.024600_IWEC.epw', source: 'IWEC', wmo: '024600' },
    };
    const html = buildingReport(withYear);
    expect(html).toContain(
      '<dt>Weather file</dt><dd data-stat="weather-file">SWE_Stockholm.Arlanda.024600_IWEC.epw (IWEC, WMO 024600)</dd>',
    );
    expect(html).toContain(
      'Weather: the file SWE_Stockholm.Arlanda.024600_IWEC.epw (IWEC, WMO 024600), Stockholm Arlanda, SWE (59.65°, 17.95°).',
    );
    // No year, no weather file in the inputs.
    expect(buildingReport({ ...b, weather: withYear.weather! })).not.toContain('Weather file');
  });
});
