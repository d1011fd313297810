import {
  buildingApartments as apartmentsOfBuilding,
  buildingReport as reportOfBuilding,
  roomResults,
  type AnalysedBuilding,
} from '../../../core/building/files';
import { reportDay } from '../../../core/report/project';
import { apartmentsCsv, roomsCsv } from '../../../core/report/roomsTable';
import type { ApartmentTotal } from '../../../core/stats/apartments';
import { projectNow } from '../project';
import { PASSES } from './analyse';
import { useBuilding } from './store';
import { namedYearFile } from './yearFile';

/** The building as analysed so far, as the core's tables and report read it. */
function analysed(): AnalysedBuilding {
  const s = useBuilding.getState();
  const weather = namedYearFile(s.outcomes, s.yearWeather);
  return {
    file: s.file ?? 'IFC',
    building: s.building!,
    triangles: s.triangles,
    contexts: s.contexts,
    requests: s.requests.map((r) => r?.body ?? null),
    outcomes: s.outcomes,
    passes: PASSES,
    ...(s.apartments ? { apartments: s.apartments } : {}),
    colourBy: s.colourBy,
    thresholds: s.thresholds,
    stamp: reportDay(new Date()),
    project: projectNow(),
    ...(weather ? { weather } : {}),
  };
}

/** BFS 2024:8 per apartment: the user's grouping, else the file's zones. */
export const buildingApartments = (): ApartmentTotal[] =>
  useBuilding.getState().building ? apartmentsOfBuilding(analysed()) : [];

export const apartmentCsv = (): string => apartmentsCsv(buildingApartments());

export const buildingCsv = (): string => roomsCsv(roomResults(analysed(), false));

export const buildingReport = (): string => reportOfBuilding(analysed());
