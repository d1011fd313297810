import { create } from 'zustand';
import { runBody, sceneProblems } from '../scene/geometry';
import type { Scene } from '../scene/scene';
import { useApp } from '../state/store';
import { roomMapFromResponse, type RoomMap } from './roomMap';
import { modelWorker } from './workers';

/**
 * Keeps the DF map in step with the scene: every change asks for a prediction, at most one runs at a time,
 * and only the latest scene is predicted after it (intermediate drag positions are dropped, never queued).
 * Where it runs: the model worker in this browser, or a Lux server's /run when the user set one.
 */
export interface ModelInfo {
  name: string;
  version: string;
  backend: string;
}

export interface Remote {
  url: string;
  token: string;
}

export interface PredictionState {
  status: 'idle' | 'loading' | 'predicting' | 'ready' | 'blocked' | 'error';
  map: RoomMap | null;
  /** The scene the map belongs to (exports and share links carry both). */
  scene: Scene | null;
  response: Record<string, unknown> | null;
  problems: string[];
  error: string | null;
  model: ModelInfo | null;
  ms: number | null;
  /** Where the current map was predicted: this browser's model worker, or the server at this URL. */
  source: 'browser' | string | null;
  remote: Remote | null;
  setRemote: (r: Remote | null) => void;
}

export const usePrediction = create<PredictionState>()((set) => ({
  status: 'idle',
  map: null,
  scene: null,
  response: null,
  problems: [],
  error: null,
  model: null,
  ms: null,
  source: null,
  remote: null,
  setRemote: (remote) => set({ remote }),
}));

export const MODEL_CARD = 'models/lux-df-3.json';

let modelReady: Promise<ModelInfo> | null = null;
/** Starts the model worker, the runtime's compile and the model's download (once). */
export function ensureModel(): Promise<ModelInfo> {
  modelReady ??= modelWorker()
    .load(new URL(MODEL_CARD, document.baseURI).href)
    .then((m) => {
      usePrediction.setState({ model: m });
      return m;
    });
  return modelReady;
}

async function predictRemote(r: Remote, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(new URL('/v2/run', r.url), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(r.token ? { authorization: `Bearer ${r.token}` } : {}),
    },
    body: JSON.stringify({ ...(body as object), response_format: 'base64' }),
  });
  const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) throw new Error(`Server ${res.status}: ${String(json.message ?? res.statusText)}`);
  return json;
}

let running = false;
let pending: Scene | null = null;

async function predict(scene: Scene): Promise<void> {
  const problems = sceneProblems(scene);
  if (problems.length > 0) {
    usePrediction.setState({ status: 'blocked', problems, error: null });
    return;
  }
  const { remote, model } = usePrediction.getState();
  usePrediction.setState({ status: model || remote ? 'predicting' : 'loading', problems: [] });
  const t0 = performance.now();
  try {
    const body = runBody(scene);
    let response: Record<string, unknown>;
    if (remote) response = await predictRemote(remote, body);
    else {
      await ensureModel();
      const answer = await modelWorker().run(body);
      if (!answer.ok) throw new Error(answer.error.message);
      if (answer.result.kind !== 'json') throw new Error('unexpected answer');
      response = answer.result.value;
    }
    usePrediction.setState({
      status: 'ready',
      map: roomMapFromResponse(response),
      scene,
      response,
      error: null,
      ms: performance.now() - t0,
      source: remote ? remote.url : 'browser',
    });
  } catch (e) {
    usePrediction.setState({ status: 'error', error: e instanceof Error ? e.message : String(e) });
  }
}

export function requestPrediction(scene: Scene): void {
  if (running) {
    pending = scene;
    return;
  }
  running = true;
  void predict(scene).finally(() => {
    running = false;
    const next = pending;
    pending = null;
    if (next && next !== usePrediction.getState().scene) requestPrediction(next);
  });
}

/** Starts following the store: predicts now and after every scene change. */
export function startPredictor(): () => void {
  requestPrediction(useApp.getState().scene);
  const off1 = useApp.subscribe((s, prev) => {
    if (s.scene !== prev.scene) requestPrediction(s.scene);
  });
  const off2 = usePrediction.subscribe((s, prev) => {
    if (s.remote !== prev.remote) requestPrediction(useApp.getState().scene);
  });
  return () => {
    off1();
    off2();
  };
}
