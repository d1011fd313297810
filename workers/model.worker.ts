/**
 * The daylight model in a browser Web Worker (comlink): /run as the server computes it, with the same core
 * pre- and post-processing, on onnxruntime-web (WebGPU, else WASM); the answer comes back as typed arrays
 * in a transfer list (answer.ts), not as wire JSON.
 */
import * as Comlink from 'comlink';
import { runAnswer } from '../src/core/api/runOps';
import { OPEN_CONTEXT } from '../src/core/api/result';
import { answered, failed, type AnswerResult } from './answer';
import { loadBrowserModel, type BrowserModel } from './modelRuntime';
import { ROOM_TERMS_WORKER, roomTermsService } from './roomTermsSolver';

let model: Promise<BrowserModel> | null = null;
/** Real runs in flight; the warm-up yields to them. */
let busy = 0;
/**
 * The app's engine is running in its own worker: the warm-up yields to it too. On a 2-core machine the
 * warm-up's runs (~2 s of one core) otherwise doubled the engine's time to its first settled map (measured
 * on the default room: 2.2 s from the preview to the standard map with no warm-up, 4.4 s beside it).
 */
let engineRunning = false;
let warming: Promise<void> | null = null;

/**
 * Answers the first request again a few times while the worker is otherwise idle. Chromium compiles
 * WASM (and JavaScript) in a baseline tier first and optimises hot code as it runs: the first ~15
 * inferences take 2–4× the steady time (measured: 45–110 ms, then 22 ms), and the pipeline keeps spikes
 * of 30–50 ms until ~40 answers (a one-window room, 2 cores: after 16 warm-up runs the next 25 had a median
 * of 30 ms, after 40 the steady 24 ms from the first; ~2.5 s of idle time). Warming up after the first
 * map, on the whole pipeline, means the user's edits meet the fast code. Each run waits until no real
 * run is queued, so it delays one by at most one answer.
 */
async function warmUp(m: BrowserModel, body: unknown, runs = 40): Promise<void> {
  for (let k = 0; k < runs; k++) {
    do await new Promise((r) => setTimeout(r, 30));
    while (busy > 0 || engineRunning);
    if ((await model) !== m) return; // replaced meanwhile
    await runAnswer(body, { ...OPEN_CONTEXT, model: () => Promise.resolve(m) });
  }
}

const api = {
  /** Loads (or replaces) the model; resolves with its card and the backend in use. */
  async load(cardUrl: string): Promise<{ name: string; version: string; backend: string }> {
    model = loadBrowserModel(cardUrl);
    warming = null;
    const m = await model;
    return { name: m.card.name, version: m.card.version, backend: m.backend };
  },

  /** The /run body's answer: the room's DF grid and mask as typed arrays, per-window angles, the model. */
  async predict(body: unknown): Promise<AnswerResult> {
    busy++;
    try {
      const m = model;
      const answer = await runAnswer(body, { ...OPEN_CONTEXT, ...(m ? { model: () => m } : {}) });
      // Warm up once the first answer is out, so it never delays the first map; the room terms' second
      // worker starts then too (roomTermsSolver.ts), and the warm-up's runs warm it.
      if (m && !warming)
        warming = m
          .then((loaded) => {
            void loaded.roomTerms?.start();
            return warmUp(loaded, body);
          })
          .catch(() => undefined);
      return answered(answer);
    } catch (e) {
      return failed(e);
    } finally {
      busy--;
    }
  },

  /**
   * Where the loaded model's room terms are solved from now on, starting the second worker if the first
   * answer has not (null: the model has no room terms).
   */
  async roomTerms(): Promise<string | null> {
    const m = await model;
    return (await m?.roomTerms?.start()) ?? null;
  },

  /** The engine has started (true) or stopped (false) in the page's engine worker; the warm-up waits meanwhile. */
  engineRunning(running: boolean): void {
    engineRunning = running;
  },

  /** Resolves when the warm-up after the first answer has finished (benchmarks wait for it). */
  async warmed(): Promise<void> {
    await warming;
  },
};

export type ModelWorker = typeof api;
// Started again under ROOM_TERMS_WORKER's name, this script is the model worker's second thread (roomTermsSolver.ts).
Comlink.expose(self.name === ROOM_TERMS_WORKER ? roomTermsService : api);
