import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { epwFromZip, weatherOfFile } from '../../src/core/climate/weatherZip';
import { syntheticEpw } from './syntheticWeather';

/** A weather file as given to the command line or a building job: an .epw, or a station's ZIP (weatherZip.ts). */
describe('a weather file’s bytes (weatherOfFile)', () => {
  const lund = syntheticEpw({ city: 'Lund', latitude: 55.7, longitude: 13.2, timeZone: 1 });

  it('reads an .epw as it is, under its own name', () => {
    expect(weatherOfFile('lund.epw', strToU8(lund))).toEqual({ name: 'lund.epw', text: lund });
  });

  it('takes the one .epw of a station’s ZIP, named as inside it', () => {
    const station = zipSync(
      {
        'SWE_Lund/SWE_Lund.026270_IWEC.epw': strToU8(lund),
        'SWE_Lund/SWE_Lund.026270_IWEC.stat': strToU8('stat'),
      },
      { level: 0 },
    );
    expect(weatherOfFile('SWE_Lund.zip', station)).toEqual({ name: 'SWE_Lund.026270_IWEC.epw', text: lund });
  });

  it('takes the .epw of an archive a Mac made, not the metadata copies beside it (“._name.epw”)', () => {
    // A station's folder zipped on a Mac: each file's AppleDouble metadata under __MACOSX/ (the Finder) or
    // beside it (ditto -k): a few bytes of no weather, which made the archive read as holding two .epw.
    const junk = new Uint8Array([0, 5, 22, 7, 0, 2, 0, 0]);
    for (const [label, entries] of [
      ['the Finder', { 'Lund/Lund.epw': strToU8(lund), '__MACOSX/Lund/._Lund.epw': junk }],
      ['ditto -k', { 'Lund/Lund.epw': strToU8(lund), 'Lund/._Lund.epw': junk }],
      ['at the top', { 'Lund.EPW': strToU8(lund), '._Lund.EPW': junk }],
    ] as const)
      expect(weatherOfFile('Lund.zip', zipSync(entries, { level: 0 })), label).toEqual({
        name: label === 'at the top' ? 'Lund.EPW' : 'Lund.epw',
        text: lund,
      });
  });

  it('names the .epw without its folder when a Windows tool wrote the path with backslashes', () => {
    const junk = new Uint8Array([0, 5, 22, 7]);
    const station = zipSync(
      { 'SWE_Lund\\SWE_Lund.026270_IWEC.epw': strToU8(lund), '__MACOSX\\SWE_Lund\\._x.epw': junk },
      { level: 0 },
    );
    expect(weatherOfFile('SWE_Lund.zip', station)).toEqual({ name: 'SWE_Lund.026270_IWEC.epw', text: lund });
  });

  it('refuses an archive with no .epw or several with the app’s sentences', () => {
    const none = zipSync({ 'a.stat': strToU8('x') });
    // Stored, not deflated: what is read is the same, and the test takes no time to write it.
    const two = zipSync({ 'a.epw': strToU8(lund), 'b.epw': strToU8(lund) }, { level: 0 });
    expect(() => weatherOfFile('stats.zip', none)).toThrow(
      'stats.zip holds no weather file (.epw): pick the .epw itself.',
    );
    expect(() => weatherOfFile('two.zip', two)).toThrow(
      'two.zip holds 2 weather files (a.epw, b.epw): unzip it and pick the one for the site.',
    );
    // The sentence the app's picker shows for the same archive.
    expect(() => epwFromZip('two.zip', two)).toThrow(
      'two.zip holds 2 weather files (a.epw, b.epw): unzip it and pick the one for the site.',
    );
  });
});
