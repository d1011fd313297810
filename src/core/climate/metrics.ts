import { validationError } from '../errors';
import { roundedDown } from '../stats/shareText';
import { blindSchedule, closedIn, LM83_BLINDS, withBlinds, type BlindRule, type WindowGroup } from './blinds';
import { EN17037_LEVELS, EN17037_SHARES, en17037Illuminance, type EnResult, type EnShares } from './en17037';
import { countHours } from './hours';

/**
 * Climate-based daylight metrics of one room from hourly work-plane illuminance: daylight autonomy, LM-83's
 * sDA and ASE (with its operable blinds), LEED v4.1's points, useful daylight illuminance and EN 17037's
 * illuminance method. Every share is a percentage (0–100); sensors stand for equal areas of the floor.
 */
export interface ClimateInput {
  /** Sensors of the room's work-plane grid (S). */
  sensors: number;
  /** Hours of the series (H), usually 8760. */
  hours: number;
  /** H × S lux, hour-major (hour h, sensor s at h * S + s): all light, every blind open. */
  illuminance: Float32Array;
  /** H × S lux from the direct sun alone, blinds open, no reflections (ASE, and the blind rule). */
  directSun: Float32Array;
  /** H: 1 = occupied (LM-83: 8:00–18:00, see occupiedHours). DA, sDA, ASE and UDI count these hours. */
  occupied: Uint8Array;
  /** H: 1 = daylight hour (see daylightHours). EN 17037 counts these hours. */
  daylight: Uint8Array;
  /**
   * The room's windows by façade, each with its own light, so the blind rule can close one group alone.
   * Without groups all windows are one group: its total is `illuminance`, its direct sun `directSun`.
   */
  groups?: readonly WindowGroup[];
}

export interface ClimateOptions {
  /** DA threshold (lx) of the DA map and mean: an hour counts when E ≥ daLux. Default 300. */
  daLux: number;
  /**
   * DA thresholds (whole lux) whose maps are counted in the same pass, so that switching DA's threshold
   * among them costs a lookup (daAt), not a pass over the year.
   */
  daLevels: readonly number[];
  /** sDA's threshold (lx), LM-83's 300 whatever DA's: LEED's points are defined on sDA300/50%. */
  sdaLux: number;
  /** sDA: a sensor counts when its DA ≥ sdaTime (% of occupied hours). LM-83: 50. */
  sdaTime: number;
  /** ASE: an hour counts when the direct sun gives E > aseLux. LM-83: 1000. */
  aseLux: number;
  /** ASE: a sensor counts with more than aseHours such occupied hours. LM-83: 250. */
  aseHours: number;
  /**
   * The year's occupied hours each occupied hour of the input stands for (a first estimate, which takes every
   * third day: about 3); the direct sun's hours (ASE's map and its 250 h) are counted in the year's. Default 1.
   */
  hourWeight?: number;
  blinds: BlindRule;
  /** UDI bands: below udiLow, udiLow ≤ E ≤ udiHigh, above udiHigh; autonomous udiAutonomous ≤ E ≤ udiHigh. */
  udiLow: number;
  udiAutonomous: number;
  udiHigh: number;
  en: EnShares;
  enLevels: typeof EN17037_LEVELS;
}

/** The DA thresholds a designer picks among (the app's list); each is counted with the year. */
export const DA_LEVELS = [100, 150, 200, 300, 500, 750] as const;

export const DEFAULT_CLIMATE: ClimateOptions = {
  daLux: 300,
  daLevels: DA_LEVELS,
  sdaLux: 300,
  sdaTime: 50,
  aseLux: 1000,
  aseHours: 250,
  blinds: LM83_BLINDS,
  udiLow: 100,
  udiAutonomous: 300,
  udiHigh: 3000,
  en: EN17037_SHARES,
  enLevels: EN17037_LEVELS,
};

/** Per-sensor values (Float32Array of S each) for drawing maps. */
export interface SensorMaps {
  /** DA, blinds always open (% of occupied hours). */
  da: Float32Array;
  /** DA with LM-83's blinds operated. */
  daBlinds: Float32Array;
  /** Occupied hours with direct sun above aseLux (blinds open). */
  aseHours: Float32Array;
  /** UDI bands (% of occupied hours, blinds open): fell short, useful, exceeded; autonomous within useful. */
  udiLow: Float32Array;
  udiUseful: Float32Array;
  udiHigh: Float32Array;
  udiAutonomous: Float32Array;
}

