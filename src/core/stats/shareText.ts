/**
 * A share of the floor (or the area it stands for) as every face shows it — the results panel, the
 * verdicts, the building view, reports and CSV: rounded down to `digits` decimals, so that a share just
 * short of what a rule needs never reads as reaching it (49.96 % → "49.9", not "50.0" beside "needs 50 %
 * ✗"), and one share reads the same in the statistics and in the verdict beside them.
 */
export function roundedDown(value: number, digits = 1): string {
  const f = 10 ** digits;
  return (Math.floor(value * f) / f).toFixed(digits);
}
