/**
 * The daylight model in a browser Web Worker (comlink): /run as the server computes it, with the same core
 * pre- and post-processing, on onnxruntime-web (WebGPU, else WASM); the answer comes back as typed arrays
 * in a transfer list (answer.ts), not as wire JSON.
 */
import * as Comlink from 'comlink';
import { runAnswer } from '../src/core/api/runOps';
import { OPEN_CONTEXT, type OpContext } from '../src/core/api/result';
import { HeldMeshes } from '../src/core/api/heldMeshes';
import { answered, failed, type AnswerResult } from './answer';
import { loadBrowserModel, type BrowserModel } from './modelRuntime';
import { ROOM_TERMS_WORKER, roomTermsService } from './roomTermsSolver';

let model: Promise<BrowserModel> | null = null;
/** The surroundings the page handed over, named by the bodies' `mesh_id`. */
const meshes = new HeldMeshes();
/** A request's context: the held meshes, and the model when one is loading or loaded. */
const context = (m: Promise<BrowserModel> | null): OpContext => ({
  ...OPEN_CONTEXT,
  storedMesh: meshes.resolve,
  ...(m ? { model: () => m } : {}),
});
/** Real runs in flight; the warm-up yields to them. */
let busy = 0;
/** When the last real run started or ended (performance.now()). */
let lastReal = -Infinity;
/**
 * The warm-up runs only after this long without a real run: a person editing (a drag sends an answer every
 * ~60 ms, a key held down every ~30) makes the code hot by their own answers, and a warm-up run slipped
 * between two of them (~100 ms while the code is cold) would delay the second.
 */
const IDLE_MS = 250;
/**
 * The app's engine is running in its own worker: the warm-up yields to it too. On a 2-core machine the
 * warm-up's runs (~4 s of the worker, ~5 s of compiles beside it) otherwise doubled the engine's time to its first settled map (measured
 * on the default room: 2.2 s from the preview to the standard map with no warm-up, 4.4 s beside it).
 */
let engineRunning = false;
let warming: Promise<void> | null = null;
/** The warm-up's answers after the first (0 when the page asked for none). */
const WARM_UP_RUNS = 40;
let warmUpRuns = WARM_UP_RUNS;

/**
 * Answers the first request again a few times while the worker is otherwise idle. Chromium compiles
 * WASM (and JavaScript) in a baseline tier first and optimises hot code as it runs. Without the warm-up
 * the answers after the first map take 180–590 ms (the 2nd to 5th: the room-terms worker starting
 * too), ~100 ms to the 10th, ~60 ms to the 20th with spikes to 200, and the steady ~30 ms after ~28
 * (2026-12-02, this 2-core machine, the bench's room, one answer every 60 ms). Warming up after the first
 * map, on the whole pipeline, means the user's edits meet the fast code. It is not free: ~10 s of CPU
 * time on two cores (its 40 answers ~4 s, the optimising compiles on Chromium's background threads
 * ~5 s), which the page's setting can turn off (modelLoad.ts). Each run waits until no real run has been
 * asked for in IDLE_MS, so it delays one by at most one answer, and an edit that follows another not at all.
 */
async function warmUp(m: BrowserModel, body: unknown, runs: number): Promise<void> {
  for (let k = 0; k < runs; k++) {
    do await new Promise((r) => setTimeout(r, 30));
    while (busy > 0 || engineRunning || performance.now() - lastReal < IDLE_MS);
    if ((await model) !== m) return; // replaced meanwhile
    await runAnswer(body, context(Promise.resolve(m)));
  }
}

const api = {
  /**
   * Loads (or replaces) the model; resolves with its card and the backend in use. `warmUp: false`: no
   * warm-up after the first answer (the page's setting, modelLoad.ts).
   */
  async load(
    cardUrl: string,
    options: { warmUp?: boolean } = {},
  ): Promise<{ name: string; version: string; backend: string }> {
    warmUpRuns = options.warmUp === false ? 0 : WARM_UP_RUNS;
    model = loadBrowserModel(cardUrl);
    warming = null;
    const m = await model;
    return { name: m.card.name, version: m.card.version, backend: m.backend };
  },

  /** The /run body's answer: the room's DF grid and mask as typed arrays, per-window angles, the model. */
  async predict(body: unknown): Promise<AnswerResult> {
    busy++;
    lastReal = performance.now();
    try {
      const m = model;
      const answer = await runAnswer(body, context(m));
      // Warm up once the first answer is out, so it never delays the first map; the room terms' second
      // worker starts then too (roomTermsSolver.ts), and the warm-up's runs warm it.
      if (m && !warming)
        warming = m
          .then((loaded) => {
            void loaded.roomTerms?.start();
            return warmUp(loaded, body, warmUpRuns);
          })
          .catch(() => undefined);
      return answered(answer);
    } catch (e) {
      return failed(e);
    } finally {
      busy--;
      lastReal = performance.now();
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

  /**
   * Keeps the surroundings' triangles under their id (the SHA-256 of the positions, as a server names a
   * stored mesh): bodies then name them by `mesh_id`, and the model reads the mesh itself (its near field,
   * glass bands and exterior light), not only each window's angles.
   */
  holdMesh(id: string, positions: Float32Array): void {
    meshes.hold(id, positions);
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
