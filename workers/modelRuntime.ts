import * as ort from 'onnxruntime-web';
import { parseModelCard } from '../src/core/model/card';
import type { LoadedModel } from '../src/core/model/predict';
import type { TensorIn } from '../src/core/model/runner';

/**
 * The browser's inference runtime: onnxruntime-web on WebGPU where the browser has it, else WASM. The
 * runtime's own files are served by the app (copied to /ort/ at build: vite.config.ts), never fetched
 * from a CDN, so the app predicts offline. One thread: cross-origin isolation (needed for WASM threads)
 * would forbid loading models from other servers.
 */
ort.env.wasm.wasmPaths = new URL('/ort/', self.location.href).href;
ort.env.wasm.numThreads = 1;

export interface BrowserModel extends LoadedModel {
  backend: 'webgpu' | 'wasm';
}

const hasWebGpu = (): boolean => typeof navigator !== 'undefined' && 'gpu' in navigator;

/** Loads a card and its ONNX file (relative to the card's URL). */
export async function loadBrowserModel(cardUrl: string): Promise<BrowserModel> {
  const res = await fetch(cardUrl);
  if (!res.ok) throw new Error(`model card ${cardUrl}: HTTP ${res.status}`);
  const card = parseModelCard(await res.json());
  const onnx = await fetch(new URL(card.file, new URL(cardUrl, self.location.href)));
  if (!onnx.ok) throw new Error(`model file ${card.file}: HTTP ${onnx.status}`);
  const bytes = new Uint8Array(await onnx.arrayBuffer());
  let session: ort.InferenceSession | null = null;
  let backend: BrowserModel['backend'] = 'wasm';
  if (hasWebGpu()) {
    try {
      session = await ort.InferenceSession.create(bytes, { executionProviders: ['webgpu'] });
      backend = 'webgpu';
    } catch {
      session = null; // no adapter (headless, blocklisted GPU): fall back to WASM
    }
  }
  session ??= await ort.InferenceSession.create(bytes, { executionProviders: ['wasm'] });
  const s = session;
  return {
    card,
    backend,
    run: async (feeds: Record<string, TensorIn>) => {
      const tensors: Record<string, ort.Tensor> = {};
      for (const [name, t] of Object.entries(feeds))
        tensors[name] = new ort.Tensor('float32', t.data, t.dims);
      const out = await s.run(tensors);
      const r: Record<string, TensorIn> = {};
      for (const [name, t] of Object.entries(out))
        r[name] = { data: (await t.getData()) as Float32Array, dims: t.dims };
      return r;
    },
  };
}
