import { describe, expect, it } from 'vitest';
import {
  captionInSentence,
  climateKeyOf,
  climateMap,
  climateOutdated,
  climateStatusText,
  utcOffsetText,
  type ClimateState,
} from '../../src/app/compute/climate';
import { defaultScene } from '../../src/app/scene/scene';

const weather = { digest: 'abc' } as ClimateState['weather'];
const room = defaultScene();
// A year computed for the default room: only its key and DA grid matter here.
const year = (key: string): ClimateState =>
  ({
    weather,
    metric: 'da',
    result: {
      key,
      grids: { da: { tag: 'da' }, daBlinds: {}, aseHours: {}, udiUseful: {} },
      summary: { da_lux: 300 },
      estimate: false,
    },
  }) as unknown as ClimateState;

describe('a year on the plan after an edit (climateOutdated, climateMap)', () => {
  const s = year(climateKeyOf(room, weather!));

  it('draws the year’s map while the room is the one it was computed for', () => {
    expect(climateOutdated(s, room)).toBe(false);
    expect(climateMap(s, room)).toMatchObject({ max: 100, grid: { tag: 'da' } });
  });

  it('gives the plan back to the daylight factor once the room changes, and the map again on undo', () => {
    const wider = { ...room, windows: [{ ...room.windows[0]!, width: 1 }] };
    expect(climateOutdated(s, wider)).toBe(true);
    expect(climateMap(s, wider)).toBeNull();
    // A name changes nothing the year depends on; north turns the sun in the plan (climate.plan_north).
    expect(climateOutdated(s, { ...room, name: 'Office' })).toBe(false);
    expect(climateOutdated(s, { ...room, north: 90 })).toBe(true);
    expect(climateOutdated(s, { ...room })).toBe(false);
  });

  it('keeps the year when the daylight factor’s bounce limit is set: a year counts every reflection', () => {
    // Before 2026-12-07 the key held the engine's bounce limit (Verify's "Limit the reflections"), which the
    // year's request never carries: ticking it marked the year outdated and took it off the plan and report.
    expect(climateOutdated(s, { ...room, ambientBounces: 7 })).toBe(false);
    expect(climateMap(s, { ...room, ambientBounces: 2 })).toMatchObject({ grid: { tag: 'da' } });
  });

  it('has nothing to mark without a year', () => {
    expect(climateOutdated({ result: null, weather }, room)).toBe(false);
  });
});

describe('a metric’s caption inside a sentence', () => {
  it('lower-cases a word, not an abbreviation', () => {
    expect(captionInSentence('Daylight autonomy DA300 (% of occupied hours)')).toBe(
      'daylight autonomy DA300 (% of occupied hours)',
    );
    expect(captionInSentence("DA300 with LM-83's blinds (% of occupied hours)")).toBe(
      "DA300 with LM-83's blinds (% of occupied hours)",
    );
  });
});

describe('the panel’s line about the year (climateStatusText)', () => {
  const of = (phase: ClimateState['phase'], estimate: boolean | null, error: string | null = null) => ({
    phase,
    progress: 0.3,
    error,
    result: estimate === null ? null : ({ estimate } as ClimateState['result']),
  });

  it('says a first estimate left by a cancel or an error is one, not the year', () => {
    // Before 2026-12-07 a cancel after the first estimate read "Stopped." beside the estimate's sDA and ASE.
    expect(climateStatusText(of('cancelled', true), false)).toBe(
      'Stopped. The figures below are a first estimate (every third cell and day), not the whole year.',
    );
    expect(climateStatusText(of('error', true, 'out of memory'), false)).toBe(
      'No result: out of memory. The figures below are a first estimate (every third cell and day), not the whole year.',
    );
    expect(climateStatusText(of('cancelled', false), false)).toBe('Stopped.');
    expect(climateStatusText(of('done', false), false)).toBe('');
    expect(climateStatusText(of('running', true), false)).toBe(
      'A first estimate (every third cell and day) is shown; computing the whole year… 30 %',
    );
  });

  it('says the figures are of the room before an edit whatever stopped the run', () => {
    // Before 2026-12-07 only a finished run said so: a cancelled one, or one refused (the last window
    // removed), showed the old room's figures as they were.
    const changed = 'The room has changed since this year was computed: run it again.';
    expect(climateStatusText(of('done', false), true)).toBe(changed);
    expect(climateStatusText(of('cancelled', false), true)).toBe(`Stopped. ${changed}`);
    expect(climateStatusText(of('error', false, 'no window'), true)).toBe(`No result: no window. ${changed}`);
    // A run for the room as it is now, the old room's estimate still on screen: not said to be this one's.
    expect(climateStatusText(of('running', true), true)).toBe(
      'Computing the year… 30 % (the figures below are of the room before your last edit)',
    );
  });
});

describe('a weather file’s time zone (utcOffsetText)', () => {
  it('writes half and quarter hours as minutes', () => {
    // Before 2026-12-07 the panel wrote the EPW's hours as they are: "UTC+5.5" for Mumbai, "UTC−3.5" for
    // St. John's.
    expect(utcOffsetText(5.5)).toBe('UTC+5:30');
    expect(utcOffsetText(-3.5)).toBe('UTC−3:30');
    expect(utcOffsetText(5.75)).toBe('UTC+5:45');
    expect(utcOffsetText(-6)).toBe('UTC−6');
    expect(utcOffsetText(0)).toBe('UTC+0');
  });
});
