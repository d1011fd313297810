import { resultFromResponse } from '../../core/jobs/jobClient';
import { analyseBuilding } from '../../core/building/analyse';
import { buildingFiles, type BuildingFiles } from '../../core/building/files';
import type { AnswerResult, RoomPass } from '../../core/building/outcome';
import type { IfcBuilding } from '../../core/ifc/building';
import type { ProjectInfo } from '../../core/report/project';
import type { WeatherFile } from '../../core/report/weatherFile';
import type { Thresholds } from '../../core/stats/verdicts';
import type { Database } from '../hosted/database';
import { jobRooms } from './jobs';

/**
 * What an IFC job keeps of its building (lux_jobs.source), and its files once its rooms are answered:
 * rooms.json, rooms.csv and report.html as `npm run ifc` writes them, from the same core code
 * (analyseBuilding over the rooms' answers, buildingFiles).
 */
export interface IfcJobSource {
  file: string;
  building: Omit<IfcBuilding, 'context'>;
  requests: (object | null)[];
  roomIndex: number[];
  pass: RoomPass;
  /** The year's pass, when the job had weather: its rooms follow the pass's (ifcRooms.ts). */
  climate?: RoomPass;
  /** The weather file of that year, as rooms.json and the report name it (absent on jobs from before). */
  weather?: WeatherFile;
  /** The context files' names (absent on jobs from before they were taken). */
  contexts?: string[];
  /** The verdicts' thresholds (EN 17037's for the site); the defaults when absent. */
  thresholds?: Thresholds;
  triangles: number;
  project?: ProjectInfo;
}

/**
 * The files of a job as it stands (`version`: its state and counts), made once per version: a client that
 * downloads rooms.json, rooms.csv and the report, or polls them, does not re-analyse the building each time
 * on the server's event loop. The last few jobs' files are kept.
 */
const made = new Map<string, { version: string; files: Promise<BuildingFiles> }>();

export function ifcJobFiles(db: Database, id: string, version: string): Promise<BuildingFiles> {
  const known = made.get(id);
  if (known?.version === version) return known.files;
  const files = buildFiles(db, id);
  made.delete(id);
  made.set(id, { version, files });
  if (made.size > 8) made.delete(made.keys().next().value!);
  files.catch(() => made.delete(id));
  return files;
}

async function buildFiles(db: Database, id: string): Promise<BuildingFiles> {
  const [row] = await db.query<{ source: IfcJobSource; finished_at: Date | null }>(
    'SELECT source, finished_at FROM lux_jobs WHERE id = $1',
    [id],
  );
  const s = row!.source;
  const passes = s.climate ? [s.pass, s.climate] : [s.pass];
  // Job room k is building room roomIndex[k % n] in pass ⌊k / n⌋.
  const n = s.roomIndex.length;
  const results = passes.map(() => new Map<number, AnswerResult>());
  for (const r of await jobRooms(db, id, true)) {
    const i = s.roomIndex[r.index % n]!;
    const answer = r.answer as Record<string, unknown> | undefined;
    results[Math.floor(r.index / n)]!.set(
      i,
      r.status === 'done' && answer
        ? resultFromResponse(answer)
        : {
            ok: false,
            error: {
              type: r.status === 'failed' ? 'validation_error' : 'cancelled',
              message:
                r.error ?? (r.status === 'pending' ? 'not analysed yet' : `not analysed (${r.status})`),
            },
          },
    );
  }
  const outcomes = await analyseBuilding(s.requests as Parameters<typeof analyseBuilding>[0], {
    passes,
    ...(s.thresholds ? { thresholds: s.thresholds } : {}),
    concurrency: 4,
    run: async (_b, p, i) => results[passes.indexOf(p)]!.get(i)!,
  });
  return buildingFiles({
    file: s.file,
    building: s.building,
    triangles: s.triangles,
    contexts: s.contexts ?? [],
    ...(s.thresholds ? { thresholds: s.thresholds } : {}),
    requests: s.requests,
    outcomes,
    passes,
    stamp: new Date(row!.finished_at ?? Date.now()).toISOString().slice(0, 10),
    ...(s.project ? { project: s.project } : {}),
    ...(s.weather ? { weather: s.weather } : {}),
  });
}
