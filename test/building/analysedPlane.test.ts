import { describe, expect, it } from 'vitest';
import type { RoomAnswer } from '../../src/core/api/roomAnswer';
import {
  buildingApartments,
  buildingReport,
  roomResults,
  roomsJson,
  type AnalysedBuilding,
} from '../../src/core/building/files';
import { analyseBuilding } from '../../src/core/building/analyse';
import { nextOutcome, requestOutline, requestSummary } from '../../src/core/building/outcome';
import type { IfcRoom } from '../../src/core/ifc/building';
import { roomRequest } from '../../src/core/ifc/roomRequest';
import { roomsCsv } from '../../src/core/report/roomsTable';
import { leftOutCells, shareWithArea } from '../../src/core/stats/analysedPlane';
import {
  DEFAULT_COMPLIANCE,
  siteThresholds,
  summarise,
  type MapSummary,
} from '../../src/core/stats/verdicts';

/**
 * The worked example of docs/ifc.md: a 6 × 5 m attic whose eaves leave 2.4 m² of its floor under a ceiling
 * lower than the work plane. The engine analyses the other 27.6 m² (2 760 cells), 9.36 m² of them (936
 * cells) at DF ≥ 1 %: 33.9 % of the analysed plane. Before, its m² were that share of the whole floor,
 * "33.9 % · 10.17 of 30.00 m²", though no more than 9.36 m² were lit.
 */
const ROWS = 50,
  COLS = 60;
function attic(leftOut: boolean): RoomAnswer {
  const df = new Float32Array(ROWS * COLS);
  const mask = new Uint8Array(ROWS * COLS);
  let lit = 0;
  for (let r = 0; r < ROWS; r++)
    for (let c = 0; c < COLS; c++) {
      // The eaves: two rows along each 6 m side (0.2 m) where the ceiling is below the work plane.
      if (leftOut && (r < 2 || r >= ROWS - 2)) continue;
      mask[r * COLS + c] = 1;
      df[r * COLS + c] = lit++ < 936 ? 2 : 0.5;
    }
  return {
    rows: ROWS,
    cols: COLS,
    df,
    mask,
    origin: { x: 0, y: 5 },
    resolution: 0.1,
    modelType: 'df_default',
    windows: {},
    warnings: [],
    method: { kind: 'engine', quality: 'standard', seed: 1, ambientBounces: null },
  };
}

const room: IfcRoom = {
  ifcId: 1,
  number: 'D1',
  name: 'Attic',
  storey: 'Roof',
  zones: ['Flat A'],
  area: 30,
  floor_height_above_terrain: 3,
  height_roof_over_floor: 2.6,
  room_polygon: [
    [0, 0],
    [6, 0],
    [6, 5],
    [0, 5],
  ],
  windows: [],
  skylights: [],
  ceiling_planes: [
    [0, 0.9, 3.6],
    [0, -0.9, 8.1],
  ],
  problem: null,
  notes: [],
};

/** The attic's `/run` body, as the command line, the app and a server's job send it. */
const request = roomRequest(room, null);
const STANDARD = { method: 'engine', quality: 'standard' } as const;

function analysed(answer: RoomAnswer): AnalysedBuilding {
  return {
    file: 'attic.ifc',
    building: {
      schema: 'IFC4',
      north: 0,
      northFromFile: false,
      northFrom: null,
      notes: [],
      terrainZ: 0,
      origin: [0, 0],
      storeys: ['Roof'],
      rooms: [room],
      unplaced: [],
      opaqueDoors: 0,
    },
    triangles: 0,
    contexts: [],
    requests: [request],
    // As the building's workflow judges an answer: for the room's request (core/building/outcome.ts).
    outcomes: [nextOutcome(null, { ok: true, answer }, STANDARD, DEFAULT_COMPLIANCE, request)],
    passes: [STANDARD],
    stamp: '2026-12-07',
  };
}

