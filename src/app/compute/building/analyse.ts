import { analyseBuilding } from '../../../core/building/analyse';
import type { RoomOutcome, RoomPass } from '../../../core/building/outcome';
import { analyseOnServer } from '../../../core/jobs/buildingOnServer';
import { JobRefusal } from '../../../core/jobs/jobClient';
import type { Thresholds } from '../../../core/stats/verdicts';
import { useAnswer, type EngineQuality, type Remote } from '../answerStore';
import { ensureModel } from '../predictor';
import { ENGINE_STEPS } from '../settle';
import { engineLanes, modelWorker } from '../workers';
import { meshReaches } from '../../../core/api/highFloor';
import { buildingContext, meshOnLanes, onMesh } from './lanesMesh';
import { isCurrent } from './run';
import { remoteFailure, serverJob } from './serverJob';
import { judged } from './siteFactors';
import { useBuilding, type BuildingState } from './store';

/** The app's passes: the model's preview of every room, then the engine at draft and at standard. */
export const PASSES: readonly RoomPass[] = [
  { method: 'model' },
  ...ENGINE_STEPS.map((quality): RoomPass => ({ method: 'engine', quality })),
];

/**
 * Every analysable room of the building, in the background, through the one building workflow
 * (core/building/analyse.ts): the model's preview of each, then the engine's map at draft and at standard
 * quality, spread over the engine lanes (workers.ts: the editor's engine worker and one more a core, the
 * building's runs with negative job ids). Stops as soon as another run starts (run.ts).
 */
export async function analyse(mine: number, only?: (room: number) => boolean): Promise<void> {
  const all = useBuilding.getState().requests;
  // Only some rooms (the others keep their outcomes): a room kept from the editor, and what was left.
  const requests = only ? all.map((r, i) => (only(i) ? r : null)) : all;
  const remote = useAnswer.getState().remote;
  if (remote) return analyseOnRemote(mine, remote, requests);
  useBuilding.setState({ server: null });
  return analyseHere(mine, requests);
}

/**
 * The passes in this tab: the model worker on each window's angles, then the engine lanes (the first beside
 * the editor's runs) among the building's mesh (lanesMesh.ts), handed to them while the model loads.
 */
async function analyseHere(mine: number, requests: BuildingState['requests']): Promise<void> {
  const handed = meshOnLanes();
  try {
    await ensureModel();
  } catch (e) {
    if (isCurrent(mine))
      useBuilding.setState({ phase: 'error', message: `The model cannot load: ${(e as Error).message}` });
    return;
  }
  const mesh = await handed;
  const rooms = useBuilding.getState().building?.rooms ?? [];
  // Answers reach the page in batches, at most every FLUSH_MS: a building of 2 000 rooms would otherwise
  // redraw its list and plan 2 000 times a pass. Each waits with the thresholds it was judged by.
  const pending = new Map<number, { outcome: RoomOutcome; by: Thresholds }>();
  let flushed = performance.now(),
    progress = 0;
  const flush = (): void => {
    const update = new Map(pending);
    pending.clear();
    flushed = performance.now();
    useBuilding.setState((s) => ({
      outcomes: s.outcomes.map((o, j) => {
        const p = update.get(j);
        // The site's factors changed while it waited: judged by them (they had judged the rooms shown).
        return !p ? o : p.by === s.thresholds ? p.outcome : judged(p.outcome, s.thresholds, s.requests[j]);
      }),
      progress,
    }));
  };
  const stopped = (): boolean => !isCurrent(mine);
  await analyseBuilding(
    requests.map((r) => r?.body ?? null),
    {
      passes: PASSES,
      thresholds: () => useBuilding.getState().thresholds,
      concurrency: engineLanes().size,
      run: async (body, pass, i) => {
        if (pass.method === 'model') return modelWorker().predict(body);
        const seen = onMesh(body, rooms[i], mesh);
        return engineLanes().run(async (engine, job) => engine.simulate(job, seen));
      },
      onPass: (pass, k) => {
        if (k > 0) flush();
        if (pass.method === 'engine')
          useBuilding.setState({ phase: 'settling', quality: pass.quality as EngineQuality, progress: 0 });
      },
      onOutcome: (i, outcome, _pass, done, total) => {
        // Judged just now by the thresholds of now (analyseBuilding reads them as it judges).
        pending.set(i, { outcome, by: useBuilding.getState().thresholds });
        progress = done / total;
        if (performance.now() - flushed >= FLUSH_MS) flush();
      },
      stopped,
    },
  );
  if (stopped()) return;
  flush();
  useBuilding.setState({ phase: 'done' });
}

/**
 * The same passes as jobs on the Lux server the app is pointed at (issue 37 §3): the building's rooms
 * leave the tab in one job a pass, the server's replicas compute them, progress comes back as they do,
 * and each pass's answers replace the ones before when its job is done. Cancelling deletes the job there.
 * A server without jobs (no hosted-mode database) is told apart and the building computed in this tab.
 */
async function analyseOnRemote(
  mine: number,
  remote: Remote,
  requests: BuildingState['requests'],
): Promise<void> {
  // The engine's passes see the building on the server too, as the command line's `--server` sends it.
  const context = await buildingContext();
  const rooms = useBuilding.getState().building?.rooms ?? [];
  const job = serverJob(mine, remote);
  try {
    await analyseOnServer(
      job.transport,
      requests.map((r) => r?.body ?? null),
      {
        ...job.options,
        passes: PASSES,
        context,
        withoutContext: (i) => !meshReaches(rooms[i]),
        from: useBuilding.getState().outcomes,
        thresholds: () => useBuilding.getState().thresholds,
        onPass: (pass) =>
          useBuilding.setState(
            pass.method === 'engine'
              ? { phase: 'settling', quality: pass.quality as EngineQuality, progress: 0 }
              : { phase: 'analysing', progress: 0 },
          ),
        // A pass's answers together, as its job ends: the list and plan redraw once.
        // Only this run's rooms: the others keep what they have now (judged again meanwhile, perhaps).
        onPassDone: (_pass, next) => {
          if (isCurrent(mine))
            useBuilding.setState((s) => ({
              outcomes: s.outcomes.map((o, i) => (requests[i] ? next[i]! : o)),
            }));
        },
      },
    );
  } catch (e) {
    if (!isCurrent(mine)) return;
    if (e instanceof JobRefusal && e.noJobs) {
      // A plain server answers rooms one by one but keeps no jobs: this tab computes the building.
      useBuilding.setState({
        server: null,
        message: `${remote.url} takes no jobs; computing in this browser.`,
      });
      return analyseHere(mine, requests);
    }
    useBuilding.setState({ phase: 'error', message: remoteFailure(remote, e) });
    return;
  }
  if (isCurrent(mine)) useBuilding.setState({ phase: 'done' });
}

/** How often the background analysis hands its answers to the page (ms). */
const FLUSH_MS = 250;
