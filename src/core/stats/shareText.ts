/**
 * A share of the floor (or the area it stands for) as every face shows it — the results panel, the
 * verdicts, the building view, reports and CSV: rounded down to `digits` decimals, so that a share just
 * short of what a rule needs never reads as reaching it (49.96 % → "49.9", not "50.0" beside "needs 50 %
 * ✗"), and one share reads the same in the statistics and in the verdict beside them.
 */
export function roundedDown(value: number, digits = 1): string {
  const f = 10 ** digits;
  // A product's float noise is not a shortfall: 7 % of 1.00 m² is 0.07 m², though 0.07 × 1 × 100 computes
  // to 6.999…; only what lies within 1e-9 of a step is lifted onto it.
  return (Math.floor(value * f + 1e-9) / f).toFixed(digits);
}

/**
 * A part of an area beside the whole as every face writes them ("9.36 of 27.60 m²"): the part rounded down,
 * the whole to the nearest step, and so the whole's own figure where the part is all of it (a whole lit
 * 9.765 m² read "9.76 of 9.77 m²").
 */
export const partOf = (part: number, whole: number, digits = 2): string =>
  part >= whole - 1e-9 ? whole.toFixed(digits) : roundedDown(part, digits);

/**
 * Parts of one whole (shares adding up to 100 %) as whole percents that add up to 100 as the parts do: each
 * rounded down, and the points left over given to the largest remainders. Rounded one by one, UDI's bands
 * read "85 % (below 10 %, above 6 %)", 101 % of the hours.
 */
export function wholeParts(parts: readonly number[]): number[] {
  const total = Math.round(parts.reduce((a, p) => a + p, 0));
  const down = parts.map((p) => Math.floor(p + 1e-9));
  let left = total - down.reduce((a, p) => a + p, 0);
  // Remainders to 1e-9, so that float noise (84.6 − 84 < 9.6 − 9) does not decide a tie.
  const order = parts
    .map((p, i) => ({ i, rest: Math.round((p - down[i]!) * 1e9) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    down[i]!++;
    left--;
  }
  return down;
}

/** UDI's three bands as every face writes them: whole percents adding up to the hours' 100 (wholeParts). */
export function udiWhole(udi: { low: number; useful: number; high: number }): {
  useful: number;
  low: number;
  high: number;
} {
  const [useful, low, high] = wholeParts([udi.useful, udi.low, udi.high]) as [number, number, number];
  return { useful, low, high };
}
