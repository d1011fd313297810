import * as Comlink from 'comlink';
import type { RoomAnswer } from '../../core/api/roomAnswer';
import { answerKey, simulateBody } from '../scene/geometry';
import type { Scene } from '../scene/scene';
import { useApp } from '../state/store';
import { show, shownAnswer, useAnswer, type EngineQuality } from './answerStore';
import { buildingMeshFor } from './building/editorMesh';
import { namingMesh } from './building/lanesMesh';
import { remoteAnswer } from './remote';
import { engineWorker } from './workers';

/**
 * The map settles to the engine (app.md §Progressive answer): once the scene has been still for
 * SETTLE_MS after its preview, the physics engine runs on it in its worker (or the server's /simulate), at
 * draft quality and then at standard, each answer replacing the one on screen. Any edit cancels the run at
 * once (requestPrediction calls cancelEngine) and the countdown starts again after the next preview.
 */
export const SETTLE_MS = 300;
export const ENGINE_STEPS: readonly EngineQuality[] = ['draft', 'standard'];

interface Job {
  answer: Promise<RoomAnswer | null>;
  cancel: () => void;
}

const onScreen = (scene: Scene): boolean => answerKey(useApp.getState().scene) === answerKey(scene);

let timer: ReturnType<typeof setTimeout> | null = null;
let current: Job | null = null;
let nextJob = 1;
/** Bumped by every cancel: a settle that waited for the building's mesh meanwhile does not start. */
let generation = 0;

function browserJob(
  scene: Scene,
  quality: EngineQuality,
  meshId: string | null,
  onProgress: (f: number) => void,
): Job {
  const id = nextJob++;
  const answer = engineWorker()
    .simulate(id, namingMesh(simulateBody(scene, quality), meshId), Comlink.proxy(onProgress))
    .then((r) => {
      if (r.ok) return r.answer;
      if (r.error.type === 'cancelled') return null;
      throw new Error(r.error.message);
    });
  return { answer, cancel: () => void engineWorker().cancel(id) };
}

function remoteJob(scene: Scene, quality: EngineQuality): Job {
  const { remote } = useAnswer.getState();
  const abort = new AbortController();
  const answer = remoteAnswer(remote!, '/v2/simulate', simulateBody(scene, quality), abort.signal).catch(
    (e: unknown) => {
      if (abort.signal.aborted) return null;
      throw e;
    },
  );
  return { answer, cancel: () => abort.abort() };
}

/**
 * Stops the engine's countdown or run; the shown answer stays. `byUser`: the user pressed Cancel (the panel
 * then offers to run it again); otherwise an edit superseded the scene.
 */
export function cancelEngine(byUser = false): void {
  generation++;
  if (timer !== null) clearTimeout(timer);
  timer = null;
  current?.cancel();
  current = null;
  // After an edit nothing the engine did belongs to the new scene: even a finished run is history.
  if (!byUser) useAnswer.setState({ engine: { phase: 'idle' } });
  else if (useAnswer.getState().engine.phase !== 'done')
    useAnswer.setState({ engine: { phase: 'cancelled' } });
}

/** Starts the countdown for `scene` (whose preview is on screen, or failed). */
export function settleLater(scene: Scene, delay = SETTLE_MS): void {
  cancelEngine();
  useAnswer.setState({ engine: { phase: 'waiting' } });
  timer = setTimeout(() => {
    timer = null;
    void settle(scene);
  }, delay);
}

async function settle(scene: Scene): Promise<void> {
  // A building's room as the building has it is computed among the building, as its row (editorMesh.ts).
  const mine = generation;
  // (A server's /simulate holds no copy of this building: the angles there.)
  const meshId = useAnswer.getState().remote ? null : await buildingMeshFor(scene);
  if (mine !== generation) return;
  for (const quality of ENGINE_STEPS) {
    if (!onScreen(scene)) return;
    const t0 = performance.now();
    let shownProgress = 0;
    const onProgress = (f: number): void => {
      // Whole percents only: the panel re-renders on each, and the engine reports far more often.
      if (current !== job || f - shownProgress < 0.01) return;
      shownProgress = f;
      useAnswer.setState({ engine: { phase: 'running', quality, progress: f } });
    };
    const { remote } = useAnswer.getState();
    const job: Job = remote ? remoteJob(scene, quality) : browserJob(scene, quality, meshId, onProgress);
    current = job;
    useAnswer.setState({ engine: { phase: 'running', quality, progress: 0 } });
    let answer: RoomAnswer | null;
    try {
      answer = await job.answer;
    } catch (e) {
      if (current === job) {
        current = null;
        useAnswer.setState({
          engine: { phase: 'error', message: e instanceof Error ? e.message : String(e) },
        });
      }
      return;
    }
    if (current !== job || answer === null || !onScreen(scene)) return;
    const before = shownAnswer();
    // The model's preview of this scene stays beside the engine's answer: the comparison panel shows both.
    const preview =
      before && answerKey(before.scene) === answerKey(scene)
        ? (before.preview ?? (before.answer.method.kind === 'model' ? before.answer : null))
        : null;
    show({
      answer,
      scene,
      ms: performance.now() - t0,
      source: remote ? remote.url : 'browser',
      preview,
      ...(meshId !== null ? { amongBuilding: true as const } : {}),
    });
    useAnswer.setState({ engine: { phase: 'done', quality } });
  }
  current = null;
}

/** Runs the engine on the scene on screen now (the comparison panel's button after a cancel). */
export function settleNow(): void {
  settleLater(useApp.getState().scene, 0);
}
