/**
 * EnergyPlus weather files (EPW): the LOCATION header and the hourly solar data a climate-based daylight
 * run needs. The format is the one EnergyPlus documents ("Auxiliary Programs", Weather Converter: eight
 * header lines, then one comma-separated record of 35 fields per hour, hour 1 being the hour that ends at
 * 01:00 local standard time). A file that is cut, or holds a value that is not a number where one is
 * required, is refused with the line and the field named: a year of daylight computed on a silently
 * guessed sky would be a wrong answer that looks right.
 */

/** Where the weather was recorded (the LOCATION line). */
export interface WeatherLocation {
  city: string;
  region: string;
  country: string;
  source: string;
  wmo: string;
  /** Degrees north (south negative). */
  latitude: number;
  /** Degrees east (west negative), as EPW gives it. */
  longitude: number;
  /** Hours from UTC of the local standard time the records are in (Chicago: −6). */
  timeZone: number;
  /** Metres above sea level. */
  elevation: number;
}

/**
 * A year of hourly weather, column by column (typed arrays: a year is 8 760 values a column). Irradiances
 * are the hour's means in W/m² (EPW gives Wh/m² over the hour ending at `hour`); illuminances in lux, NaN
 * where the file has none for that hour (its "missing" value): the sky model then derives them.
 */
export interface Weather {
  location: WeatherLocation;
  /** Number of hourly records (8 760: a leap year's 29 February is dropped, see readEpw). */
  hours: number;
  month: Uint8Array;
  day: Uint8Array;
  /** 1–24: the hour ending at this time of day, local standard time. */
  hour: Uint8Array;
  /** °C; NaN when missing. */
  dewPoint: Float32Array;
  globalHorizontal: Float32Array;
  directNormal: Float32Array;
  diffuseHorizontal: Float32Array;
  globalHorizontalIlluminance: Float32Array;
  directNormalIlluminance: Float32Array;
  diffuseHorizontalIlluminance: Float32Array;
  /** Notes on what was read (a dropped leap day, hours without illuminance), for the user. */
  notes: string[];
}

/** A weather file that cannot be read, with the place: line (1-based) and field (1-based, its name). */
export class WeatherFileError extends Error {
  constructor(
    message: string,
    readonly line: number | null = null,
  ) {
    super(message);
    this.name = 'WeatherFileError';
  }
}

const HEADER_LINES = 8;
const FIELDS = 35;

/** Data fields read, 0-based, with the name the EnergyPlus documentation gives them. */
const F = {
  year: [0, 'year'],
  month: [1, 'month'],
  day: [2, 'day'],
  hour: [3, 'hour'],
  dewPoint: [7, 'dew point temperature'],
  globalHorizontal: [13, 'global horizontal radiation'],
  directNormal: [14, 'direct normal radiation'],
  diffuseHorizontal: [15, 'diffuse horizontal radiation'],
  globalHorizontalIlluminance: [16, 'global horizontal illuminance'],
  directNormalIlluminance: [17, 'direct normal illuminance'],
  diffuseHorizontalIlluminance: [18, 'diffuse horizontal illuminance'],
} as const;

/** EPW's "missing" values: radiation 9999, illuminance 999999 (and anything at or above them). */
const MISSING_RADIATION = 9999;
const MISSING_ILLUMINANCE = 999_999;
const MISSING_DEW_POINT = 99.9;
/** Radiation (W/m²) under which an illuminance of 0 is no measure (≥ ~1 000 lx at any luminous efficacy). */
const LIT = 10;

/**
 * An illuminance field the file fills with 0 (some converters write 0, not 999999, for "not measured"): 0 in
 * most of the hours its radiation is at least LIT W/m² is read as not measured in every hour it is 0 under
 * radiation, and derived from the radiation as a missing one is — else a bright year would read dark. A
 * file's own zeros in a few twilight hours (NREL's TMY3 for Chicago has 68 under 10–71 W/m²) are kept.
 */
