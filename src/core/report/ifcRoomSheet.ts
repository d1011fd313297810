import type { RoomGridAnswer } from '../api/roomAnswer';
import { DEFAULT_GLASS_TRANSMITTANCE } from '../engine/glazing';
import { ifcRoomTitle, type IfcRoom } from '../ifc/building';
import type { MapSummary } from '../stats/verdicts';
import type { PaletteName } from './palette';
import { roomSheetSvg } from './roomSheet';
import type { ProjectInfo } from './project';
import { materialsText } from './materialsText';
import { DEFAULT_REFLECTANCES } from '../types';
import type { EnTargets } from './enBasis';
import type { ClimateSummary } from '../api/climateOps';
import type { WeatherFile } from './weatherFile';

/** The report page of a room read from IFC (the command line's and the app's building report). */
export function ifcRoomSheet(o: {
  room: IfcRoom;
  north: number;
  map: RoomGridAnswer;
  summary: MapSummary;
  source: string;
  surroundings: string;
  /** The building's trees standing as crowns, in words (vegetation.ts crownsPhrase). */
  trees?: string;
  stamp: string;
  palette?: PaletteName;
  scaleMax?: number;
  project?: ProjectInfo;
  /** The building's EN 17037 targets (the site's, or the defaults): the page says which. */
  targets: EnTargets;
  /**
   * The room's year of a weather file, when one was computed, and that file: its page carries them as the
   * app's room page does (before 2026-12-07 a building's pages left the year to the report's table).
   */
  climate?: ClimateSummary;
  weather?: WeatherFile;
}): string {
  const { room } = o;
  return roomSheetSvg({
    title: ifcRoomTitle(room),
    outline: room.room_polygon,
    windows: room.windows.map((w) => ({
      id: w.id,
      a: w.inner[0],
      b: w.inner[1],
      sill: w.z1 - room.floor_height_above_terrain,
      head: w.z2 - room.floor_height_above_terrain,
      frame: w.window_frame_ratio,
      glass: w.glass_transmittance ?? DEFAULT_GLASS_TRANSMITTANCE,
      direction: w.direction,
    })),
    skylights: room.skylights.map((k) => ({
      id: k.id,
      polygon: k.polygon,
      frame: k.window_frame_ratio,
      glass: DEFAULT_GLASS_TRANSMITTANCE,
    })),
    north: o.north,
    floorAboveTerrain: room.floor_height_above_terrain,
    height: room.height_roof_over_floor,
    materials: room.materials
      ? materialsText(room.materials, true)
      : materialsText(DEFAULT_REFLECTANCES, false),
    surroundings: o.surroundings,
    ...(o.trees ? { trees: o.trees } : {}),
    map: o.map,
    summary: o.summary,
    palette: o.palette ?? 'viridis',
    scaleMax: o.scaleMax ?? 10,
    source: o.source,
    stamp: o.stamp,
    targets: o.targets,
    ...(o.project ? { project: o.project } : {}),
    ...(o.climate ? { climate: o.climate, ...(o.weather ? { weather: o.weather } : {}) } : {}),
  });
}