/** A compliance check in the shape of stats/verdicts.ts: id, label, pass and the numbers behind it. */
export interface ClimateVerdict {
  id: 'leed-sda' | 'leed-ase' | 'en-illuminance-minimum' | 'en-illuminance-medium' | 'en-illuminance-high';
  label: string;
  pass: boolean;
  detail: string;
}

export interface ClimateMetrics {
  occupiedHours: number;
  daylightHours: number;
  maps: SensorMaps;
  /** Room means of the maps. */
  daMean: number;
  daBlindsMean: number;
  udi: { low: number; useful: number; high: number; autonomous: number };
  /** % of sensors with DA ≥ sdaTime: blinds always open, and operated by LM-83's rule (the sDA LEED asks). */
  sda: number;
  sdaBlinds: number;
  /** ASE: % of sensors with more than aseHours occupied hours of direct sun above aseLux. */
  ase: number;
  /** Per sensor, occupied hours at or above each of `levels` (S × levels, sensor-major): open and blinds. */
  daCounts: { levels: readonly number[]; open: Uint32Array; blinds: Uint32Array };
  /** Occupied hours each window group's blinds were closed, in the order of the groups. */
  blindHours: { id: string; hours: number }[];
  /** H × G: 1 where group g's blinds are closed in hour h. */
  blindSchedule: Uint8Array;
  /** LEED v4.1 EQ Daylight option 1 for this room alone (see leedPoints). */
  leed: { points: number; aseOver: boolean };
  en17037: EnResult;
  verdicts: ClimateVerdict[];
}

/** LEED v4.1 EQ credit Daylight, option 1: sDA300/50% thresholds of 1, 2 and 3 points, and the ASE limit. */
export const LEED_V41 = { sda: [40, 55, 75], ase: 10 } as const;

/**
 * LEED v4.1 option 1 points from the regularly occupied floor's (area-weighted) average sDA300/50%:
 * ≥ 40 % 1 point, ≥ 55 % 2, ≥ 75 % 3; one more (when 1 or 2 were reached) if every space has ≥ 55 %.
 * ASE1000,250h above 10 % costs no points in v4.1: the space must then explain how it controls glare.
 */
export function leedPoints(averageSda: number, spaces: readonly number[] = []): number {
  const points = LEED_V41.sda.filter((t) => averageSda >= t).length;
  const everySpace = spaces.length > 0 && spaces.every((s) => s >= LEED_V41.sda[1]);
  return points >= 1 && points <= 2 && everySpace ? points + 1 : points;
}

