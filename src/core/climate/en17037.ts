/**
 * EN 17037:2018 daylight provision by the illuminance method (climate-based, hour by hour), for rooms lit
 * through vertical or inclined openings: a level is met when, for at least half of the daylight hours,
 * the target illuminance E_T is reached over half of the reference plane and the minimum target
 * illuminance E_TM over 95 % of it.
 */

export type EnLevel = 'minimum' | 'medium' | 'high';

/** EN 17037 Table A.1: E_T and E_TM (lx) of each level. */
export const EN17037_LEVELS: readonly { level: EnLevel; target: number; minimum: number }[] = [
  { level: 'minimum', target: 300, minimum: 100 },
  { level: 'medium', target: 500, minimum: 300 },
  { level: 'high', target: 750, minimum: 500 },
];

export interface EnShares {
  /** Share (%) of the reference plane that must reach E_T (50; EN asks 95 for horizontal openings). */
  targetPlane: number;
  /** Share (%) of the reference plane that must reach E_TM. */
  minimumPlane: number;
  /** Share (%) of the daylight hours in which both must hold. */
  time: number;
}

export const EN17037_SHARES: EnShares = { targetPlane: 50, minimumPlane: 95, time: 50 };

export interface EnLevelResult {
  level: EnLevel;
  target: number;
  minimum: number;
  /** % of daylight hours in which ≥ targetPlane % of the sensors have E ≥ E_T. */
  targetHours: number;
  /** % of daylight hours in which ≥ minimumPlane % of the sensors have E ≥ E_TM. */
  minimumHours: number;
  pass: boolean;
}

export interface EnResult {
  levels: EnLevelResult[];
  /** The highest level met, or null. */
  reached: EnLevel | null;
}

/**
 * Judges each level over the daylight hours. An hour counts for a threshold when the share of sensors
 * with E ≥ threshold is at least the plane share (so "exceeded over 50 %" is the 50 % fractile taken
 * inclusively: 2 of 4 sensors at 300 lx are enough). Sensors stand for equal areas.
 */
export function en17037Illuminance(
  illuminance: Float32Array,
  sensors: number,
  daylight: Uint8Array,
  shares: EnShares = EN17037_SHARES,
  levels: readonly { level: EnLevel; target: number; minimum: number }[] = EN17037_LEVELS,
): EnResult {
  // Thresholds 2k (target) and 2k + 1 (minimum) of level k. Each sensor-hour falls in one bucket between
  // the distinct thresholds, sorted (bucket b: at or above b of them); a threshold's count is the sum of
  // the buckets above it: one pass with a few comparisons per value, which is the year's cost.
  const thresholds = levels.flatMap((l) => [l.target, l.minimum]);
  const planes = levels.flatMap(() => [shares.targetPlane, shares.minimumPlane]);
  const steps = [...new Set(thresholds)].sort((a, b) => a - b);
  const stepOf = thresholds.map((t) => steps.indexOf(t));
  // The first four steps are compared without branches (EN 17037's three levels have four distinct
  // thresholds); any further ones in a loop. Missing ones are +∞: nothing reaches them.
  const [s0, s1, s2, s3] = [0, 1, 2, 3].map((k) => steps[k] ?? Infinity) as [number, number, number, number];
  const buckets = new Int32Array(Math.max(4, steps.length) + 1);
  const hoursMet = new Array<number>(thresholds.length).fill(0);
  let total = 0;
  for (let h = 0; h < daylight.length; h++) {
    if (!daylight[h]) continue;
    total++;
    buckets.fill(0);
    const row = h * sensors;
    for (let s = 0; s < sensors; s++) {
      const e = illuminance[row + s]!;
      let b = (e >= s0 ? 1 : 0) + (e >= s1 ? 1 : 0) + (e >= s2 ? 1 : 0) + (e >= s3 ? 1 : 0);
      while (b >= 4 && b < steps.length && e >= steps[b]!) b++;
      buckets[b]!++;
    }
    // Summed from the top, buckets[b + 1] counts the sensors at or above steps[b].
    for (let b = buckets.length - 2; b >= 0; b--) buckets[b]! += buckets[b + 1]!;
    for (let t = 0; t < thresholds.length; t++)
      if (buckets[stepOf[t]! + 1]! * 100 >= planes[t]! * sensors) hoursMet[t]!++;
  }
  const share = (n: number): number => (total ? (100 * n) / total : 0);
  const met = (n: number): boolean => total > 0 && n * 100 >= shares.time * total;
  const results = levels.map((l, k): EnLevelResult => {
    const t = hoursMet[2 * k]!,
      m = hoursMet[2 * k + 1]!;
    return {
      ...l,
      targetHours: share(t),
      minimumHours: share(m),
      pass: met(t) && met(m),
    };
  });
  // Levels are cumulative: "high" counts only on top of "medium" and "minimum".
  let reached: EnLevel | null = null;
  for (const r of results) {
    if (!r.pass) break;
    reached = r.level;
  }
  return { levels: results, reached };
}

/**
 * EN 17037's daylight-factor targets for a site (its Annex A): the median external diffuse illuminance
 * E_v,d,med over the daylight hours (the year's brightest half, 4 380 hours) from its weather file, and for each level the daylight factors that stand for its target and minimum
 * illuminances, D = 100 · E / E_v,d,med, to 0.1 % (the standard's tables round so). The diffuse
 * illuminance is the file's where it gives it, else the Perez efficacy model's (hourSky).
 */
export interface SiteDfTargets {
  medianDiffuse: number;
  levels: { level: EnLevel; target: number; minimum: number }[];
}

export function siteDfTargets(diffuseIlluminance: ArrayLike<number>): SiteDfTargets {
  const sorted = Array.from(diffuseIlluminance).sort((a, b) => b - a);
  // The median of 4 380 values: the mean of the 2 190th and 2 191st brightest.
  const at = (k: number): number => sorted[Math.min(sorted.length - 1, k)] ?? 0;
  const medianDiffuse = (at(2189) + at(2190)) / 2;
  const df = (lux: number): number =>
    medianDiffuse > 0 ? Math.round((1000 * lux) / medianDiffuse) / 10 : NaN;
  return {
    medianDiffuse,
    levels: EN17037_LEVELS.map((l) => ({ level: l.level, target: df(l.target), minimum: df(l.minimum) })),
  };
}

/** The longest statement of where a room's EN 17037 targets come from: a share link carries it. */
export const EN_BASIS_MAX = 200;

/**
 * Where site targets come from, in words ("Oslo: median diffuse illuminance 14,000 lx (EN 17037 Annex A)"),
 * within EN_BASIS_MAX: an EPW's city field has no limit of its own, and a basis past the limit would make the
 * room it is kept with one that no share link or kept room takes back.
 */
export function siteBasisText(city: string, medianDiffuse: number): string {
  const tail = `: median diffuse illuminance ${Math.round(medianDiffuse).toLocaleString('en')} lx (EN 17037 Annex A)`;
  const room = EN_BASIS_MAX - tail.length;
  const name = city.trim() || 'The weather file';
  return (name.length > room ? `${name.slice(0, room - 1).trimEnd()}…` : name) + tail;
}
