import type { RoomOutcome } from '../../../core/building/outcome';
import type { WeatherFile } from '../../../core/report/weatherFile';
import type { BuildingOutcome } from './store';

/**
 * A building's rooms hold the year of one weather file at a time: the one its year was last started with,
 * which the list, the CSV and the report name (store.ts `yearWeather`). A year started with another file
 * first takes every room's year of the file before away, so that one stopped part way leaves rooms with
 * the new file's year or with none, never the old one's under the new file's name (before 2026-12-07 a
 * year of Chicago stopped, then one of Stockholm stopped, gave a report naming Stockholm whose table held
 * Chicago's sDA for the rooms Stockholm's had not reached). The same file started again keeps them: each is
 * replaced as its room is done.
 *
 * A room's year that failed leaves its error (core/building/outcome.ts `nextOutcome`): that error goes with
 * every year started, whatever its file, as a room reached again gets its own; a daylight factor's error
 * stays (before 2026-12-07 a room's Chicago error stayed under a report of Stockholm's year).
 *
 * `named`: the SHA-256 of the file the rooms' years are of now (null: none named); `next`: the file's the
 * year is started with.
 */
export function outcomesForYear(
  outcomes: readonly (BuildingOutcome | null)[],
  named: string | null,
  next: string,
): (BuildingOutcome | null)[] {
  return outcomes.map((o) => {
    if (!o) return o;
    const { yearError, climate, ...rest } = o;
    return {
      ...rest,
      ...(yearError ? { error: null } : {}),
      ...(climate && named === next ? { climate } : {}),
    };
  });
}

/**
 * A room's outcome of the year's pass (`before`: its outcome the year started from, with no year's error
 * left: outcomesForYear), its error marked as the year's where its daylight factor's passes left none.
 */
export function yearOutcome(
  outcome: RoomOutcome,
  before: BuildingOutcome | null | undefined,
): BuildingOutcome {
  return outcome.error && !before?.error ? { ...outcome, yearError: true } : outcome;
}

/**
 * The weather file the report names: the year's, while some room holds a year of it. A building made again
 * (trees, a frame ratio, a context file) has no room's year left, so its report names no file.
 */
export function namedYearFile(
  outcomes: readonly (RoomOutcome | null)[],
  year: { file: WeatherFile } | null,
): WeatherFile | null {
  return year && outcomes.some((o) => o?.climate) ? year.file : null;
}
