import * as Comlink from 'comlink';
import { create } from 'zustand';
import { analyseBuilding } from '../../core/building/analyse';
import {
  buildingApartments as apartmentsOfBuilding,
  buildingReport as reportOfBuilding,
  roomResults,
  type AnalysedBuilding,
} from '../../core/building/files';
import type { RoomOutcome, RoomPass, RoomProposals } from '../../core/building/outcome';
import type { RunBody } from '../../core/proposals/changes';
import { proposeFixes } from '../../core/proposals/proposals';
import {
  DEFAULT_COMPLIANCE,
  siteThresholds,
  summarise,
  type Thresholds,
  type Verdict,
} from '../../core/stats/verdicts';
import { requestLitFromAbove } from '../../core/stats/litFromAbove';
import { engineAt, previewFor } from './proposals';
import type { IfcBuilding } from '../../core/ifc/building';
import { apartmentsCsv, roomsCsv } from '../../core/report/roomsTable';
import type { ApartmentTotal } from '../../core/stats/apartments';
import type { ColourBy } from '../../core/report/storeyPlan';
import { reportDay } from '../../core/report/project';
import { ifcRoomOfScene, sceneOfIfcRoom } from '../scene/fromIfc';
import type { Scene } from '../scene/scene';
import { normalise } from '../state/store';
import { projectNow } from './project';
import { useApp } from '../state/store';
import { useMeshDisplay } from '../ui/meshDisplay';
import { ensureModel } from './predictor';
import { analyseOnServer } from '../../core/jobs/buildingOnServer';
import { fetchTransport, JobCancelled, JobRefusal } from '../../core/jobs/jobClient';
import { serverRefusal } from './remote';
import { useAnswer, type EngineQuality, type Remote } from './answerStore';
import { ENGINE_STEPS } from './settle';
import { gridAsMap, useClimate } from './climate';
import { engineLanes, meshWorker, modelWorker } from './workers';
import type { ContextAnswer } from '../../../workers/mesh.worker';
import type { UpAxis } from '../../importers/importMesh';

export type { RoomOutcome } from '../../core/building/outcome';

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
  outcomes: (RoomOutcome | null)[];
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
  /** A year of the climate panel's weather file is being computed for every room (runBuildingYear). */
  yearRunning: boolean;
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

const EMPTY: Omit<BuildingState, 'file' | 'phase' | 'colourBy' | 'defaultFrame' | 'thresholds'> = {
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
  yearRunning: false,
  proposing: null,
  server: null,
};

export const useBuilding = create<BuildingState>()(() => ({
  file: null,
  phase: 'idle',
  colourBy: 'bfs',
  defaultFrame: 0.2,
  thresholds: DEFAULT_COMPLIANCE,
  ...EMPTY,
}));

export const showView = (view: BuildingState['view']): void => useBuilding.setState({ view });

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

/** A room's outcome with its verdicts made again by `thresholds` from the map it has. */
function judged(
  o: RoomOutcome | null,
  thresholds: Thresholds,
  request: { body: object } | null | undefined,
): RoomOutcome | null {
  return o?.answer && o.summary
    ? {
        ...o,
        summary: summarise(o.answer, thresholds, { topLit: requestLitFromAbove(request?.body ?? null) }),
      }
    : o;
}

export const showStorey = (storey: string): void => useBuilding.setState({ storey });
export const colourBy = (by: ColourBy): void => useBuilding.setState({ colourBy: by });

let run = 0;

/** What the open building was doing when a file began to be read: resumed if that file is refused. */
let beforeReading: BuildingState['phase'] = 'idle';

