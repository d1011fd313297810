import type { IfcRoom } from '../ifc/building';
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
}
