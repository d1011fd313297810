import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectedTime, readEpw, WeatherFileError } from '../../src/core/climate/epw';
import { diffuseIlluminance } from '../../src/core/climate/summary';

/** Chicago O'Hare's TMY3 year (test/fixtures/weather/README.md). */
const CHICAGO = readFileSync('test/fixtures/weather/chicago-ohare-tmy3.epw', 'utf8');

const refused = (text: string): WeatherFileError => {
  try {
    readEpw(text);
  } catch (e) {
    if (e instanceof WeatherFileError) return e;
    throw e;
  }
  throw new Error('the file was read');
};

/** The Chicago file with the field (1-based) of data line `record` (0-based) replaced. */
function withField(record: number, field: number, value: string): string {
  const lines = CHICAGO.split('\n');
  const f = lines[8 + record]!.split(',');
  f[field - 1] = value;
  lines[8 + record] = f.join(',');
  return lines.join('\n');
}

describe('EnergyPlus weather files', () => {
  const w = readEpw(CHICAGO);

  it('reads the location and every hour of a real TMY3 year', () => {
    expect(w.location).toMatchObject({
      city: 'Chicago Ohare Intl Ap',
      country: 'USA',
      latitude: 41.98,
      longitude: -87.92,
      timeZone: -6,
      elevation: 201,
    });
    expect(w.hours).toBe(8760);
    expect([w.month[0], w.day[0], w.hour[0]]).toEqual([1, 1, 1]);
    expect([w.month[8759], w.day[8759], w.hour[8759]]).toEqual([12, 31, 24]);
    // A summer noon: the file's own values (line 4 477: 4 July, hour 13).
    const k = 184 * 24 + 12;
    expect([w.month[k], w.day[k], w.hour[k]]).toEqual([7, 4, 13]);
    const line = CHICAGO.split('\n')[8 + k]!.split(',');
    expect(w.globalHorizontal[k]).toBe(Number(line[13]));
    expect(w.directNormal[k]).toBe(Number(line[14]));
    expect(w.diffuseHorizontal[k]).toBe(Number(line[15]));
    expect(w.diffuseHorizontalIlluminance[k]).toBe(Number(line[18]));
    // Nights are dark, a year of sun is plausible for Chicago (~1 400 kWh/m² global horizontal).
    expect(w.globalHorizontal[0]).toBe(0);
    const annual = w.globalHorizontal.reduce((a, b) => a + b, 0) / 1000;
    expect(annual).toBeGreaterThan(1250);
    expect(annual).toBeLessThan(1550);
    expect(w.notes).toEqual([]);
  });

  it('names the line and the field of a value that is not a number, or is missing where it is needed', () => {
    const e1 = refused(withField(100, 15, 'abc'));
    expect(e1.message).toBe("Line 109, field 15 (direct normal radiation): 'abc' is not a number.");
    expect(e1.line).toBe(109);
    const e2 = refused(withField(5000, 16, '9999'));
    expect(e2.message).toContain(
      "Line 5009, field 16 (diffuse horizontal radiation): 9999 is EPW's missing value",
    );
    const e3 = refused(withField(7, 14, '-5'));
    expect(e3.message).toContain('field 14 (global horizontal radiation): -5 is negative');
  });

  it('reads a file with Windows line ends (CRLF) as the same year', () => {
    const crlf = readEpw(CHICAGO.replace(/\n/g, '\r\n'));
    expect(crlf.location).toEqual(w.location);
    for (const key of ['hour', 'dewPoint', 'directNormal', 'diffuseHorizontalIlluminance'] as const)
      expect(crlf[key]).toEqual(w[key]);
    // The record's last field carries the '\r'; a field read before it does not.
    const lines = CHICAGO.split('\n').map((l) => `${l}\r`);
    lines[8 + 20] = lines[8 + 20]!.replace(/,[^,]*\r$/, ',x\r');
    expect(readEpw(lines.join('\n')).globalHorizontal).toEqual(w.globalHorizontal);
  });

  it('takes missing illuminance as absent and says how many hours lack it', () => {
    const w2 = readEpw(withField(12, 19, '999999'));
    expect(w2.diffuseHorizontalIlluminance[12]).toBeNaN();
    expect(w2.diffuseHorizontalIlluminance[13]).toBe(w.diffuseHorizontalIlluminance[13]);
    expect(w2.notes).toEqual([
      '1 hours give no measured illuminance; their illuminance is derived from the radiation (Perez luminous efficacy).',
    ]);
  });

  it('reads an illuminance field a converter filled with 0 as not measured; a few twilight zeros stay', () => {
    // Chicago's TMY3 has its own zeros in 68 twilight hours under 10–71 W/m²: kept, nothing said.
    expect(w.notes).toEqual([]);
    expect(w.diffuseHorizontalIlluminance.filter((v) => v === 0).length).toBeGreaterThan(0);
    // Its diffuse horizontal illuminance (field 19) written as 0 in every hour: a bright year, not a dark one.
    const lines = CHICAGO.split('\n').map((l, i) => {
      if (i < 8 || l.trim() === '') return l;
      const f = l.split(',');
      f[18] = '0';
      return f.join(',');
    });
    const z = readEpw(lines.join('\n'));
    const lit = Array.from(w.diffuseHorizontal, (v, k) => (v > 0 ? k : -1)).filter((k) => k >= 0);
    expect(lit.every((k) => Number.isNaN(z.diffuseHorizontalIlluminance[k]!))).toBe(true);
    const dark = Array.from(w.diffuseHorizontal, (v, k) => (v === 0 ? k : -1)).filter((k) => k >= 0);
    expect(dark.every((k) => z.diffuseHorizontalIlluminance[k] === 0)).toBe(true);
    const bright = w.diffuseHorizontal.filter((v) => v >= 10).length;
    expect(z.notes).toEqual([
      `The file's diffuse horizontal illuminance is 0 in ${bright} of the ${bright} hours with 10 W/m² of radiation or more: read as not measured, and derived from the radiation in those ${lit.length} hours.`,
    ]);
    // The other fields are the file's, and the year's diffuse light is near the file's (Perez's efficacy
    // reads it 7 % above TMY3's own), where the zeros taken as measured made it dark.
    expect(z.globalHorizontalIlluminance).toEqual(w.globalHorizontalIlluminance);
    const year = (x: typeof w) => diffuseIlluminance(x).reduce((a, v) => a + v, 0);
    expect(year(z) / year(w)).toBeGreaterThan(0.9);
    expect(year(z) / year(w)).toBeLessThan(1.1);
  });

  it('refuses a cut file, a file out of order, and a file that is not EPW', () => {
    const cut = CHICAGO.split('\n').slice(0, 5000).join('\n');
    expect(refused(cut).message).toBe(
      'The weather file has 4992 hourly records after its 8 header lines; a year has 8760 (8784 in a leap year). It looks cut short: copy or download it again.',
    );
    // A record cut in the middle of its line.
    const lines = CHICAGO.split('\n');
    lines[8 + 300] = lines[8 + 300]!.slice(0, 40);
    expect(refused(lines.join('\n')).message).toMatch(/^Line 309: \d+ fields where an hourly record has 35/);
    // One field short (the last), and one field more, which is read as the year it is.
    const short = CHICAGO.split('\n');
    short[8 + 400] = short[8 + 400]!.split(',').slice(0, 34).join(',');
    expect(refused(short.join('\n')).message).toBe(
      'Line 409: 34 fields where an hourly record has 35; the file is damaged or cut there.',
    );
    const long = CHICAGO.split('\n');
    long[8 + 400] = `${long[8 + 400]!},7`;
    expect(readEpw(long.join('\n')).diffuseHorizontalIlluminance).toEqual(w.diffuseHorizontalIlluminance);
    // Two hours swapped.
    const swapped = CHICAGO.split('\n');
    [swapped[20], swapped[21]] = [swapped[21]!, swapped[20]!];
    expect(refused(swapped.join('\n')).message).toBe(
      'Line 21: the record is for 1/1 hour 14 where 1/1 hour 13 was expected; the hours must run through one year in order.',
    );
    expect(refused('year,month\n1,2\n').message).toMatch(/^This is not an EnergyPlus weather file \(EPW\)/);
    expect(refused('LOCATION,X,,,,,95,0,0,0\n').message).toBe(
      "Line 1 (LOCATION), field 7 (latitude): '95' is not a number from -90 to 90.",
    );
    expect(refused('').message).toBe('The weather file is empty.');
  });

  it('drops a leap year’s 29 February, so every year has the same 8 760 hours', () => {
    const lines = CHICAGO.split('\n');
    const feb28 = lines.slice(8 + 58 * 24, 8 + 59 * 24); // 28 February
    const leap = feb28.map((l) => l.replace(/^(\d+),2,28,/, '$1,2,29,'));
    lines.splice(8 + 59 * 24, 0, ...leap);
    const w3 = readEpw(lines.join('\n'));
    expect(w3.hours).toBe(8760);
    expect(w3.notes).toEqual(['29 February was left out, so that the year has 8760 hours.']);
    expect(Array.from(w3.directNormal)).toEqual(Array.from(w.directNormal));
  });

  it('walks through a 365-day year', () => {
    expect(expectedTime(0)).toEqual({ month: 1, day: 1, hour: 1 });
    expect(expectedTime(31 * 24)).toEqual({ month: 2, day: 1, hour: 1 });
    expect(expectedTime(59 * 24 + 23)).toEqual({ month: 3, day: 1, hour: 24 });
    expect(expectedTime(8759)).toEqual({ month: 12, day: 31, hour: 24 });
  });
});

describe('synthetic test weather', () => {
  it('writes a year the reader takes, with a sun that is up by day and down by night', async () => {
    const { syntheticEpw } = await import('./syntheticWeather');
    const w = readEpw(syntheticEpw({ city: 'Cape Town', latitude: -33.92, longitude: 18.42, timeZone: 2 }));
    expect(w.location).toMatchObject({ city: 'Cape Town', latitude: -33.92, timeZone: 2 });
    // Southern summer: a January noon is bright, a July midnight dark.
    expect(w.globalHorizontal[12]).toBeGreaterThan(300);
    expect(w.globalHorizontal[181 * 24]).toBe(0);
    const annual = w.globalHorizontal.reduce((a, b) => a + b, 0) / 1000;
    expect(annual).toBeGreaterThan(1200); // kWh/m²: a sunny mid-latitude year
    expect(annual).toBeLessThan(2300);
    const dark = readEpw(
      syntheticEpw({ city: 'X', latitude: 50, longitude: 0, timeZone: 0, illuminance: false }),
    );
    expect(dark.diffuseHorizontalIlluminance[12]).toBeNaN();
  });
});
