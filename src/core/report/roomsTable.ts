import { partOf, roundedDown } from '../stats/shareText';
import type { IfcRoom } from '../ifc/building';
import { windowToFloor } from '../ifc/roomRequest';
import { apartmentTotal, groupRooms, type ApartmentTotal } from '../stats/apartments';
import { analysedOf } from '../stats/analysedPlane';
import type { RoomResult } from './buildingReport';
import { proposalText } from './roomResult';

/**
 * The building's room table (issue 20): one row per IfcSpace, as rooms.csv and rooms.json give it and the
 * app's Building panel downloads it. The reason stands in `problem` where a room was not analysed.
 */
export const CSV_COLUMNS = [
  'storey',
  'number',
  'name',
  'area_m2',
  'windows',
  'window_to_floor',
  'mean_df',
  'share_df_1',
  'bfs_2024_8',
  'en17037_target',
  'en17037_minimum',
  'problem',
] as const;

export function roomRow(r: RoomResult): Record<(typeof CSV_COLUMNS)[number], string | number | null> {
  const s = r.summary;
  const v = (id: string): string | null => {
    const x = s?.verdicts.find((k) => k.id === id);
    return x ? (x.pass ? 'pass' : 'fail') : null;
  };
  const room: IfcRoom = r.room;
  return {
    storey: room.storey,
    number: room.number,
    name: room.name,
    area_m2: +room.area.toFixed(2),
    windows: room.windows.length,
    window_to_floor: +windowToFloor(room).toFixed(4),
    mean_df: s ? +s.stats.mean.toFixed(3) : null,
    share_df_1: s ? +roundedDown(s.stats.area_above['1']!, 2) : null,
    bfs_2024_8: v('bfs'),
    en17037_target: v('en-target'),
    en17037_minimum: v('en-minimum'),
    problem: room.problem ?? r.error,
  };
}

/** The climate-based columns, present when any room has a year of a weather file (issue 32). */
export const CLIMATE_COLUMNS = [
  'sda_300_50_blinds',
  'sda_300_50',
  'ase_1000_250',
  'da_300_mean',
  'udi_100_3000',
  'leed_v41_points',
  'en17037_illuminance',
] as const;

/** A room's climate-based figures for the table (all null without a year). */
export function climateRow(r: RoomResult): Record<(typeof CLIMATE_COLUMNS)[number], string | number | null> {
  const c = r.climate;
  return {
    sda_300_50_blinds: c ? +roundedDown(c.sda_blinds, 1) : null,
    sda_300_50: c ? +roundedDown(c.sda, 1) : null,
    // Rounded up, as its verdict: an ASE just over a limit never reads as under it.
    ase_1000_250: c ? Math.ceil(c.ase * 10) / 10 : null,
    da_300_mean: c ? +c.da_mean.toFixed(1) : null,
    udi_100_3000: c ? +c.udi.useful.toFixed(1) : null,
    leed_v41_points: c ? c.leed_points : null,
    en17037_illuminance: c ? (c.en17037.reached ?? 'none') : null,
  };
}

/**
 * The area a room's shares are of (m², rooms.csv and rooms.json): the floor, less the cells under a ceiling
 * too low for the work plane (stats/analysedPlane.ts); `share_df_1 × area_m2` overstates an attic's lit area.
 */
export const analysedM2 = (r: RoomResult): number | null =>
  r.summary ? +analysedOf(r.summary).toFixed(2) : null;

/** RFC 4180: fields with a comma, quote or line break are quoted, quotes doubled. */
export function roomsCsv(results: RoomResult[]): string {
  const cell = (v: string | number | null): string => {
    const t = v === null ? '' : String(v);
    return /[",\n\r]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
  };
  const climate = results.some((r) => r.climate);
  // `proposal`: what would make a failing room pass, when the search was asked for (issue 34).
  const proposals = results.some((r) => r.proposals);
  // `analysed_m2` last, after every column a client may read by position (added 2026-12-07).
  const columns: string[] = [
    ...CSV_COLUMNS,
    ...(climate ? CLIMATE_COLUMNS : []),
    ...(proposals ? ['proposal'] : []),
    'analysed_m2',
  ];
  return (
    [
      columns.join(','),
      ...results.map((r) => {
        const row: Record<string, string | number | null> = {
          ...roomRow(r),
          ...(climate ? climateRow(r) : {}),
          ...(proposals ? { proposal: proposalText(r.proposals) } : {}),
          analysed_m2: analysedM2(r),
        };
        return columns.map((c) => cell(row[c]!)).join(',');
      }),
    ].join('\n') + '\n'
  );
}

/** apartments.csv: one row per apartment (group), BFS 2024:8 at the dwelling's level. */
export function apartmentsCsv(list: ApartmentTotal[]): string {
  const cell = (v: string): string => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const head = 'apartment,rooms_counted,rooms_not_counted,area_m2,area_df_1_m2,share_df_1,bfs_2024_8';
  const rows = list.map((a) =>
    [
      cell(a.name),
      cell(a.rooms.join(' ')),
      cell(a.notCounted.join(' ')),
      a.area.toFixed(2),
      partOf(a.compliant, a.area),
      roundedDown(a.share, 2),
      a.unjudged.length > 0 ? 'not judged' : a.pass ? 'pass' : 'fail',
    ].join(','),
  );
  return [head, ...rows].join('\n') + '\n';
}

/** BFS 2024:8 per apartment: the user's groups (room numbers), else the file's IfcZones (none: none). */
export function apartmentsOf(results: RoomResult[], groups: Map<string, string[]> | null): ApartmentTotal[] {
  return apartmentsBy(
    results,
    groups
      ? (r) => [...groups].filter(([, numbers]) => numbers.includes(r.room.number)).map(([g]) => g)
      : (r) => r.room.zones,
  );
}

/** BFS 2024:8 per apartment, each room in the apartments `groupsOf` names for it (none: in none). */
export function apartmentsBy(
  results: RoomResult[],
  groupsOf: (r: RoomResult, i: number) => readonly string[],
): ApartmentTotal[] {
  const at = new Map(results.map((r, i) => [r, i]));
  const byGroup = groupRooms(results, (r) => groupsOf(r, at.get(r)!));
  return [...byGroup].map(([name, rooms]) =>
    apartmentTotal(
      name,
      rooms.map((r) => {
        // The room's analysed plane, which its share is of (the floor but under a low sloped ceiling).
        const plane = r.summary ? analysedOf(r.summary) : null;
        const share = r.summary?.stats.area_above['1'];
        return {
          number: r.room.number,
          name: r.room.name,
          area: plane,
          compliant: plane !== null && share !== undefined ? (plane * share) / 100 : null,
          lit: r.room.windows.length + r.room.skylights.length > 0,
        };
      }),
    ),
  );
}
