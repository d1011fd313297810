import { DEFAULT_COMPLIANCE, type Thresholds } from '../stats/verdicts';

/** What a page needs to say where EN 17037's targets come from. */
export type EnTargets = Pick<Thresholds, 'enTarget' | 'enMinimum' | 'enBasis'>;

/** The median diffuse illuminance (klx) at which a daylight factor gives `lux`: DF = E / E_v,d,med. */
const klx = (lux: number, df: number): number => lux / (10 * df);

/**
 * The illuminance EN 17037's two factors stand for: 300 lx (target) and 100 lx (minimum) at the site's median
 * diffuse illuminance, which its Table A.3 gives per location. One figure when the two agree within 10 %.
 */
export function enIlluminance(
  t: EnTargets,
): { same: true; klx: number } | { same: false; target: number; minimum: number } {
  const target = klx(300, t.enTarget),
    minimum = klx(100, t.enMinimum);
  return Math.abs(target - minimum) / target < 0.1
    ? { same: true, klx: (target + minimum) / 2 }
    : { same: false, target, minimum };
}

const isDefault = (t: EnTargets): boolean =>
  t.enTarget === DEFAULT_COMPLIANCE.enTarget && t.enMinimum === DEFAULT_COMPLIANCE.enMinimum;

/**
 * The line under a page's verdicts saying on what EN 17037's targets rest: the site they were set for (a
 * weather file's, Thresholds.enBasis), else whether they are the defaults or figures entered for the site,
 * with the illuminance they stand for. A building's rooms used to read "as entered" with nothing to say that
 * the Building panel's (or --en-target's) figures were the site's, nor what they mean.
 */
export function enBasisLine(t: EnTargets): string {
  if (t.enBasis) return `EN 17037 targets for ${t.enBasis}`;
  const e = enIlluminance(t);
  const at = e.same
    ? `300 and 100 lx at a median diffuse illuminance of ${Math.round(e.klx)} klx`
    : `300 lx at ${e.target.toFixed(1)} klx, 100 lx at ${e.minimum.toFixed(1)} klx median diffuse illuminance`;
  return isDefault(t)
    ? `EN 17037 default targets (not set for the site): ${at}`
    : `EN 17037 targets entered for the site: ${at}`;
}
