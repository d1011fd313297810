import { create } from 'zustand';
import type { RoomOutcome } from '../../../core/building/outcome';
import type { IfcBuilding } from '../../../core/ifc/building';
import {
  DEFAULT_CROWN_TRANSMITTANCE,
  DEFAULT_VEGETATION,
  type VegetationMode,
} from '../../../core/ifc/vegetation';
import type { ColourBy } from '../../../core/report/storeyPlan';
import type { WeatherFile } from '../../../core/report/weatherFile';
import { DEFAULT_COMPLIANCE, type Thresholds, type Verdict } from '../../../core/stats/verdicts';
import type { EngineQuality } from '../answerStore';

export type { RoomOutcome } from '../../../core/building/outcome';

/**
 * A room's outcome as the building holds it: `yearError` marks its `error` as why its year failed (its
 * daylight factor's passes had left none), so that the error goes with that year (yearFile.ts).
 */
export type BuildingOutcome = RoomOutcome & { yearError?: true };

/**
 * A building opened from IFC (issue 20 §1–2): read in the surroundings worker (web-ifc, never on the
 * page's thread), its rooms listed at once, then in the background every analysable room predicted by
 * the model (seconds for a building), then each one's engine map at draft and then at standard quality,
 * each replacing the answer before, as a drawn room's map settles; with progress and cancel. A room
 * opens in the editor, where its map settles as for a drawn room.
 */
export interface BuildingState {
  /** The open building's file (a room opened from it names it); the one being read is `reading`. */
  file: string | null;
  /**
   * The file being read (phase 'reading'), or the last one refused (phase 'error' without a building; with
   * one, `refused` says why): the open building stays shown until another is read.
   */
  reading: string | null;
  /** Why the last file opened was refused while a building stayed open ("x.ifc: The file has no rooms…"). */
  refused: string | null;
  /** analysing: the model's preview of every room; settling: the engine's map of each, in turn. */
  phase: 'idle' | 'reading' | 'analysing' | 'settling' | 'done' | 'cancelled' | 'error';
  /** Reading: the share of elements read; analysing and settling: rooms done over rooms to do. */
  progress: number;
  /** While reading: the file by web-ifc, then each window's view of the building (angles). */
  stage: 'reading' | 'angles';
  /** The engine's pass while settling: every room at draft, then every room at standard. */
  quality: EngineQuality;
  message: string | null;
  building: Omit<IfcBuilding, 'context'> | null;
  requests: ({ body: object } | null)[];
  outcomes: (BuildingOutcome | null)[];
  triangles: number;
  /** What the views show: the editor's room, or the building's rooms coloured by `colourBy`. */
  view: 'room' | 'building';
  /** The storey the building's plan shows. */
  storey: string | null;
  colourBy: ColourBy;
  /**
   * Each room's apartment as the user set it (by room index; '' = none), or null while the rooms are
   * grouped by the file's IfcZones.
   */
  apartments: string[] | null;
  /** The context files around the building, in the order they were added. */
  contexts: string[];
  /** The context file being read, and why the last one could not be. */
  contextBusy: string | null;
  contextError: string | null;
  /** The frame ratio of windows whose frame the file does not give (issue 20 §1: the project's default). */
  defaultFrame: number;
  /** What the file's trees and planting do (core/ifc/vegetation.ts): kept for the next file too. */
  vegetation: VegetationMode;
  /** With `translucent`, the share of the light a crown lets through (0–1): kept for the next file too. */
  crownTransmittance: number;
  /** The setting the surroundings worker is making the open building again with (setVegetation). */
  vegetationBusy: VegetationMode | null;
  /** The frame ratio the surroundings worker is making the open building's rooms again with (setDefaultFrame). */
  frameBusy: number | null;
  /** A year of the climate panel's weather file is being computed for every room (runBuildingYear). */
  yearRunning: boolean;
  /**
   * The weather file the rooms' year was last started with, which the report names: not the climate panel's
   * file of now, which may have been replaced since (the rooms' figures are still of this one). Every
   * room's year is of this file (its SHA-256): one started with another drops the rooms' years before
   * (yearFile.ts).
   */
  yearWeather: { file: WeatherFile; digest: string } | null;
  /** The rule whose failing rooms are being searched for what would make them pass (proposeForBuilding). */
  proposing: Verdict['id'] | null;
  /**
   * Where the rooms are computed when the app is pointed at a Lux server (Server panel): its address and
   * the current pass's job there (issue 37 §3); null: in this tab.
   */
  server: { url: string; job: string | null } | null;
  /** The verdicts' thresholds: EN 17037's daylight factors for the building's site (setSiteFactors). */
  thresholds: Thresholds;
}

/** What a newly read file starts from; the user's settings (file aside) carry over from the one before. */
export const EMPTY: Omit<
  BuildingState,
  'file' | 'phase' | 'colourBy' | 'defaultFrame' | 'vegetation' | 'crownTransmittance' | 'thresholds'
> = {
  reading: null,
  refused: null,
  progress: 0,
  stage: 'reading',
  quality: 'draft',
  message: null,
  building: null,
  requests: [],
  outcomes: [],
  triangles: 0,
  view: 'room',
  storey: null,
  apartments: null,
  contexts: [],
  contextBusy: null,
  contextError: null,
  vegetationBusy: null,
  frameBusy: null,
  yearRunning: false,
  yearWeather: null,
  proposing: null,
  server: null,
};

export const useBuilding = create<BuildingState>()(() => ({
  file: null,
  phase: 'idle',
  colourBy: 'bfs',
  defaultFrame: 0.2,
  vegetation: DEFAULT_VEGETATION,
  crownTransmittance: DEFAULT_CROWN_TRANSMITTANCE,
  thresholds: DEFAULT_COMPLIANCE,
  ...EMPTY,
}));

export const showView = (view: BuildingState['view']): void => useBuilding.setState({ view });
export const showStorey = (storey: string): void => useBuilding.setState({ storey });
export const colourBy = (by: ColourBy): void => useBuilding.setState({ colourBy: by });

/**
 * Puts room `i` into `apartment` ('' takes it out of any). The first edit starts from the file's grouping:
 * every room keeps its first IfcZone.
 */
export function setApartment(i: number, apartment: string): void {
  useBuilding.setState((s) => {
    const rooms = s.building?.rooms ?? [];
    const now = s.apartments ?? rooms.map((r) => r.zones[0] ?? '');
    return { apartments: now.map((a, j) => (j === i ? apartment.trim() : a)) };
  });
}

/** Back to the file's IfcZones. */
export const zonesAsApartments = (): void => useBuilding.setState({ apartments: null });
