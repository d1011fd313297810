import { describe, expect, it, vi } from 'vitest';
import type { RoomOutcome } from '../../src/core/building/outcome';
import { namedYearFile, outcomesForYear } from '../../src/app/compute/building/yearFile';

// The building's engine lanes, answered by the test room by room: a year stopped part way needs some rooms
// answered and the others not (in the app they are Workers, which Node has not).
const asked: { city: string; resolve: () => void }[] = [];
const engine = {
  climate: (_job: number, body: { weather: string }) =>
    new Promise((resolve) =>
      asked.push({
        city: body.weather,
        resolve: () =>
          resolve({
            ok: true,
            grids: {
              da: {
                df: { rows: 1, cols: 1, data: [50] },
                mask: { data: [1] },
                origin: [0, 0],
                resolution: 1,
              },
            },
            quality: 'draft',
            seed: 1,
            summary: { location: { city: body.weather } },
          }),
      }),
    ),
};
const lanes = {
  size: 2,
  run: (f: (e: typeof engine, job: number) => unknown) => f(engine, -1),
  cancelAll: () => {},
};
vi.mock('../../src/app/compute/workers', () => ({
  engineLanes: Object.assign(() => lanes, { started: () => lanes }),
}));

const { useBuilding } = await import('../../src/app/compute/building/store');
const { useClimate } = await import('../../src/app/compute/climate');
const { runBuildingYear } = await import('../../src/app/compute/building/year');
const { cancelBuilding } = await import('../../src/app/compute/building/run');

const year = (city: string): RoomOutcome => ({
  answer: null,
  summary: null,
  error: null,
  climate: { summary: { location: { city } } as never, map: null as never },
});
const df: RoomOutcome = { answer: null, summary: null, error: null, method: 'engine', quality: 'standard' };

describe('the rooms’ years before a year is started (outcomesForYear)', () => {
  it('drops every room’s year of another file, and keeps them for the same file', () => {
    const rooms = [year('Chicago'), df, null];
    expect(outcomesForYear(rooms, 'chicago-sha', 'stockholm-sha')).toEqual([
      { answer: null, summary: null, error: null },
      df,
      null,
    ]);
    expect(outcomesForYear(rooms, 'chicago-sha', 'chicago-sha')).toEqual(rooms);
    // Years no file is named for are of no known file: dropped too.
    expect(outcomesForYear(rooms, null, 'chicago-sha')[0]).not.toHaveProperty('climate');
  });
});

describe('the weather file the report names (namedYearFile)', () => {
  it('is the year’s while a room holds a year, none once the rooms were made again without one', () => {
    const file = { name: 'Chicago.epw', source: 'TMY3', wmo: '725300' };
    expect(namedYearFile([df, year('Chicago')], { file })).toEqual(file);
    // Trees, a frame ratio or a context file made the rooms again: every outcome went, with its year.
    expect(namedYearFile([null, null], { file })).toBeNull();
    expect(namedYearFile([df, df], { file })).toBeNull();
    expect(namedYearFile([year('Chicago')], null)).toBeNull();
  });
});

describe('a building’s year started again with another weather file and stopped', () => {
  it('leaves no room with the year of a file other than the one the report names', async () => {
    const request = { body: { model_type: 'df_default', parameters: {} } };
    useBuilding.setState({
      building: { north: 0, rooms: [] } as never,
      requests: [request, request],
      outcomes: [df, df],
      phase: 'done',
    });
    const weather = (city: string) =>
      useClimate.setState({
        weather: {
          name: `${city}.epw`,
          text: city,
          digest: `${city}-sha`,
          location: { city, source: 'TMY3', wmo: '1' } as never,
          months: [],
          notes: [],
        },
      });
    // Chicago's year: the first room done, then Cancel.
    weather('Chicago');
    const first = runBuildingYear();
    await vi.waitFor(() => expect(asked).toHaveLength(2));
    asked[0]!.resolve();
    await vi.waitFor(() => expect(useBuilding.getState().outcomes[0]?.climate).toBeDefined());
    cancelBuilding();
    asked[1]!.resolve();
    await first;
    // Stockholm's year: only the second room done, then Cancel.
    weather('Stockholm');
    const second = runBuildingYear();
    await vi.waitFor(() => expect(asked).toHaveLength(4));
    asked[3]!.resolve();
    await vi.waitFor(() => expect(useBuilding.getState().outcomes[1]?.climate).toBeDefined());
    cancelBuilding();
    asked[2]!.resolve();
    await second;

    const s = useBuilding.getState();
    // Before, the first room kept Chicago's year under a report naming Stockholm.epw.
    expect(s.outcomes.map((o) => o?.climate?.summary.location.city ?? null)).toEqual([null, 'Stockholm']);
    expect(s.yearWeather?.file).toEqual({ name: 'Stockholm.epw', source: 'TMY3', wmo: '1' });
    // Its daylight factor stays.
    expect(s.outcomes[0]).toMatchObject({ method: 'engine', quality: 'standard' });
  });
});
