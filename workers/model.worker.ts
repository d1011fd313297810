/**
 * The daylight model in a browser Web Worker (comlink): /run exactly as the server answers it, with the
 * same core pre- and post-processing, on onnxruntime-web (WebGPU, else WASM).
 */
import * as Comlink from 'comlink';
import { run as runOp } from '../src/core/api/runOps';
import { OPEN_CONTEXT } from '../src/core/api/result';
import { isLuxError } from '../src/core/errors';
import type { WorkerAnswer } from './api.worker';
import { loadBrowserModel, type BrowserModel } from './modelRuntime';

let model: Promise<BrowserModel> | null = null;

const api = {
  /** Loads (or replaces) the model; resolves with its card and the backend in use. */
  async load(cardUrl: string): Promise<{ name: string; version: string; backend: string }> {
    model = loadBrowserModel(cardUrl);
    const m = await model;
    return { name: m.card.name, version: m.card.version, backend: m.backend };
  },

  async run(body: unknown): Promise<WorkerAnswer> {
    try {
      const m = model;
      const result = await runOp(body, { ...OPEN_CONTEXT, ...(m ? { model: () => m } : {}) });
      return { ok: true, result };
    } catch (e) {
      if (isLuxError(e)) return { ok: false, error: { type: e.type, message: e.message } };
      return { ok: false, error: { type: 'internal_error', message: String(e) } };
    }
  },
};

export type ModelWorker = typeof api;
Comlink.expose(api);