describe('a room under a low sloped ceiling: shares and m² of the one analysed plane', () => {
  it('counts the outline’s cells the map left out, and states the lit cells’ area of the analysed plane', () => {
    const answer = attic(true);
    expect(leftOutCells(answer, room.room_polygon)).toBe(240);
    const s = summarise(answer, DEFAULT_COMPLIANCE, { floorArea: 30, leftOut: 240 });
    expect(s.stats.count).toBe(2760);
    expect([s.floor, s.analysed]).toEqual([30, 27.6]);
    expect(shareWithArea(s.stats.area_above['1']!, s)).toBe('33.9 % · 9.36 of 27.60 m²');
  });

  it('gives the room page, the report’s table, rooms.json and the apartment the same plane', () => {
    const b = analysed(attic(true));
    const [r] = roomResults(b, true);
    expect([r!.summary!.floor, r!.summary!.analysed]).toEqual([30, 27.6]);
    // The page: the floor, the analysed plane, and the lit cells' area of it.
    expect(r!.sheet).toContain('9.36 of 27.60 m²');
    expect(r!.sheet).not.toContain('10.17');
    expect(r!.sheet).toMatch(/data-stat="analysed"[^>]*>27\.60 m²/);
    expect(buildingReport(b)).toContain('33.9 % of 27.60 m² analysed');
    // The apartment sums the lit cells' area over the analysed planes, as the share was computed.
    const [flat] = buildingApartments(b);
    expect(flat!.area).toBeCloseTo(27.6, 9);
    expect(flat!.compliant).toBeCloseTo(9.36, 9);
    expect(flat!.share).toBeCloseTo(33.913, 3);
    const row = JSON.parse(roomsJson(b)).rooms[0];
    expect(row.analysed_m2).toBe(27.6);
    // rooms.csv says it too, in its last column (before 2026-12-07 it had none: share_df_1 × area_m2 read
    // 10.17 m² lit). The columns before it stay where clients reading by position find them.
    const [head, line] = roomsCsv(roomResults(b, false)).trim().split('\n');
    expect(head!.split(',').slice(-2)).toEqual(['problem', 'analysed_m2']);
    expect(line!.split(',').at(-1)).toBe('27.6');
  });

  it('leaves a room analysed over its whole floor as it was (the model’s preview of the attic, a flat room)', () => {
    const b = analysed(attic(false));
    expect(leftOutCells(b.outcomes[0]!.answer!, room.room_polygon)).toBe(0);
    const [r] = roomResults(b, true);
    expect([r!.summary!.floor, r!.summary!.analysed]).toEqual([30, 30]);
    expect(r!.sheet).toContain('31.2 % · 9.36 of 30.00 m²');
    expect(r!.sheet).not.toContain('data-stat="analysed"');
    expect(buildingReport(b)).not.toContain('analysed</td>');
    expect(JSON.parse(roomsJson(b)).rooms[0].analysed_m2).toBe(30);
  });

  it('says in its BFS 2024:8 verdict line what the share is of, on every face', () => {
    // Before 2026-12-07 the line read "33.9 % of the floor" under results "… of 27.60 m²" (the analysed
    // plane): the editor's panel and report page (summarise with the cells left out), the building's page
    // (summarised without the outline; the files replaced "of the floor" in its line once they knew it).
    const line = 'DF ≥ 1 % on 33.9 % of the analysed 27.60 m² (needs 50 %)';
    const s = summarise(attic(true), DEFAULT_COMPLIANCE, { floorArea: 30, leftOut: 240 });
    expect(s.verdicts.find((v) => v.id === 'bfs')!.detail).toBe(line);
    const [r] = roomResults(analysed(attic(true)), true);
    expect(r!.summary!.verdicts.find((v) => v.id === 'bfs')!.detail).toBe(line);
    // The page sets it in two lines (the column's width), read here as one.
    const words = (svg: string | null) => [...svg!.matchAll(/>([^<>]*)<\/text>/g)].map((m) => m[1]).join(' ');
    expect(words(r!.sheet)).toContain(line);
    // The whole floor analysed: the floor, as before.
    const [flat] = roomResults(analysed(attic(false)), true);
    expect(flat!.sheet).toContain('>DF ≥ 1 % on 31.2 % of the floor (needs 50 %)</text>');
  });

  it('is judged on the room’s floor where its map is, so its row, its files and its re-judging agree', async () => {
    // Before 2026-12-07 the building's workflow summarised a map without the room's outline: the room's
    // outcome (its row in the app, its verdicts) said "of the floor" on a floor of 27.60 m², and the files
    // rewrote the line by replacing those words, a fix that did nothing to a line worded otherwise.
    const bfs = (s: MapSummary | null | undefined) => s!.verdicts.find((v) => v.id === 'bfs')!.detail;
    const line = 'DF ≥ 1 % on 33.9 % of the analysed 27.60 m² (needs 50 %)';
    const [o] = await analyseBuilding([request], {
      passes: [STANDARD],
      run: async () => ({ ok: true, answer: attic(true) }),
    });
    expect([o!.summary!.floor, o!.summary!.analysed]).toEqual([30, 27.6]);
    expect(bfs(o!.summary)).toBe(line);
    // The files read the outcome's summary as it is: nothing rewrites its line.
    expect(roomResults(analysed(attic(true)), false)[0]!.summary).toEqual(o!.summary);
    // The site's EN 17037 factors judge the map again (the app's Building panel): on the same basis.
    const site = requestSummary(attic(true), siteThresholds({ target: 1.8, minimum: 0.6 }), request);
    expect([site.floor, site.analysed, bfs(site)]).toEqual([30, 27.6, line]);
    // With other thresholds, a line in other words and figures still states its basis.
    const strict = requestSummary(attic(true), { ...DEFAULT_COMPLIANCE, bfsDf: 0.5, bfsShare: 90 }, request);
    expect(bfs(strict)).toBe('DF ≥ 0.5 % on 100.0 % of the analysed 27.60 m² (needs 90 %)');
  });

  it('takes the floor from the request’s outline, and the map’s cells where a body has none', () => {
    expect(requestOutline(request)).toEqual(room.room_polygon);
    for (const bad of [
      null,
      {},
      { parameters: {} },
      {
        parameters: {
          room_polygon: [
            [0, 0],
            [1, 0],
          ],
        },
      },
    ])
      expect(requestOutline(bad)).toBeNull();
    expect(
      requestOutline({
        parameters: {
          room_polygon: [
            [0, 0],
            [1, 0],
            ['1', 1],
          ],
        },
      }),
    ).toBeNull();
    // No outline: the analysed cells are the floor, as a map alone says (2 760 cells of 0.01 m²).
    const s = requestSummary(attic(true), DEFAULT_COMPLIANCE, {});
    expect([s.floor, s.analysed]).toEqual([27.6, 27.6]);
    expect(s.verdicts[0]!.detail).toBe('DF ≥ 1 % on 33.9 % of the floor (needs 50 %)');
  });
});
