import { roundedDown } from '../stats/shareText';
import type { IfcRoom } from '../ifc/building';
import { windowToFloor } from '../ifc/roomRequest';
import { apartmentTotal, groupRooms, type ApartmentTotal } from '../stats/apartments';
import type { RoomResult } from './buildingReport';

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

/** RFC 4180: fields with a comma, quote or line break are quoted, quotes doubled. */
export function roomsCsv(results: RoomResult[]): string {
  const cell = (v: string | number | null): string => {
    const t = v === null ? '' : String(v);
    return /[",\n\r]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
  };
  return (
    [
      CSV_COLUMNS.join(','),
      ...results.map((r) => CSV_COLUMNS.map((c) => cell(roomRow(r)[c])).join(',')),
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
      a.compliant.toFixed(2),
      roundedDown(a.share, 2),
      a.pass ? 'pass' : 'fail',
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
        const floor = r.summary?.floor ?? null;
        const share = r.summary?.stats.area_above['1'];
        return {
          number: r.room.number,
          name: r.room.name,
          area: floor,
          compliant: floor !== null && share !== undefined ? (floor * share) / 100 : null,
        };
      }),
    ),
  );
}