function unmeasuredZeros(w: Weather): void {
  for (const [key, radiation, name] of [
    ['globalHorizontalIlluminance', 'globalHorizontal', 'global horizontal'],
    ['directNormalIlluminance', 'directNormal', 'direct normal'],
    ['diffuseHorizontalIlluminance', 'diffuseHorizontal', 'diffuse horizontal'],
  ] as const) {
    let lit = 0,
      dark = 0;
    for (let k = 0; k < w.hours; k++)
      if (w[radiation][k]! >= LIT) {
        lit++;
        if (w[key][k] === 0) dark++;
      }
    if (dark * 2 <= lit) continue;
    let taken = 0;
    for (let k = 0; k < w.hours; k++)
      if (w[key][k] === 0 && w[radiation][k]! > 0) {
        w[key][k] = NaN;
        taken++;
      }
    w.notes.push(
      `The file's ${name} illuminance is 0 in ${dark} of the ${lit} hours with ${LIT} W/m² of radiation or more: read as not measured, and derived from the radiation in those ${taken} hours.`,
    );
  }
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The LOCATION line of an EPW's text alone (a report naming the file need not read its year). */
export const epwLocation = (text: string): WeatherLocation => {
  const end = text.indexOf('\n');
  return locationOf(end < 0 ? text : text.slice(0, end));
};

function locationOf(line: string): WeatherLocation {
  const f = line.split(',').map((s) => s.trim());
  if (f[0]?.toUpperCase() !== 'LOCATION')
    throw new WeatherFileError(
      `This is not an EnergyPlus weather file (EPW): its first line should start with LOCATION, it starts with '${line.slice(0, 40)}'.`,
      1,
    );
  const num = (i: number, name: string, lo: number, hi: number): number => {
    const v = Number(f[i]);
    if (f[i] === undefined || f[i] === '' || !Number.isFinite(v) || v < lo || v > hi)
      throw new WeatherFileError(
        `Line 1 (LOCATION), field ${i + 1} (${name}): '${f[i] ?? ''}' is not a number from ${lo} to ${hi}.`,
        1,
      );
    return v;
  };
  return {
    city: f[1] ?? '',
    region: f[2] ?? '',
    country: f[3] ?? '',
    source: f[4] ?? '',
    wmo: f[5] ?? '',
    latitude: num(6, 'latitude', -90, 90),
    longitude: num(7, 'longitude', -180, 180),
    timeZone: num(8, 'time zone', -12, 14),
    elevation: num(9, 'elevation', -1000, 9999.9),
  };
}

/**
 * Reads an EPW file's text. A year of hourly records is required (8 760, or 8 784 in a leap year whose
 * 29 February is dropped so that every year has the same hours, as annual daylight tools do); solar
 * radiation must be present in every hour; illuminance may be missing (NaN).
 */
export function readEpw(text: string): Weather {
  // Split on '\n' alone (a regular expression costs ~4 ms a year): a CRLF file's '\r' stays at the end
  // of each line's last field, which no read field is (locationOf trims its fields).
  const lines = text.split('\n');
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
  if (lines.length === 0) throw new WeatherFileError('The weather file is empty.');
  const location = locationOf(lines[0]!);
  const records = lines.length - HEADER_LINES;
  if (records !== 8760 && records !== 8784)
    throw new WeatherFileError(
      `The weather file has ${Math.max(0, records)} hourly records after its ${HEADER_LINES} header lines; a year has 8760 (8784 in a leap year). ${records < 8760 ? 'It looks cut short: copy or download it again.' : 'Only single-year hourly files are read.'}`,
      lines.length,
    );
  const n = 8760;
  const w: Weather = {
    location,
    hours: n,
    month: new Uint8Array(n),
    day: new Uint8Array(n),
    hour: new Uint8Array(n),
    dewPoint: new Float32Array(n),
    globalHorizontal: new Float32Array(n),
    directNormal: new Float32Array(n),
    diffuseHorizontal: new Float32Array(n),
    globalHorizontalIlluminance: new Float32Array(n),
    directNormalIlluminance: new Float32Array(n),
    diffuseHorizontalIlluminance: new Float32Array(n),
    notes: [],
  };
  let k = 0;
  let droppedLeapDay = false;
  let noIlluminance = 0;
  // Where each field of a record starts (its comma + 1), and one past the last: a record is not split
  // into its 35 strings, only the 11 fields read are cut out (a year read in ~25 % less time).
  const starts = new Int32Array(FIELDS + 1);
  for (let li = HEADER_LINES; li < lines.length; li++) {
    const lineNo = li + 1;
    const line = lines[li]!;
    let fields = 1;
    for (let c = line.indexOf(','); c >= 0 && fields < FIELDS; c = line.indexOf(',', c + 1))
      starts[fields++] = c + 1;
    if (fields < FIELDS)
      throw new WeatherFileError(
        `Line ${lineNo}: ${fields} fields where an hourly record has ${FIELDS}; the file is damaged or cut there.`,
        lineNo,
      );
    const next = line.indexOf(',', starts[FIELDS - 1]!);
    starts[FIELDS] = (next < 0 ? line.length : next) + 1;
    const at = (field: readonly [number, string]): number => numberAt(line, lineNo, starts, field);
    const month = at(F.month),
      day = at(F.day),
      hour = at(F.hour);
    if (month === 2 && day === 29) {
      droppedLeapDay = true;
      continue;
    }
    // The records must walk through the year hour by hour: a gap or a repeat would shift every later hour.
    const expect = expectedTime(k);
    if (k >= n || month !== expect.month || day !== expect.day || hour !== expect.hour)
      throw new WeatherFileError(
        `Line ${lineNo}: the record is for ${month}/${day} hour ${hour} where ${expect.month}/${expect.day} hour ${expect.hour} was expected; the hours must run through one year in order.`,
        lineNo,
      );
    w.month[k] = month;
    w.day[k] = day;
    w.hour[k] = hour;
    const dp = at(F.dewPoint);
    w.dewPoint[k] = dp >= MISSING_DEW_POINT ? NaN : dp;
    for (const key of ['globalHorizontal', 'directNormal', 'diffuseHorizontal'] as const) {
      const v = at(F[key]);
      if (v >= MISSING_RADIATION || v < 0)
        throw new WeatherFileError(
          `Line ${lineNo}, field ${F[key][0] + 1} (${F[key][1]}): ${v} is ${v < 0 ? 'negative' : "EPW's missing value"}; every hour needs its solar radiation for a climate-based daylight run.`,
          lineNo,
        );
      w[key][k] = v;
    }
    let missing = false;
    for (const key of [
      'globalHorizontalIlluminance',
      'directNormalIlluminance',
      'diffuseHorizontalIlluminance',
    ] as const) {
      const v = at(F[key]);
      const ok = v >= 0 && v < MISSING_ILLUMINANCE;
      w[key][k] = ok ? v : NaN;
      missing ||= !ok;
    }
    if (missing) noIlluminance++;
    k++;
  }
  if (droppedLeapDay) w.notes.push('29 February was left out, so that the year has 8760 hours.');
  if (noIlluminance > 0)
    w.notes.push(
      `${noIlluminance} hours give no measured illuminance; their illuminance is derived from the radiation (Perez luminous efficacy).`,
    );
  unmeasuredZeros(w);
  return w;
}

/** A record's field as a number (`starts`: where each field begins), or the error that names it. */
function numberAt(
  line: string,
  lineNo: number,
  starts: Int32Array,
  [i, name]: readonly [number, string],
): number {
  const s = line.slice(starts[i]!, starts[i + 1]! - 1).trim();
  const v = s === '' ? NaN : Number(s);
  if (!Number.isFinite(v))
    throw new WeatherFileError(`Line ${lineNo}, field ${i + 1} (${name}): '${s}' is not a number.`, lineNo);
  return v;
}

/** The month, day and hour (1–24) of the k-th hour of a 365-day year. */
export function expectedTime(k: number): { month: number; day: number; hour: number } {
  let dayOfYear = Math.floor(k / 24);
  let month = 0;
  while (month < 11 && dayOfYear >= DAYS_IN_MONTH[month]!) dayOfYear -= DAYS_IN_MONTH[month++]!;
  return { month: month + 1, day: dayOfYear + 1, hour: (k % 24) + 1 };
}

/** Day of the year (1–365) of the k-th hour. */
export const dayOfYear = (k: number): number => Math.floor(k / 24) + 1;
