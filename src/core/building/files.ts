import { DEFAULT_COMPLIANCE, type Thresholds } from '../stats/verdicts';
import { crownsPhrase } from '../ifc/vegetation';
import { LUX_VERSION } from '../report/luxVersion';
import type { ProjectInfo } from '../report/project';
import { glazingSummary, type IfcBuilding } from '../ifc/building';
import { buildingReportHtml } from '../report/buildingReport';
import {
  ENGINE_VALIDATION,
  engineMethodText,
  engineValidation,
  interreflectionText,
} from '../report/engineMethod';
import { ifcRoomSheet } from '../report/ifcRoomSheet';
import type { RoomResult } from '../report/roomResult';
import {
  analysedM2,
  apartmentsBy,
  apartmentsCsv,
  apartmentsOf,
  roomRow,
  roomsCsv,
} from '../report/roomsTable';
import type { ColourBy } from '../report/storeyPlan';
import type { ApartmentTotal } from '../stats/apartments';
import type { RoomOutcome, RoomPass } from './outcome';
import type { AnswerMethod } from '../api/roomAnswer';
import type { WeatherFile } from '../report/weatherFile';

/**
 * A building as analysed: what the command line writes and the app's Building panel downloads, made by
 * the functions below from this one record, so that both give the same tables and report for the same
 * outcomes.
 */
export interface AnalysedBuilding {
  /** The IFC file's name. */
  file: string;
  building: Omit<IfcBuilding, 'context'>;
  /** Triangles of the obstruction mesh (the building's and the context files'). */
  triangles: number;
  /** The context files' names, in the order they were added. */
  contexts: readonly string[];
  /** Each room's `/run` body (null: a room with a problem), as rooms.json gives it. */
  requests: readonly (object | null)[];
  outcomes: readonly (RoomOutcome | null)[];
  /** The passes that were asked for (the last one is what a finished analysis shows). */
  passes: readonly RoomPass[];
  /**
   * Apartments (BFS 2024:8): room numbers by apartment name (a groups file), each room's apartment by index
   * ('' = none: the app's edits), or absent: the file's IfcZones.
   */
  apartments?: ReadonlyMap<string, string[]> | readonly string[];
  colourBy?: ColourBy;
  /** The daylight model's card, for the words on a model's answers. */
  model?: { name: string; version: string; mae?: number };
  /** The thresholds the verdicts were judged with (the outcomes'), for the report's words; the defaults if absent. */
  thresholds?: Thresholds;
  /** The date the report carries (YYYY-MM-DD). */
  stamp: string;
  /** The project, site, author, design stage and date the report states (issue 34). */
  project?: ProjectInfo;
  /** The weather file of the climate pass (its year), which the report names. */
  weather?: WeatherFile;
}

/** The files of an analysed building, by name: the same whichever face computed it. */
export interface BuildingFiles {
  'rooms.csv': string;
  'apartments.csv': string;
  'rooms.json': string;
  'report.html': string;
}

/**
 * The computation that gave every analysed room's map, when one did: the last pass asked for once every
 * answer came from it (a finished analysis), else null (the app's report while it is still settling).
 */
export function uniformPass(b: Pick<AnalysedBuilding, 'outcomes' | 'passes'>): RoomPass | null {
  const last = dfPass(b);
  if (!last) return null;
  const same = b.outcomes.every(
    (o) =>
      !o?.answer || (o.method === last.method && (last.method === 'model' || o.quality === last.quality)),
  );
  return same ? last : null;
}

/** The daylight factor's last pass: a climate pass adds a year beside the map, it does not replace it. */
const dfPass = (b: Pick<AnalysedBuilding, 'passes'>): RoomPass | undefined =>
  [...b.passes].reverse().find((p) => p.method !== 'climate');

/** Each room with its verdicts and, with `sheets`, its report page. */
export function roomResults(b: AnalysedBuilding, sheets: boolean): RoomResult[] {
  const surroundings = b.contexts.length
    ? `The building itself and ${b.contexts.join(', ')}`
    : 'The building itself';
  // Its trees as crowns stand in no mesh: the page says them on a line of their own (vegetation.ts).
  const trees = b.building.crowns ? crownsPhrase(b.building.crowns) : null;
  return b.building.rooms.map((room, i) => {
    // Its summary is on the room's floor already, less the cells left out under a low sloped ceiling:
    // judged for its request (building/outcome.ts requestSummary), whose outline the room's area is of.
    const o = b.outcomes[i];
    const sheet =
      sheets && o?.answer && o.summary
        ? ifcRoomSheet({
            room,
            north: b.building.north,
            map: o.answer,
            summary: o.summary,
            source:
              o.method === 'engine'
                ? engineMethodText({ quality: o.quality ?? 'standard', ambientBounces: null })
                : modelSource(o.answer.method),
            surroundings,
            ...(trees ? { trees } : {}),
            stamp: b.stamp,
            targets: b.thresholds ?? DEFAULT_COMPLIANCE,
            ...(b.project ? { project: b.project } : {}),
            ...(o.climate
              ? { climate: o.climate.summary, ...(b.weather ? { weather: b.weather } : {}) }
              : {}),
          })
        : null;
    return {
      room,
      sheet,
      summary: o?.summary ?? null,
      error: o?.error ?? null,
      ...(o?.climate ? { climate: o.climate.summary } : {}),
      ...(o?.proposals ? { proposals: o.proposals } : {}),
    };
  });
}

