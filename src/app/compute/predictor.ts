import type { RoomAnswer } from '../../core/api/roomAnswer';
import { beyondModel } from '../../core/api/beyondModel';
import { answerKey, runBody, sceneProblems } from '../scene/geometry';
import type { Scene } from '../scene/scene';
import { useApp } from '../state/store';
import { clearAnswer, show, useAnswer, type ModelInfo } from './answerStore';
import { remoteAnswer } from './remote';
import { cancelEngine, settleLater } from './settle';
import { loadShippedModel } from './modelLoad';
import { modelWorker } from './workers';

/**
 * The preview: every scene change asks the model for a map, at most one prediction runs at a time, and
 * only the latest scene is predicted after it (intermediate drag positions are dropped, never queued).
 * Each answer then starts the engine's countdown (settle.ts), which any later change cancels. Where it
 * runs: the model worker in this browser, or a Lux server's /run when the user set one.
 */
let modelReady: Promise<ModelInfo> | null = null;
/** Starts the model worker, the runtime's compile and the model's download (once). */
export function ensureModel(): Promise<ModelInfo> {
  modelReady ??= loadShippedModel().then((m) => {
    useAnswer.setState({ model: m });
    return m;
  });
  return modelReady;
}

async function browserPrediction(body: unknown): Promise<RoomAnswer> {
  await ensureModel();
  const r = await modelWorker().predict(body);
  if (!r.ok) throw new Error(r.error.message);
  return r.answer;
}

let running = false;
let pending: Scene | null = null;
/** The scene of the last finished prediction: a pending scene equal to it needs none. */
let lastPredicted: Scene | null = null;

async function predict(scene: Scene): Promise<void> {
  lastPredicted = scene;
  const problems = sceneProblems(scene);
  if (problems.length > 0) {
    clearAnswer({ status: 'blocked', problems });
    return;
  }
  // The model knows rooms as boxes with windows in their walls: a room beyond it (skylights, a sloped
  // ceiling: the core's beyondModel, as /run decides) goes to the engine at once.
  if (beyondModel(runBody(scene))) {
    clearAnswer({ status: 'idle' });
    if (answerKey(useApp.getState().scene) === answerKey(scene) && pending === null) settleLater(scene, 0);
    return;
  }
  const { remote, model } = useAnswer.getState();
  useAnswer.setState({ status: model || remote ? 'predicting' : 'loading' });
  const t0 = performance.now();
  try {
    const body = runBody(scene);
    const answer = remote ? await remoteAnswer(remote, '/v2/run', body) : await browserPrediction(body);
    show({
      answer,
      scene,
      ms: performance.now() - t0,
      source: remote ? remote.url : 'browser',
      preview: null,
    });
  } catch (e) {
    clearAnswer({ status: 'error', error: e instanceof Error ? e.message : String(e) });
  }
  // The engine needs no model: it settles the scene even when the preview failed (a server without a
  // model still simulates; a browser whose model cannot load still gets the physics).
  if (answerKey(useApp.getState().scene) === answerKey(scene) && pending === null) settleLater(scene);
}

export function requestPrediction(scene: Scene): void {
  cancelEngine();
  if (running) {
    pending = scene;
    return;
  }
  running = true;
  void predict(scene).finally(() => {
    running = false;
    const next = pending;
    pending = null;
    if (next && next !== lastPredicted) requestPrediction(next);
  });
}

/** Starts following the store: predicts now and after every scene change (or change of server). */
export function startPredictor(): () => void {
  requestPrediction(useApp.getState().scene);
  const off1 = useApp.subscribe((s, prev) => {
    // A change the map does not depend on (a threshold) keeps the answer and the engine's run.
    if (s.scene !== prev.scene && answerKey(s.scene) !== answerKey(prev.scene)) requestPrediction(s.scene);
  });
  const off2 = useAnswer.subscribe((s, prev) => {
    if (s.remote !== prev.remote) requestPrediction(useApp.getState().scene);
  });
  return () => {
    off1();
    off2();
    cancelEngine();
  };
}
