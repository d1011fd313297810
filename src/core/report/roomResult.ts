import type { IfcRoom } from '../ifc/building';
import type { RoomProposals } from '../building/outcome';
import type { ClimateSummary } from '../api/climateOps';
import type { MapSummary } from '../stats/verdicts';

/** One room of a building as the building report and its storey plans read it. */
export interface RoomResult {
  room: IfcRoom;
  /** The room's report page (SVG), when it was analysed. */
  sheet: string | null;
  summary: MapSummary | null;
  /** Why the analysis failed, when the room could be read but not computed. */
  error: string | null;
  /** A year of the weather file in the room (climate-based metrics), when one was run. */
  climate?: ClimateSummary | null;
  /** What would make it pass, when it was asked for (the room failed its rule). */
  proposals?: RoomProposals;
}

/** The cheapest change that makes a failing room pass, in words (issue 34), or why there is none. */
export function proposalText(p: RoomProposals | undefined): string | null {
  if (!p) return null;
  if (p.error) return `not searched: ${p.error}`;
  const best = p.list[0];
  if (!best)
    return 'no change tried makes it pass (windows at their largest within their walls, lighter surfaces, clearer glass, a second window, together)';
  return best.addedGlazing > 0
    ? `${best.label} (+${best.addedGlazing.toFixed(2)} m² of opening)`
    : best.label;
}