export async function openIfc(file: File): Promise<void> {
  const mine = ++run;
  // The last file's engine runs stop: their answers would be dropped, and the new file's passes wait on them.
  engineLanes.started()?.cancelAll();
  const was = useBuilding.getState();
  if (was.phase !== 'reading') beforeReading = was.yearRunning || was.proposing ? 'cancelled' : was.phase;
  // The open building stays shown while the file is read: the worker keeps it until another is read (a
  // refused file leaves it open there), so the page does too.
  useBuilding.setState({
    phase: 'reading',
    reading: file.name,
    refused: null,
    progress: 0,
    stage: 'reading',
    yearRunning: false,
    proposing: null,
  });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const frame = useBuilding.getState().defaultFrame;
  const answer = await meshWorker().importIfc(
    file.name,
    Comlink.transfer(bytes, [bytes.buffer]),
    frame,
    Comlink.proxy((f: number, stage: 'reading' | 'angles') => {
      if (run === mine) useBuilding.setState({ progress: f, stage });
    }),
  );
  if (run !== mine) return;
  // Unreadable, or without rooms: the worker keeps the building it had, and its mesh; so does the page.
  if (!answer.ok) return refuse(mine, file.name, answer.message);
  // The building stands around every room opened from it; hidden in 3D until asked for (it would wall
  // the room in).
  useMeshDisplay.getState().setMesh(answer.display);
  useMeshDisplay.getState().setVisible(false);
  const { building, requests } = answer;
  // The plan opens on the lowest storey with a room to analyse (the ground floor's shop before the
  // basement's store rooms).
  const first = building.rooms.find((r, i) => requests[i]) ?? building.rooms[0];
  useBuilding.setState({
    ...EMPTY,
    file: file.name,
    view: 'building',
    storey: first?.storey ?? null,
    phase: 'analysing',
    progress: 0,
    building,
    requests,
    triangles: answer.triangles,
    outcomes: requests.map(() => null),
  });
  // The default frame ratio changed while the file was read: its rooms are made again with it.
  if (useBuilding.getState().defaultFrame !== frame)
    return setDefaultFrame(useBuilding.getState().defaultFrame);
  await analyse(mine);
}

/**
 * A file refused (not IFC, cut short, no rooms): said, and the building open before stays, its analysis
 * taken up again where reading the file stopped it (its rooms not yet at standard quality).
 */
async function refuse(mine: number, file: string, message: string): Promise<void> {
  const s = useBuilding.getState();
  if (!s.building) {
    useBuilding.setState({ phase: 'error', message });
    return;
  }
  const resume = beforeReading === 'analysing' || beforeReading === 'settling';
  useBuilding.setState({
    reading: null,
    refused: `${file}: ${message}`,
    phase: resume ? 'analysing' : beforeReading,
    progress: 0,
  });
  if (resume) await analyse(mine, (j) => s.outcomes[j]?.quality !== 'standard');
}

/** The app's passes: the model's preview of every room, then the engine at draft and at standard. */
const PASSES: readonly RoomPass[] = [
  { method: 'model' },
  ...ENGINE_STEPS.map((quality): RoomPass => ({ method: 'engine', quality })),
];

/**
 * Every analysable room of the building, in the background, through the one building workflow
 * (core/building/analyse.ts): the model's preview of each, then the engine's map at draft and at standard
 * quality, spread over the engine lanes (workers.ts: the editor's engine worker and one more a core, the
 * building's runs with negative job ids). Stops as soon as another run starts (`run` moves on).
 */
async function analyse(mine: number, only?: (room: number) => boolean): Promise<void> {
  const all = useBuilding.getState().requests;
  // Only some rooms (the others keep their outcomes): a room kept from the editor, and what was left.
  const requests = only ? all.map((r, i) => (only(i) ? r : null)) : all;
  const remote = useAnswer.getState().remote;
  if (remote) return analyseOnRemote(mine, remote, requests);
  useBuilding.setState({ server: null });
  return analyseHere(mine, requests);
}

