import { requestSummary, type RoomOutcome } from '../../../core/building/outcome';
import { siteThresholds, type Thresholds } from '../../../core/stats/verdicts';
import { useBuilding } from './store';

/**
 * EN 17037's daylight factors for the building's site (they stand for 300 lx and 100 lx at its median
 * diffuse illuminance, so they differ by country): every room is judged again from the answers it has, at
 * once (no map is computed again); the list, the plan, the CSV and the report follow, and the rooms still
 * to come are judged by them.
 */
export function setSiteFactors(en: { target?: number; minimum?: number }): string | null {
  const now = useBuilding.getState().thresholds;
  let thresholds: Thresholds;
  try {
    thresholds = siteThresholds({ target: en.target ?? now.enTarget, minimum: en.minimum ?? now.enMinimum }, [
      'EN 17037’s target',
      'EN 17037’s minimum',
    ]);
  } catch (e) {
    return (e as Error).message;
  }
  useBuilding.setState((s) => ({
    thresholds,
    outcomes: s.outcomes.map((o, i) => judged(o, thresholds, s.requests[i])),
  }));
  return null;
}

/** A room's outcome with its verdicts made again by `thresholds` from the map it has, on its request's floor. */
export function judged(
  o: RoomOutcome | null,
  thresholds: Thresholds,
  request: { body: object } | null | undefined,
): RoomOutcome | null {
  return o?.answer && o.summary
    ? { ...o, summary: requestSummary(o.answer, thresholds, request?.body ?? null) }
    : o;
}