/** Computes every metric of the room; throws a validation error for series of the wrong length. */
export function climateMetrics(input: ClimateInput, options: Partial<ClimateOptions> = {}): ClimateMetrics {
  const o: ClimateOptions = { ...DEFAULT_CLIMATE, ...options };
  check(input, o);
  const { sensors: S, illuminance, directSun, occupied, daylight } = input;
  const groups = input.groups ?? [{ id: 'all windows', directSun, total: illuminance }];
  // The blinds' schedule for every hour; their light only in the occupied hours they close, one at a time
  // (no second year-long series: a threshold change recomputes all this).
  const G = groups.length;
  const closed = blindSchedule(S, input.hours, groups, o.blinds);
  const shaded = new Float32Array(S);

  const occ = countHours(occupied);
  const daOpen = new Uint32Array(S),
    daBlinds = new Uint32Array(S),
    sun = new Uint32Array(S),
    low = new Uint32Array(S),
    high = new Uint32Array(S),
    autonomous = new Uint32Array(S);
  // sDA's own counts only when its threshold is not DA's.
  const own = o.sdaLux !== o.daLux;
  const sdaOpen = own ? new Uint32Array(S) : daOpen,
    sdaBlinds = own ? new Uint32Array(S) : daBlinds;
  const blindHours = new Array<number>(groups.length).fill(0);
  const lv = levelTable(o.daLevels);
  const K1 = lv.levels.length + 1;
  // Per sensor, hours in each bucket between the levels; the blinds' as a change to the open one's.
  const histOpen = new Uint32Array(S * K1),
    histBlinds = new Int32Array(S * K1);
  for (let h = 0; h < input.hours; h++) {
    if (!occupied[h]) continue;
    for (let g = 0; g < G; g++) blindHours[g]! += closed[h * G + g]!;
    const row = h * S;
    const anyClosed = closedIn(closed, h, G);
    if (anyClosed) {
      withBlinds(illuminance, S, groups, closed, h, o.blinds, shaded, 0);
      for (let s = 0; s < S; s++) {
        if (shaded[s]! >= o.daLux) daBlinds[s]!++;
        histBlinds[s * K1 + lv.bucket(shaded[s]!)]!++;
        histBlinds[s * K1 + lv.bucket(illuminance[row + s]!)]!--;
      }
      if (own) for (let s = 0; s < S; s++) if (shaded[s]! >= o.sdaLux) sdaBlinds[s]!++;
    }
    if (own)
      for (let s = 0; s < S; s++)
        if (illuminance[row + s]! >= o.sdaLux) {
          sdaOpen[s]!++;
          if (!anyClosed) sdaBlinds[s]!++;
        }
    for (let s = 0; s < S; s++) {
      const e = illuminance[row + s]!;
      histOpen[s * K1 + lv.bucket(e)]!++;
      if (e >= o.daLux) {
        daOpen[s]!++;
        if (!anyClosed) daBlinds[s]!++;
      }
      if (directSun[row + s]! > o.aseLux) sun[s]!++;
      if (e < o.udiLow) low[s]!++;
      else if (e > o.udiHigh) high[s]!++;
      else if (e >= o.udiAutonomous) autonomous[s]!++;
    }
  }

  const pct = (n: Uint32Array): Float32Array => Float32Array.from(n, (v) => (100 * v) / occ);
  const weight = o.hourWeight ?? 1;
  const maps: SensorMaps = {
    da: pct(daOpen),
    daBlinds: pct(daBlinds),
    aseHours: Float32Array.from(sun, (v) => v * weight),
    udiLow: pct(low),
    udiUseful: Float32Array.from(low, (l, s) => (100 * (occ - l - high[s]!)) / occ),
    udiHigh: pct(high),
    udiAutonomous: pct(autonomous),
  };
  // Pass counts compared in integers, so 1825 of 3650 hours is exactly 50 % and 2 of 100 sensors exactly 2 %.
  const shareOf = (n: Uint32Array, pass: (v: number) => boolean): number => {
    let k = 0;
    for (let s = 0; s < S; s++) if (pass(n[s]!)) k++;
    return (100 * k) / S;
  };
  const sdaPass = (v: number): boolean => v * 100 >= o.sdaTime * occ;
  const sda = shareOf(sdaOpen, sdaPass),
    sdaWithBlinds = shareOf(sdaBlinds, sdaPass),
    ase = shareOf(sun, (v) => v * weight > o.aseHours);
  const en17037 = en17037Illuminance(illuminance, S, daylight, o.en, o.enLevels);
  for (let x = 0; x < histOpen.length; x++) histBlinds[x] = histBlinds[x]! + histOpen[x]!;
  const leed = { points: leedPoints(sdaWithBlinds), aseOver: ase > LEED_V41.ase };

  return {
    occupiedHours: occ,
    daylightHours: countHours(daylight),
    maps,
    daMean: mean(maps.da),
    daBlindsMean: mean(maps.daBlinds),
    udi: {
      low: mean(maps.udiLow),
      useful: mean(maps.udiUseful),
      high: mean(maps.udiHigh),
      autonomous: mean(maps.udiAutonomous),
    },
    sda,
    sdaBlinds: sdaWithBlinds,
    ase,
    daCounts: {
      levels: lv.levels,
      open: atOrAbove(histOpen, S, K1),
      blinds: atOrAbove(Uint32Array.from(histBlinds), S, K1),
    },
    blindHours: groups.map((g, k) => ({ id: g.id, hours: blindHours[k]! })),
    blindSchedule: closed,
    leed,
    en17037,
    verdicts: climateVerdicts(sdaWithBlinds, ase, leed.points, en17037, o),
  };
}

/**
 * The metrics at another DA threshold counted with the year (ClimateOptions.daLevels): the DA maps and
 * means from the kept counts, everything else as it was (sDA is sDA300 whatever DA's threshold). Null
 * when the threshold was not counted.
 */
export function daAt(m: ClimateMetrics, daLux: number): ClimateMetrics | null {
  const j = m.daCounts.levels.indexOf(daLux);
  if (j < 0) return null;
  const K = m.daCounts.levels.length;
  const S = m.maps.da.length;
  const pct = (n: Uint32Array): Float32Array => {
    const out = new Float32Array(S);
    for (let s = 0; s < S; s++) out[s] = (100 * n[s * K + j]!) / m.occupiedHours;
    return out;
  };
  const da = pct(m.daCounts.open),
    daBlinds = pct(m.daCounts.blinds);
  return { ...m, maps: { ...m.maps, da, daBlinds }, daMean: mean(da), daBlindsMean: mean(daBlinds) };
}

/**
 * Whole-lux levels and the bucket of a value among them (how many levels it reaches), by a table over
 * 0 … the top level: one read per sensor-hour where a search would cost several comparisons.
 */
