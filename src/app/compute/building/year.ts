import { analyseBuilding } from '../../../core/building/analyse';
import type { RoomPass } from '../../../core/building/outcome';
import { analyseOnServer } from '../../../core/jobs/buildingOnServer';
import { weatherFileOf } from '../../../core/report/weatherFile';
import { useAnswer } from '../answerStore';
import { gridAsMap, useClimate } from '../climate';
import { engineLanes } from '../workers';
import { meshReaches } from '../../../core/api/highFloor';
import { buildingContext, meshOnLanes, onMesh } from './lanesMesh';
import { cancelBuilding, isCurrent, readingFile, remaking, startRun } from './run';
import { remoteFailure, serverJob } from './serverJob';
import { judged } from './siteFactors';
import { useBuilding } from './store';
import { outcomesForYear, yearOutcome } from './yearFile';

/**
 * A year of the loaded weather file for every analysable room (issue 32), after their daylight factor:
 * on the engine lanes, a room on each at a time, each room's DF kept and its year added (the table, the
 * report and the CSV then carry it).
 */
export async function runBuildingYear(): Promise<void> {
  const weather = useClimate.getState().weather;
  const s0 = useBuilding.getState();
  if (!weather || !s0.building || readingFile() || remaking()) return;
  cancelBuilding();
  const mine = startRun();
  const pass: RoomPass = {
    method: 'climate',
    quality: 'draft',
    weather: weather.text,
    planNorth: s0.building.north,
  };
  // The rooms' years are of one file, the one named: another file's go first, and every year's error
  // (yearFile.ts).
  const from = outcomesForYear(s0.outcomes, s0.yearWeather?.digest ?? null, weather.digest);
  useBuilding.setState({
    phase: 'settling',
    progress: 0,
    yearRunning: true,
    outcomes: from,
    yearWeather: { file: weatherFileOf(weather.name, weather.location), digest: weather.digest },
  });
  const remote = useAnswer.getState().remote;
  const rooms = s0.building.rooms;
  if (remote) {
    // On the server the app is pointed at: one job, the weather sent once with it, among the building.
    const context = await buildingContext();
    const job = serverJob(mine, remote);
    try {
      const outcomes = await analyseOnServer(
        job.transport,
        s0.requests.map((r) => r?.body ?? null),
        { ...job.options, passes: [pass], from, context, withoutContext: (i) => !meshReaches(rooms[i]) },
      );
      if (isCurrent(mine))
        useBuilding.setState((s) => ({
          // The rooms' daylight factors as judged when the year began: by the site's factors of now.
          outcomes: outcomes.map((o, i) => judged(o && yearOutcome(o, from[i]), s.thresholds, s.requests[i])),
          phase: 'done',
          yearRunning: false,
        }));
    } catch (e) {
      if (isCurrent(mine))
        useBuilding.setState({ phase: 'done', yearRunning: false, message: remoteFailure(remote, e) });
    }
    return;
  }
  // Among the building's mesh, as its daylight factor's engine passes (lanesMesh.ts).
  const mesh = await meshOnLanes();
  await analyseBuilding(
    s0.requests.map((r) => r?.body ?? null),
    {
      passes: [pass],
      from,
      concurrency: engineLanes().size,
      run: async (body, _p, i) => {
        const seen = onMesh(body, rooms[i], mesh);
        const r = await engineLanes().run(async (engine, job) =>
          engine.climate(job, seen, { preview: false, keep: false }),
        );
        if (!r.ok) return r;
        return {
          ok: true,
          answer: {
            ...gridAsMap(r.grids.da),
            modelType: 'da_default',
            windows: {},
            warnings: [],
            method: { kind: 'engine', quality: r.quality, seed: r.seed, ambientBounces: null },
          },
          climate: r.summary,
        };
      },
      // The year joins the room's daylight factor as judged when it began: judged by the site's factors of now.
      onOutcome: (i, outcome, _p, done, total) =>
        useBuilding.setState((s) => ({
          outcomes: s.outcomes.map((o, j) =>
            j === i ? judged(yearOutcome(outcome, from[i]), s.thresholds, s.requests[j]) : o,
          ),
          progress: done / total,
        })),
      stopped: () => !isCurrent(mine),
    },
  );
  if (!isCurrent(mine)) return;
  useBuilding.setState({ phase: 'done', yearRunning: false });
}
