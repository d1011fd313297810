import type * as Ort from 'onnxruntime-web';
import { parseModelCard } from '../src/core/model/card';
import type { LoadedModel } from '../src/core/model/predict';
import type { TensorIn } from '../src/core/model/runner';
import { roomTermsSolver, type RoomTermsSolver } from './roomTermsSolver';

/**
 * The browser's inference runtime: onnxruntime-web on WebGPU where the browser has a GPU adapter, else
 * WASM. Each has its own build: the WebGPU one (JSEP, 28 MB of WASM) also runs on the CPU, but the plain
 * WASM build (14 MB) compiles in half the time and its first inference is 3× faster (measured in
 * Chromium: session 0.9 s vs 1.9 s, first run 70 vs 230 ms), which is most of the first map's budget.
 * The runtime's files are served by the app (copied to /ort/ at build: vite.config.ts), never fetched
 * from a CDN, so the app predicts offline. One thread: WASM threads need cross-origin isolation (COOP and
 * COEP on the page and every worker script), and two of them on two cores were no faster than one (15–21
 * ms a run against 18); the second core solves the room terms instead (roomTermsSolver.ts).
 */
async function gpuAdapter(): Promise<boolean> {
  const gpu = (navigator as { gpu?: { requestAdapter(): Promise<unknown> } }).gpu;
  if (!gpu) return false;
  // Some headless or blocklisted setups never settle: do not wait on them.
  const timeout = new Promise<null>((r) => setTimeout(() => r(null), 1000));
  return (await Promise.race([gpu.requestAdapter().catch(() => null), timeout])) != null;
}

let runtime: Promise<{ ort: typeof Ort; webgpu: boolean }> | null = null;
function loadRuntime(): Promise<{ ort: typeof Ort; webgpu: boolean }> {
  runtime ??= gpuAdapter().then(async (webgpu) => {
    const ort: typeof Ort = webgpu
      ? await import('onnxruntime-web/webgpu')
      : await import('onnxruntime-web/wasm');
    ort.env.wasm.wasmPaths = new URL('/ort/', self.location.href).href;
    ort.env.wasm.numThreads = 1;
    return { ort, webgpu };
  });
  return runtime;
}

export interface BrowserModel extends LoadedModel {
  backend: 'webgpu' | 'wasm';
  /** Its room terms' second worker, for a card with a room-terms method (roomTermsSolver.ts). */
  roomTerms: RoomTermsSolver | null;
}

/** Loads a card and its ONNX file (relative to the card's URL). */
export async function loadBrowserModel(cardUrl: string): Promise<BrowserModel> {
  const rt = loadRuntime(); // in parallel with the model's download
  const res = await fetch(cardUrl);
  if (!res.ok) throw new Error(`model card ${cardUrl}: HTTP ${res.status}`);
  const card = parseModelCard(await res.json());
  const solver = card.roomTerms ? roomTermsSolver() : null;
  const onnx = await fetch(new URL(card.file, new URL(cardUrl, self.location.href)));
  if (!onnx.ok) throw new Error(`model file ${card.file}: HTTP ${onnx.status}`);
  const bytes = new Uint8Array(await onnx.arrayBuffer());
  const { ort, webgpu } = await rt;
  let session: Ort.InferenceSession | null = null;
  let backend: BrowserModel['backend'] = 'wasm';
  if (webgpu) {
    try {
      session = await ort.InferenceSession.create(bytes, { executionProviders: ['webgpu'] });
      backend = 'webgpu';
    } catch {
      session = null; // no adapter (headless, blocklisted GPU): fall back to WASM
    }
  }
  // No graph optimisation on WASM: it was ~0.45 s of the session's ~1.7 s start in Chromium (two cores,
  // 2026-12-02: 1.2 s without it, 1.4–1.5 s at 'basic', 1.5–2.0 s at the default 'all'), and the network
  // runs as fast without it (bench median 30–35 ms a window either way).
  session ??= await ort.InferenceSession.create(bytes, {
    executionProviders: ['wasm'],
    graphOptimizationLevel: 'disabled',
  });
  const s = session;
  return {
    card,
    backend,
    roomTerms: solver,
    ...(solver ? { solveRoomTerms: solver.solve, traceExteriorFlux: solver.flux } : {}),
    run: async (feeds: Record<string, TensorIn>) => {
      const tensors: Record<string, Ort.Tensor> = {};
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