function levelTable(asked: readonly number[]) {
  const levels = [...new Set(asked)].sort((a, b) => a - b);
  for (const l of levels)
    if (!Number.isInteger(l) || l < 0 || l > 1e5)
      throw validationError(`DA levels must be whole lux in [0, 100000], not ${l}`);
  const top = levels.length ? levels[levels.length - 1]! : 0;
  const table = new Uint8Array(top + 1);
  for (let v = 0, k = 0; v <= top; v++) {
    while (k < levels.length && levels[k]! <= v) k++;
    table[v] = k;
  }
  const K = levels.length;
  // For whole-lux levels, e ≥ level exactly when ⌊e⌋ ≥ level.
  const bucket = (e: number): number => (e >= top ? K : table[e > 0 ? Math.floor(e) : 0]!);
  return { levels, bucket };
}

/** From per-bucket hours (S × (K + 1)) to hours at or above each level (S × K). */
function atOrAbove(hist: Uint32Array, S: number, K1: number): Uint32Array {
  const K = K1 - 1;
  const out = new Uint32Array(S * K);
  for (let s = 0; s < S; s++) {
    let above = 0;
    for (let k = K; k >= 1; k--) {
      above += hist[s * K1 + k]!;
      out[s * K + k - 1] = above;
    }
  }
  return out;
}

function climateVerdicts(
  sda: number,
  ase: number,
  points: number,
  en: EnResult,
  o: ClimateOptions,
): ClimateVerdict[] {
  const pct = (v: number): string => `${roundedDown(v)} %`;
  // An upper limit rounds the other way, so 10.04 % never reads "10.0 %" beside a failed "≤ 10 %".
  const pctUp = (v: number): string => `${(Math.ceil(v * 10) / 10).toFixed(1)} %`;
  const [one, two, three] = LEED_V41.sda;
  return [
    {
      id: 'leed-sda',
      label: 'LEED v4.1 sDA',
      pass: points >= 1,
      detail:
        `sDA${o.sdaLux}/${o.sdaTime}% ${pct(sda)} with blinds operated (LM-83): ` +
        `${points} point${points === 1 ? '' : 's'} (needs ${one} / ${two} / ${three} % for 1 / 2 / 3)`,
    },
    {
      id: 'leed-ase',
      label: 'LEED v4.1 ASE',
      pass: ase <= LEED_V41.ase,
      detail:
        `ASE${o.aseLux},${o.aseHours}h ${pctUp(ase)} of the floor ` +
        (ase <= LEED_V41.ase
          ? `(≤ ${LEED_V41.ase} %)`
          : `(over ${LEED_V41.ase} %: describe the glare control)`),
    },
    ...en.levels.map((l): ClimateVerdict => ({
      id: `en-illuminance-${l.level}`,
      label: `EN 17037 ${l.level} (illuminance)`,
      pass: l.pass,
      detail:
        `≥ ${l.target} lx on ${o.en.targetPlane} % for ${pct(l.targetHours)} of daylight hours, ` +
        `≥ ${l.minimum} lx on ${o.en.minimumPlane} % for ${pct(l.minimumHours)} (needs ${o.en.time} %)`,
    })),
  ];
}

function mean(a: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]!;
  return a.length ? sum / a.length : 0;
}

function check(input: ClimateInput, o: ClimateOptions): void {
  const { sensors: S, hours: H } = input;
  if (!Number.isInteger(S) || S < 1) throw validationError(`Parameter 'sensors' must be a positive integer`);
  if (!Number.isInteger(H) || H < 1) throw validationError(`Parameter 'hours' must be a positive integer`);
  const series = (name: string, a: Float32Array | undefined): void => {
    if (a && a.length !== H * S) {
      throw validationError(
        `Parameter '${name}' must hold hours × sensors = ${H * S} values, not ${a.length}`,
      );
    }
  };
  series('illuminance', input.illuminance);
  series('directSun', input.directSun);
  for (const [name, mask] of [
    ['occupied', input.occupied],
    ['daylight', input.daylight],
  ] as const) {
    if (mask.length !== H)
      throw validationError(`Parameter '${name}' must hold ${H} hours, not ${mask.length}`);
  }
  if (countHours(input.occupied) === 0) throw validationError(`Parameter 'occupied' selects no hours`);
  (input.groups ?? []).forEach((g, k) => {
    series(`groups[${k}].directSun`, g.directSun);
    series(`groups[${k}].total`, g.total);
    series(`groups[${k}].closed`, g.closed);
  });
  const t = o.blinds.transmittance;
  if (!(t >= 0 && t <= 1)) throw validationError(`Parameter 'blinds.transmittance' must lie in [0, 1]`);
}
