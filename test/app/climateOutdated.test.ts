import { describe, expect, it, vi } from 'vitest';
import {
  climateKeyOf,
  climateMap,
  climateOutdated,
  climateRunOutdated,
  type ClimateState,
} from '../../src/app/compute/climate';
import {
  captionInSentence,
  climatePercent,
  climateStatusText,
  utcOffsetText,
} from '../../src/app/compute/climateText';
import { defaultScene } from '../../src/app/scene/scene';
import { answerKey, runBody, runKey } from '../../src/app/scene/geometry';

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

  it('keeps the year when the glass typed is the default 70 %: the same glass, the same request', () => {
    // Before 2026-12-07 typing 70 % stored 0.7, which the request then carried where the default room's
    // omitted it: the year read outdated (and the map was asked again) for the same physics.
    const typed = { ...room, windows: [{ ...room.windows[0]!, glass: 0.7 }] };
    expect(climateOutdated(s, typed)).toBe(false);
    expect(answerKey(typed)).toBe(answerKey(room));
    expect(climateOutdated(s, { ...room, windows: [{ ...room.windows[0]!, glass: 0.6 }] })).toBe(true);
    const sky = {
      id: 's1',
      polygon: [
        [1, 1],
        [2, 1],
        [2, 2],
        [1, 2],
      ] as [number, number][],
      frame: 0.1,
    };
    const lit = (glass?: number) => runKey({ ...room, skylights: [{ ...sky, ...(glass ? { glass } : {}) }] });
    expect(lit(0.7)).toBe(lit());
    expect(lit(0.8)).not.toBe(lit());
  });

  it('keeps the year when north is written another way round: −90° is 270°, as the request turns the sun', () => {
    const west = year(climateKeyOf({ ...room, north: 270 }, weather!));
    expect(climateOutdated(west, { ...room, north: -90 })).toBe(false);
    expect(climateOutdated(s, { ...room, north: 360 })).toBe(false);
  });

  it('has nothing to mark without a year', () => {
    expect(climateOutdated({ result: null, weather }, room)).toBe(false);
  });
});

describe('the keys of a map and of a year (runKey)', () => {
  it('stringifies a scene’s request once for both', () => {
    // Before 2026-12-07 climateKeyOf kept its own memo of the body beside answerKey's: stringified twice.
    const fresh = { ...room, height: 2.9 };
    const body = JSON.stringify(runBody(fresh));
    const spy = vi.spyOn(JSON, 'stringify');
    try {
      answerKey(fresh);
      climateKeyOf(fresh, weather!);
      answerKey(fresh);
      expect(spy.mock.calls.filter(([v]) => v !== null && typeof v === 'object')).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
    expect(runKey(fresh)).toBe(body);
    // The bounce limit changes the map's key, not the year's.
    expect(answerKey({ ...fresh, ambientBounces: 2 })).not.toBe(answerKey(fresh));
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
    expect(climateStatusText(of('done', false), false)).toBe('The year is computed.');
    expect(climateStatusText(of('running', true), false)).toBe(
      'A first estimate (every third cell and day) is shown; computing the whole year…',
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
      'Computing the year… (the figures below are of the room before your last edit)',
    );
  });

  it('changes with what happens to the run, not with its progress: the line is a live region', () => {
    // Before 2026-12-07 it carried the percent: a screen reader announced every percent of the year.
    const lines = (estimate: boolean | null, outdated: boolean) =>
      new Set(
        Array.from({ length: 101 }, (_, i) => {
          const running = { ...of('running', estimate), progress: i / 100 };
          return climateStatusText(running, outdated);
        }),
      );
    for (const estimate of [null, true, false])
      for (const outdated of [false, true]) expect(lines(estimate, outdated).size).toBe(1);
    // Start, an estimate, the end, a stop and a refusal each read differently.
    const said = [of('running', null), of('running', true), of('done', false), of('cancelled', null)];
    said.push(of('error', null, 'no window'));
    expect(new Set(said.map((s) => climateStatusText(s, false))).size).toBe(5);
    // The bar's figure follows the progress, and reads 100 % only once the run is done.
    expect(climatePercent(0.314)).toBe('31 %');
    expect(climatePercent(0.999)).toBe('99 %');
  });
});

describe('an edit during a run (climateRunOutdated)', () => {
  const running = (scene: typeof room) =>
    ({ weather, phase: 'running', runFor: climateKeyOf(scene, weather!) }) as const;
  const taller = { ...room, height: room.height + 0.5 };

  it('says the run is of the room before the edit, and the run may be started again for the room as it is', () => {
    // Before 2026-12-07 the run went on for the room before the edit, said nothing of it, and "Run the year
    // again" stayed disabled until that year nobody wanted any more was done (or stopped by hand).
    expect(climateRunOutdated(running(room), room)).toBe(false);
    expect(climateRunOutdated(running(room), taller)).toBe(true);
    expect(climateRunOutdated(running(taller), taller)).toBe(false);
    // Only a run in progress: a finished one is climateOutdated's.
    expect(climateRunOutdated({ ...running(room), phase: 'done' }, taller)).toBe(false);
    expect(climateStatusText({ phase: 'running', error: null, result: null }, false, true)).toBe(
      'Computing the year of the room before your last edit: run it again for the room as it is now.',
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
