import { afterEach, describe, expect, it } from 'vitest';
import { climateKeyOf, loadWeather, useClimate, type ClimateState } from '../../src/app/compute/climate';
import { useApp } from '../../src/app/state/store';
import { strFromU8, strToU8, zipSync } from 'fflate';
import { syntheticEpw } from '../climate/syntheticWeather';

// The building view's way in (run = false) throughout: no year is started, so no engine worker is reached
// (a test may not call compute/workers, which test/app/surroundingsRefresh.test.ts mocks).
const stockholm = syntheticEpw({ city: 'Stockholm', latitude: 59.35, longitude: 18.07, timeZone: 1 });
const lund = syntheticEpw({ city: 'Lund', latitude: 55.7, longitude: 13.2, timeZone: 1 });

/** A picked file whose text arrives when the test says (a large file read while a small one is picked). */
type Picked = Parameters<typeof loadWeather>[0];

function slowFile(name: string, text: string): { file: Picked; arrive: () => void } {
  let arrive = (): void => undefined;
  const read = new Promise<string>((done) => (arrive = () => done(text)));
  return { file: { ...file(name, text), text: () => read }, arrive };
}

function file(name: string, content: string | Uint8Array): Picked {
  const bytes = typeof content === 'string' ? strToU8(content) : content;
  return { name, text: async () => strFromU8(bytes, true), arrayBuffer: async () => bytes.slice().buffer };
}

afterEach(() =>
  useClimate.setState({
    weather: null,
    weatherNote: null,
    weatherError: null,
    phase: 'idle',
    result: null,
    runFor: null,
  }),
);

describe('picking weather files (loadWeather)', () => {
  it('shows the last file picked when an earlier one finishes reading after it', async () => {
    // Before 2026-12-07 each file was shown when its reading and hashing ended: Stockholm's, picked
    // first and read last, replaced Lund's, picked a moment after it.
    const first = slowFile('stockholm.epw', stockholm);
    const picks = [loadWeather(first.file, false), loadWeather(file('lund.epw', lund), false)];
    await picks[1];
    first.arrive();
    await Promise.all(picks);
    expect(useClimate.getState().weather?.location.city).toBe('Lund');
  });

  it('keeps the year of the weather file loaded when the same file is picked again, and says so', async () => {
    await loadWeather(file('stockholm.epw', stockholm), false);
    const weather = useClimate.getState().weather!;
    const result = {
      key: climateKeyOf(useApp.getState().scene, weather),
      grids: {},
      summary: { da_lux: 300 },
      estimate: false,
    } as unknown as ClimateState['result'];
    useClimate.setState({ phase: 'done', result });
    // Before 2026-12-07 the year on screen was thrown away (and, in the editor, run again to the same figures).
    await loadWeather(file('stockholm copy.epw', stockholm), false);
    const s = useClimate.getState();
    expect([s.weather?.name, s.weather?.digest, s.result, s.phase]).toEqual([
      'stockholm.epw',
      weather.digest,
      result,
      'done',
    ]);
    expect(s.weatherNote).toBe(
      'stockholm copy.epw has the same contents as stockholm.epw, the weather file loaded.',
    );
    // Another file clears the note.
    await loadWeather(file('lund.epw', lund), false);
    expect([useClimate.getState().weatherNote, useClimate.getState().result]).toEqual([null, null]);
  });

  it('takes the one .epw of a ZIP, as weather files are downloaded, and says why not when it cannot', async () => {
    // Before 2026-12-07 the archive was read as text and refused as "not an EnergyPlus weather file",
    // its first line quoted as binary noise.
    const station = zipSync({
      'SWE_Lund.026270_IWEC/SWE_Lund.026270_IWEC.epw': strToU8(lund),
      'SWE_Lund.026270_IWEC/SWE_Lund.026270_IWEC.stat': strToU8('statistics'),
    });
    await loadWeather(file('SWE_Lund.026270_IWEC.zip', station), false);
    const s = useClimate.getState();
    expect([s.weather?.name, s.weather?.location.city, s.weatherError]).toEqual([
      'SWE_Lund.026270_IWEC.epw',
      'Lund',
      null,
    ]);
    await loadWeather(file('stats.zip', zipSync({ 'a.stat': strToU8('x') })), false);
    expect(useClimate.getState().weatherError).toBe(
      'stats.zip holds no weather file (.epw): pick the .epw itself.',
    );
    expect(useClimate.getState().weather?.name).toBe('SWE_Lund.026270_IWEC.epw');
  });
});
