import { describe, expect, it, vi } from 'vitest';
import type { RoomOutcome } from '../../src/core/building/outcome';
import { outcomesForYear, yearOutcome } from '../../src/app/compute/building/yearFile';

// The building's engine lanes, answered by the test: Chicago's year fails in every room, Stockholm's is
// computed (in the app they are Workers, which Node has not).
const engine = {
  climate: async (_job: number, body: { weather: string }) =>
    body.weather === 'Chicago'
      ? { ok: false, error: { type: 'internal_error', message: 'Chicago’s sky failed' } }
      : {
          ok: true,
          grids: {
            da: { df: { rows: 1, cols: 1, data: [50] }, mask: { data: [1] }, origin: [0, 0], resolution: 1 },
          },
          quality: 'draft',
          seed: 1,
          summary: { location: { city: body.weather } },
        },
};
const lanes = {
  size: 1,
  run: (f: (e: typeof engine, job: number) => unknown) => f(engine, -1),
  cancelAll: () => {},
};
vi.mock('../../src/app/compute/workers', () => ({
  engineLanes: Object.assign(() => lanes, { started: () => lanes }),
}));

const { useBuilding } = await import('../../src/app/compute/building/store');
const { useClimate } = await import('../../src/app/compute/climate');
const { runBuildingYear } = await import('../../src/app/compute/building/year');

const df: RoomOutcome = { answer: null, summary: null, error: null, method: 'engine', quality: 'standard' };
const dfFailed: RoomOutcome = { answer: null, summary: null, error: 'The room’s outline crosses itself' };

describe('a room’s error before a year is started (outcomesForYear)', () => {
  it('drops a year’s error, whatever the file, and keeps a daylight factor’s', () => {
    const yearFailed = yearOutcome({ ...df, error: 'Chicago’s sky failed' }, df);
    expect(yearFailed.yearError).toBe(true);
    // A year failing where the daylight factor had failed leaves the daylight factor's error, not the year's.
    expect(yearOutcome(dfFailed, dfFailed).yearError).toBeUndefined();
    const rooms = [yearFailed, dfFailed];
    expect(outcomesForYear(rooms, 'chicago-sha', 'stockholm-sha')).toEqual([df, dfFailed]);
    expect(outcomesForYear(rooms, 'chicago-sha', 'chicago-sha')).toEqual([df, dfFailed]);
  });
});

describe('a building’s year that failed, then one of another weather file', () => {
  it('shows no room the failed year’s error, and keeps the daylight factor’s', async () => {
    const request = { body: { model_type: 'df_default', parameters: {} } };
    useBuilding.setState({
      building: { north: 0, rooms: [] } as never,
      requests: [request, request],
      outcomes: [df, dfFailed],
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
    weather('Chicago');
    await runBuildingYear();
    expect(useBuilding.getState().outcomes.map((o) => o?.error)).toEqual([
      'Chicago’s sky failed',
      'The room’s outline crosses itself',
    ]);
    weather('Stockholm');
    const stockholm = runBuildingYear();
    // As it starts: Chicago's error is gone with Chicago's year (before, it stayed under Stockholm's name).
    expect(useBuilding.getState().outcomes.map((o) => o?.error)).toEqual([
      null,
      'The room’s outline crosses itself',
    ]);
    await stockholm;
    const s = useBuilding.getState();
    expect(s.outcomes.map((o) => o?.climate?.summary.location.city)).toEqual(['Stockholm', 'Stockholm']);
    expect(s.outcomes.map((o) => o?.error)).toEqual([null, 'The room’s outline crosses itself']);
  });
});