/** The passes in this tab: the model worker, then the engine lanes (the first beside the editor's runs). */
async function analyseHere(mine: number, requests: BuildingState['requests']): Promise<void> {
  try {
    await ensureModel();
  } catch (e) {
    if (run === mine)
      useBuilding.setState({ phase: 'error', message: `The model cannot load: ${(e as Error).message}` });
    return;
  }
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
  const stopped = (): boolean => run !== mine;
  await analyseBuilding(
    requests.map((r) => r?.body ?? null),
    {
      passes: PASSES,
      thresholds: () => useBuilding.getState().thresholds,
      concurrency: engineLanes().size,
      run: async (body, pass) => {
        if (pass.method === 'model') return modelWorker().predict(body);
        return engineLanes().run(async (engine, job) => engine.simulate(job, body));
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
  const job = serverJob(mine, remote);
  try {
    await analyseOnServer(
      job.transport,
      requests.map((r) => r?.body ?? null),
      {
        ...job.options,
        passes: PASSES,
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
          if (run === mine)
            useBuilding.setState((s) => ({
              outcomes: s.outcomes.map((o, i) => (requests[i] ? next[i]! : o)),
            }));
        },
      },
    );
  } catch (e) {
    if (run !== mine) return;
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
  if (run === mine) useBuilding.setState({ phase: 'done' });
}

/**
 * What every job of this run on `remote` shares: the transport, compact maps, cancelling with the run, and
 * the job's progress on the panel.
 */
function serverJob(mine: number, remote: Remote) {
  useBuilding.setState({ server: { url: remote.url, job: null } });
  return {
    transport: fetchTransport(remote.url, remote.token || null),
    options: {
      compact: true,
      isCancelled: () => run !== mine,
      onProgress: (finished: number, total: number, job: string) => {
        if (run === mine)
          useBuilding.setState({ progress: finished / total, server: { url: remote.url, job } });
      },
    },
  };
}

/** Why a job on the server did not give the building its answers, as a sentence that says what to do. */
function remoteFailure(remote: Remote, e: unknown): string {
  if (e instanceof JobRefusal && e.noJobs)
    return `${remote.url} takes no jobs: clear the server in the Server panel to compute the building in this browser.`;
  if (e instanceof JobRefusal) return serverRefusal(e.status, e.serverMessage);
  if (e instanceof JobCancelled)
    return `Job ${e.jobId} was cancelled on ${remote.url}: start it again when needed.`;
  return `The server ${remote.url} cannot be reached (${(e as Error).message}). Check its address in the Server panel, or clear it to compute in this browser.`;
}

/** How often the background analysis hands its answers to the page (ms). */
const FLUSH_MS = 250;

/**
 * Adds a context file (IFC, OBJ, STL, glTF) around the building, in its coordinates and on its terrain:
 * every room's angles change, so every room is analysed again.
 */
export async function addContext(file: File, up: UpAxis | 'auto' = 'auto'): Promise<void> {
  await changeContext(file.name, async () => {
    const bytes = new Uint8Array(await file.arrayBuffer());
    return meshWorker().addBuildingContext(file.name, Comlink.transfer(bytes, [bytes.buffer]), up);
  });
}

export async function removeContext(index: number): Promise<void> {
  const name = useBuilding.getState().contexts[index];
  if (name !== undefined) await changeContext(name, () => meshWorker().removeBuildingContext(index));
}

/** While a file is read, the open building is not changed: a change would drop the file being read. */
const readingFile = (): boolean => useBuilding.getState().phase === 'reading';

async function changeContext(name: string, change: () => Promise<ContextAnswer>): Promise<void> {
  if (!useBuilding.getState().building || readingFile()) return;
  cancelBuilding();
  const mine = ++run;
  useBuilding.setState({ contextBusy: name, contextError: null });
  const answer = await change();
  if (run !== mine) return;
  if (!answer.ok) {
    useBuilding.setState({ contextBusy: null, contextError: answer.message });
    return;
  }
  // No display where the page shows another mesh than the building's, which the worker kept current.
  if (answer.display) {
    const visible = useMeshDisplay.getState().visible;
    useMeshDisplay.getState().setMesh(answer.display);
    useMeshDisplay.getState().setVisible(visible);
  }
  useBuilding.setState((s) => ({
    contextBusy: null,
    contexts: answer.contexts,
    requests: answer.requests,
    triangles: answer.triangles,
    outcomes: answer.requests.map(() => null),
    phase: 'analysing',
    progress: 0,
    message: s.message,
  }));
  await analyse(mine);
}

/**
 * Another default frame ratio: kept for the next file, and with a building open its rooms are made again
 * (the windows whose frame the file gives keep theirs) and analysed again.
 */
export async function setDefaultFrame(ratio: number): Promise<void> {
  useBuilding.setState({ defaultFrame: ratio });
  const s = useBuilding.getState();
  if (
    readingFile() ||
    !s.building ||
    !s.building.rooms.some((r) => r.windows.some((w) => w.frameFrom === 'default'))
  )
    return;
  cancelBuilding();
  const mine = ++run;
  const answer = await meshWorker().reframe(ratio);
  if (run !== mine || !answer.ok) return;
  useBuilding.setState({
    building: answer.building,
    requests: answer.requests,
    outcomes: answer.requests.map(() => null),
    phase: 'analysing',
    progress: 0,
  });
  await analyse(mine);
}

/** Stops the background analysis; the rooms done so far keep their results. */
export function cancelBuilding(): void {
  run++;
  engineLanes.started()?.cancelAll();
  const phase = useBuilding.getState().phase;
  if (phase === 'analysing' || phase === 'settling')
    useBuilding.setState({ phase: 'cancelled', yearRunning: false, proposing: null });
}

/** Opens room `i` of the building in the editor (one undo step back to the scene before). */
export function openRoom(i: number): void {
  const s = useBuilding.getState();
  const room = s.building?.rooms[i];
  if (!room || room.problem) return;
  const file = s.file ?? 'IFC';
  useApp.getState().replaceScene({
    ...sceneOfIfcRoom(room, s.building!.north, file, s.triangles, { file, index: i }),
    // Judged as its row is: by the site's EN 17037 factors (setSiteFactors), not the editor's defaults.
    thresholds: s.thresholds,
  });
  useBuilding.setState({ view: 'room' });
}

/**
 * The building room the editor's scene was opened from, while that building is open: its index, and
 * whether the scene differs from it now (an edit not yet kept). Null for a room drawn here, or from
 * another file.
 */
export function editedRoom(scene: Scene, s: BuildingState): { index: number; changed: boolean } | null {
  const from = scene.ifcRoom;
  const room = from && s.file === from.file ? s.building?.rooms[from.index] : undefined;
  if (!from || !room || room.problem) return null;
  const asKept = normalise(sceneOfIfcRoom(room, s.building!.north, from.file, s.triangles, from));
  return { index: from.index, changed: roomKey(asKept) !== roomKey(scene) };
}

/** What of a scene the building keeps, to the millimetre: geometry, windows, skylights, materials. */
function roomKey(s: Scene): string {
  const mm = (v: number): number => Math.round(v * 1000);
  return JSON.stringify([
    s.outline.map((p) => p.map(mm)),
    mm(s.floorZ),
    mm(s.height),
    s.windows.map((w) => [
      w.id,
      w.edge,
      mm(w.offset),
      mm(w.width),
      mm(w.sill),
      mm(w.head),
      mm(w.frame * 1000),
      mm(w.thickness),
      w.glass ?? null,
    ]),
    (s.skylights ?? []).map((k) => [k.id, k.polygon.map((p) => p.map(mm)), mm(k.frame * 1000)]),
    (s.ceilingPlanes ?? []).map((p) => p.map(mm)),
    s.modelType,
    s.modelType === 'df_custom' ? s.materials : null,
  ]);
}

/**
 * Keeps the editor's changes in the building (issue 34 §2): the room it was opened from becomes the room
 * as edited (marked so in its notes), its request is made again with its windows' angles from the
 * building, and it is analysed again as the building's rooms are; its row, the plan, the apartment totals,
 * the CSV and the report follow. Rooms the background analysis had not finished are taken up again too.
 */
export async function keepRoomEdits(): Promise<void> {
  const scene = useApp.getState().scene;
  const s = useBuilding.getState();
  const at = editedRoom(scene, s);
  if (!at || !at.changed || readingFile()) return;
  const room = ifcRoomOfScene(s.building!.rooms[at.index]!, scene);
  const answer = await meshWorker().keepRoom(at.index, room);
  if (!answer.ok) {
    useBuilding.setState({ message: answer.message });
    return;
  }
  const running = s.phase === 'analysing' || s.phase === 'settling';
  cancelBuilding();
  const mine = ++run;
  useBuilding.setState((b) => ({
    building: b.building && {
      ...b.building,
      rooms: b.building.rooms.map((r, j) => (j === at.index ? room : r)),
    },
    requests: b.requests.map((r, j) => (j === at.index ? { body: answer.body } : r)),
    outcomes: b.outcomes.map((o, j) => (j === at.index ? null : o)),
    phase: 'analysing',
    progress: 0,
  }));
  const outcomes = useBuilding.getState().outcomes;
  await analyse(mine, (j) => j === at.index || (running && outcomes[j]?.quality !== 'standard'));
}

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

/** The building as analysed so far, as the core's tables and report read it. */
function analysed(): AnalysedBuilding {
  const s = useBuilding.getState();
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
  };
}

/** BFS 2024:8 per apartment: the user's grouping, else the file's zones. */
export const buildingApartments = (): ApartmentTotal[] =>
  useBuilding.getState().building ? apartmentsOfBuilding(analysed()) : [];

export const apartmentCsv = (): string => apartmentsCsv(buildingApartments());

export const buildingCsv = (): string => roomsCsv(roomResults(analysed(), false));

export const buildingReport = (): string => reportOfBuilding(analysed());

/**
 * A year of the loaded weather file for every analysable room (issue 32), after their daylight factor:
 * on the engine lanes, a room on each at a time, each room's DF kept and its year added (the table, the
 * report and the CSV then carry it).
 */
export async function runBuildingYear(): Promise<void> {
  const weather = useClimate.getState().weather;
  const s0 = useBuilding.getState();
  if (!weather || !s0.building || readingFile()) return;
  cancelBuilding();
  const mine = ++run;
  const pass: RoomPass = {
    method: 'climate',
    quality: 'draft',
    weather: weather.text,
    planNorth: s0.building.north,
  };
  useBuilding.setState({ phase: 'settling', progress: 0, yearRunning: true });
  const remote = useAnswer.getState().remote;
  if (remote) {
    // On the server the app is pointed at: one job, the weather sent once with it.
    const job = serverJob(mine, remote);
    try {
      const outcomes = await analyseOnServer(
        job.transport,
        s0.requests.map((r) => r?.body ?? null),
        { ...job.options, passes: [pass], from: s0.outcomes },
      );
      if (run === mine)
        useBuilding.setState((s) => ({
          // The rooms' daylight factors as judged when the year began: by the site's factors of now.
          outcomes: outcomes.map((o, i) => judged(o, s.thresholds, s.requests[i])),
          phase: 'done',
          yearRunning: false,
        }));
    } catch (e) {
      if (run === mine)
        useBuilding.setState({ phase: 'done', yearRunning: false, message: remoteFailure(remote, e) });
    }
    return;
  }
  await analyseBuilding(
    s0.requests.map((r) => r?.body ?? null),
    {
      passes: [pass],
      from: s0.outcomes,
      concurrency: engineLanes().size,
      run: async (body) => {
        const r = await engineLanes().run(async (engine, job) =>
          engine.climate(job, body, { preview: false, keep: false }),
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
          outcomes: s.outcomes.map((o, j) => (j === i ? judged(outcome, s.thresholds, s.requests[j]) : o)),
          progress: done / total,
        })),
      stopped: () => run !== mine,
    },
  );
  if (run !== mine) return;
  useBuilding.setState({ phase: 'done', yearRunning: false });
}

/**
 * What would make each room that fails `rule` pass (issue 34): the search of the editor's panel (the
 * model's preview, the engine at standard quality confirming) on each room's request, the rooms spread
 * over the building's engine lanes (the model's previews share its one worker), each room's changes kept
 * with its outcome as it is found (the table, the report and the CSV then carry them).
 */
export async function proposeForBuilding(rule: Verdict['id']): Promise<void> {
  const s0 = useBuilding.getState();
  const building = s0.building;
  if (!building || readingFile()) return;
  cancelBuilding();
  const mine = ++run;
  const failing = s0.outcomes.flatMap((o, i) =>
    s0.requests[i] && o?.summary?.verdicts.find((v) => v.id === rule)?.pass === false ? [i] : [],
  );
  useBuilding.setState({ phase: 'settling', progress: 0, proposing: rule });
  const lanes = engineLanes();
  let done = 0;
  const propose = (i: number) =>
    lanes.run(async (engine, job): Promise<void> => {
      if (run !== mine) return;
      const body = s0.requests[i]!.body as RunBody;
      let proposals: RoomProposals;
      try {
        const found = await proposeFixes(body, rule, {
          preview: previewFor(body, engine, job),
          confirm: engineAt('standard', engine, job),
          thresholds: s0.thresholds,
          floorArea: building.rooms[i]!.area,
          north: building.north,
        });
        proposals = { rule, list: found.map((p) => ({ label: p.label, addedGlazing: p.addedGlazing })) };
      } catch (e) {
        proposals = { rule, list: [], error: e instanceof Error ? e.message : String(e) };
      }
      if (run !== mine) return;
      done += 1;
      useBuilding.setState((s) => ({
        outcomes: s.outcomes.map((o, j) => (j === i && o ? { ...o, proposals } : o)),
        progress: done / failing.length,
      }));
    });
  await Promise.all(failing.map(propose));
  if (run !== mine) return;
  useBuilding.setState({ phase: 'done', proposing: null });
}
