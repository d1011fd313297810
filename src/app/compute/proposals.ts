import * as Comlink from 'comlink';
import { create } from 'zustand';
import type { RoomGridAnswer } from '../../core/api/roomAnswer';
import { beyondModel } from '../../core/api/beyondModel';
import type { Change, RunBody } from '../../core/proposals/changes';
import { proposeFixes, type Compute, type Proposal } from '../../core/proposals/proposals';
import type { Verdict } from '../../core/stats/verdicts';
import { floorArea } from '../../core/geometry/polygon';
import { answerKey, runBody } from '../scene/geometry';
import type { Scene } from '../scene/scene';
import { useApp } from '../state/store';
import { ensureModel } from './predictor';
import { engineWorker, modelWorker } from './workers';
import { buildingMeshFor } from './building/editorMesh';
import { namingMesh } from './building/lanesMesh';

/**
 * What would make it pass (issue 34) in the app: the core's search (core/proposals) with the model's
 * preview in its worker as the fast answer and the engine at standard quality (what the map settles to)
 * confirming each change before it is shown; one click applies a change to the scene.
 */
export interface ProposalsState {
  phase: 'idle' | 'searching' | 'done' | 'error';
  rule: Verdict['id'] | null;
  /** The scene the proposals are for: they are shown only while it is on screen. */
  key: string | null;
  proposals: Proposal[];
  /** Computations run so far (previews and engine runs), for the progress line. */
  tried: number;
  error: string | null;
}

export const useProposals = create<ProposalsState>()(() => ({
  phase: 'idle',
  rule: null,
  key: null,
  proposals: [],
  tried: 0,
  error: null,
}));

let job = 0;

export async function findProposals(rule: Verdict['id']): Promise<void> {
  const scene = useApp.getState().scene;
  const key = answerKey(scene);
  const mine = ++job;
  useProposals.setState({ phase: 'searching', rule, key, proposals: [], tried: 0, error: null });
  // A building's room as the building has it: confirmed among the building, as its row's search is
  // (building/proposals.ts), its previews on the windows' angles.
  const meshId = await buildingMeshFor(scene);
  if (mine !== job) return;
  const body = namingMesh(runBody(scene) as unknown as RunBody, meshId);
  const counted =
    <T>(f: (b: RunBody) => Promise<T>) =>
    (b: RunBody): Promise<T> => {
      if (mine !== job) return Promise.reject(new Error('superseded'));
      useProposals.setState((s) => ({ tried: s.tried + 1 }));
      return f(b);
    };
  const preview = meshId ? buildingPreview(engineWorker()) : previewFor(body);
  try {
    const proposals = await proposeFixes(body, rule, {
      preview: counted(preview),
      confirm: counted(engineAt('standard')),
      thresholds: scene.thresholds,
      floorArea: floorArea(scene.outline),
      north: scene.north ?? 0,
    });
    if (mine === job) useProposals.setState({ phase: 'done', proposals });
  } catch (e) {
    if (mine !== job) return;
    // The building's surroundings made again meanwhile (its trees, a context file, a frame ratio): the lanes
    // hold the new ones, and the engine's refusal of the old id spoke of importing a mesh again.
    const changed =
      meshId !== null &&
      !(await engineWorker()
        .holdsBuildingMesh(meshId)
        .catch(() => false));
    if (mine === job)
      useProposals.setState({
        phase: 'error',
        error: changed
          ? 'The building’s surroundings changed during the search (its trees, a context file or a frame ratio): ask again to search among them.'
          : e instanceof Error
            ? e.message
            : String(e),
      });
  }
}

type Engine = ReturnType<typeof engineWorker>;

/**
 * The fast answer for a room: the model's preview, or for a room beyond the model the engine's draft
 * (on `engine` as job `job` where given: a building's lane, engineAt).
 */
export const previewFor = (body: RunBody, engine?: Engine, job?: number): Compute =>
  beyondModel(body) ? engineAt('draft', engine, job) : modelPreview;

async function modelPreview(body: RunBody): Promise<RoomGridAnswer> {
  await ensureModel();
  const r = await modelWorker().predict(body);
  if (!r.ok) throw new Error(r.error.message);
  return r.answer;
}

let engineJob = -2_000_000;
/**
 * The engine's answer at `quality`, on the editor's engine worker under a job id of its own, or on a
 * building's lane under the lane's job id (runs one after another reuse it, so the lanes' cancel reaches
 * whichever is in flight).
 */
export const engineAt =
  (quality: 'draft' | 'standard', engine: Engine = engineWorker(), job?: number) =>
  async (body: RunBody): Promise<RoomGridAnswer> => {
    const r = await engine.simulate(
      job ?? --engineJob,
      { ...body, quality },
      Comlink.proxy(() => {}),
    );
    if (!r.ok) throw new Error(r.error.message);
    return r.answer;
  };

/** Makes the change to the scene on screen (its map then settles to the engine as after any edit). */
export function applyProposal(p: Proposal): void {
  useApp.getState().edit((s) => applyToScene(s, p.change));
  useProposals.setState({ phase: 'idle', proposals: [], key: null });
}

/** A proposal's change made to a scene: the same change the core made to its request. */
export function applyToScene(s: Scene, c: Change): Scene {
  switch (c.kind) {
    case 'combined':
      return c.changes.reduce(applyToScene, s);
    case 'width':
      return { ...s, windows: s.windows.map((w) => (w.id === c.window ? { ...w, width: c.width } : w)) };
    case 'head':
      return { ...s, windows: s.windows.map((w) => (w.id === c.window ? { ...w, head: c.head } : w)) };
    case 'glass':
      return { ...s, windows: s.windows.map((w) => ({ ...w, glass: c.transmittance })) };
    case 'surfaces':
      return {
        ...s,
        modelType: 'df_custom',
        materials: {
          ...s.materials,
          ceiling_reflectance: c.ceiling,
          vertical_reflectance: c.walls,
          horizontal_reflectance: c.floor,
        },
      };
    case 'window': {
      const like = s.windows[0];
      return {
        ...s,
        windows: [
          ...s.windows,
          {
            id: c.id,
            edge: c.edge,
            offset: c.offset,
            width: c.width,
            sill: c.sill,
            head: c.head,
            frame: like?.frame ?? 0.2,
            thickness: Math.max(0, ...s.windows.map((w) => w.thickness)),
            ...(like?.glass !== undefined ? { glass: like.glass } : {}),
          },
        ],
      };
    }
  }
}

/**
 * The search's fast answer for a building's room: the model's preview on the windows' angles, as the
 * building's preview pass reads them; the engine's draft (among the building where the body names its mesh,
 * as the command line's search runs) where the model cannot answer: a room beyond it, or a second window,
 * which has no angles of its own (the mesh lets the search try one: core/proposals `anglesForAll`).
 */
export function buildingPreview(engine: Engine, job?: number): Compute {
  const draft = engineAt('draft', engine, job);
  return (b) => {
    const { mesh_id: _held, ...angled } = b;
    return beyondModel(b) || !everyWindowAngled(angled) ? draft(b) : previewFor(angled, engine, job)(angled);
  };
}

/** Whether each window of `b` has its horizon and zenith angles (its own, or the body's for all). */
const everyWindowAngled = (b: RunBody): boolean =>
  (Array.isArray(b.horizon) && Array.isArray(b.zenith)) ||
  Object.values(b.parameters.windows).every((w) => Array.isArray(w.horizon) && Array.isArray(w.zenith));