/** BFS 2024:8 per apartment, grouped as `b.apartments` says. */
export function buildingApartments(b: AnalysedBuilding, results = roomResults(b, false)): ApartmentTotal[] {
  const a = b.apartments;
  if (a === undefined) return apartmentsOf(results, null);
  if (a instanceof Map) return apartmentsOf(results, a as Map<string, string[]>);
  const byIndex = a as readonly string[];
  return apartmentsBy(results, (_, i) => (byIndex[i] ? [byIndex[i]] : []));
}

/** A model-answered room's source line: the model its answer names (a signer needs which and what version). */
function modelSource(method: AnswerMethod | undefined): string {
  const named = method?.kind === 'model' ? `Lux model ${method.name} ${method.version}` : 'Lux model';
  return `${named} (a preview; the engine gives the physics answer)`;
}

/**
 * The model the previews came from: as their answers name it (a server's model may not be the card at
 * hand), with the card's measured error only when the card is that model.
 */
function modelOf(b: AnalysedBuilding): AnalysedBuilding['model'] {
  const named = b.outcomes.map((o) => o?.answer?.method).find((m) => m?.kind === 'model');
  if (named?.kind !== 'model') return b.model;
  if (b.model && b.model.name === named.name && b.model.version === named.version) return b.model;
  return { name: named.name, version: named.version };
}

function methodWords(b: AnalysedBuilding): { method: string; validation: string } {
  const pass = uniformPass(b);
  const model = modelOf(b);
  const modelValidation = model?.mae
    ? `Validation of the model: mean absolute error ${model.mae.toFixed(3)} DF points on ten Radiance reference scenes; see its model card for the rooms it was judged on.`
    : 'The daylight model’s preview: see its model card (docs/model.md) for its errors against Radiance and the engine.';
  if (pass?.method === 'engine')
    return {
      method: `Lux's physics engine (${pass.quality} quality, ${interreflectionText(null)}), one room at a time with the building as its surroundings.`,
      validation: engineValidation(pass.quality),
    };
  if (pass?.method === 'model')
    return {
      method: `Lux's daylight model${model ? ` ${model.name} ${model.version}` : ''}, a fast preview; the engine gives the physics answer.`,
      validation: modelValidation,
    };
  const last = dfPass(b);
  const quality = last?.method === 'engine' ? last.quality : 'standard';
  return {
    method: `Lux’s physics engine at ${quality} quality, ${interreflectionText(null)}, for every room it reached, at a lower quality or the daylight model’s preview for any it had not reached yet (each room’s page says which).`,
    validation: `${ENGINE_VALIDATION} ${modelValidation}`,
  };
}

/** The building's report (one printable HTML page: the table, the storey plans, a page per room). */
export function buildingReport(b: AnalysedBuilding, results = roomResults(b, true)): string {
  return buildingReportHtml({
    file: b.file,
    building: b.building,
    triangles: b.triangles,
    contexts: [...b.contexts],
    results,
    apartments: buildingApartments(b, results),
    ...(b.colourBy ? { colourBy: b.colourBy } : {}),
    ...methodWords(b),
    ...(b.thresholds ? { thresholds: b.thresholds } : {}),
    stamp: b.stamp,
    ...(b.project ? { project: b.project } : {}),
    ...(b.weather ? { weather: b.weather } : {}),
  });
}

/** rooms.json: the table's rows with each room's notes, windows and request, so any room can be re-sent. */
export function roomsJson(b: AnalysedBuilding, results = roomResults(b, false)): string {
  const pass = uniformPass(b);
  return JSON.stringify(
    {
      file: b.file,
      // The software that produced these figures, and its version.
      lux_version: LUX_VERSION,
      schema: b.building.schema,
      north: b.building.north,
      north_from: b.building.northFrom,
      notes: b.building.notes,
      terrain_z: b.building.terrainZ,
      method:
        pass?.method === 'engine'
          ? { kind: 'engine', quality: pass.quality, ambient_bounces: null }
          : pass?.method === 'model'
            ? { kind: 'model' }
            : { kind: 'mixed' },
      // The weather file the rooms' year is of, as the report names it (a year asked for: --weather).
      ...(b.weather
        ? { weather: { name: b.weather.name, source: b.weather.source, wmo: b.weather.wmo } }
        : {}),
      rooms: results.map((r, i) => ({
        ...roomRow(r),
        ...(r.climate ? { climate: r.climate } : {}),
        ...(r.proposals ? { proposals: r.proposals } : {}),
        // The area its shares are of: the floor, less the cells under a ceiling too low for the work plane.
        analysed_m2: analysedM2(r),
        notes: r.room.notes,
        windows: r.room.windows,
        request: b.requests[i] ?? null,
      })),
      apartments: buildingApartments(b, results),
      unplaced_windows: b.building.unplaced,
      ...(b.project ? { project: b.project } : {}),
      glazing: glazingSummary(b.building),
      opaque_doors: b.building.opaqueDoors,
    },
    null,
    1,
  );
}

/** Every file of an analysed building (the command line writes them all; the app offers each). */
export function buildingFiles(b: AnalysedBuilding): BuildingFiles {
  const results = roomResults(b, true);
  return {
    'rooms.csv': roomsCsv(results),
    'apartments.csv': apartmentsCsv(buildingApartments(b, results)),
    'rooms.json': roomsJson(b, results),
    'report.html': buildingReport(b, results),
  };
}
