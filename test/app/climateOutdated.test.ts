import { describe, expect, it } from 'vitest';
import {
  captionInSentence,
  climateKeyOf,
  climateMap,
  climateOutdated,
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
