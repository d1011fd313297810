import type { RoomOutcome } from '../../../core/building/outcome';

/**
 * A building's rooms hold the year of one weather file at a time: the one its year was last started with,
 * which the list, the CSV and the report name (store.ts `yearWeather`). A year started with another file
 * first takes every room's year of the file before away, so that one stopped part way leaves rooms with
 * the new file's year or with none, never the old one's under the new file's name (before 2026-12-07 a
 * year of Chicago stopped, then one of Stockholm stopped, gave a report naming Stockholm whose table held
 * Chicago's sDA for the rooms Stockholm's had not reached). The same file started again keeps them: each is
 * replaced as its room is done.
 *
 * `named`: the SHA-256 of the file the rooms' years are of now (null: none named); `next`: the file's the
 * year is started with.
 */
export function outcomesForYear(
  outcomes: readonly (RoomOutcome | null)[],
  named: string | null,
  next: string,
): (RoomOutcome | null)[] {
  if (named === next) return [...outcomes];
  return outcomes.map((o) => {
    if (!o?.climate) return o;
    const { climate: _, ...rest } = o;
    return rest;
  });
}
