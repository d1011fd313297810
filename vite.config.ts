import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { pwa } from './vite/pwa.ts';

/**
 * onnxruntime-web loads its WASM runtime at run time: ship it with the app under /ort/ so that prediction
 * never depends on a CDN and works offline. Two builds are shipped (workers/modelRuntime.ts picks one):
 * the JSEP build for WebGPU and the plain WASM build, which starts twice as fast where there is no GPU,
 * each with its JavaScript glue (loaded from the same folder); the other variants are not shipped,
 * and the copies Vite would bundle from onnxruntime-web's own `new URL(…wasm, import.meta.url)` are
 * dropped, because the worker always points the runtime at /ort/.
 */
const ORT_FILES = /^ort-wasm-simd-threaded(\.jsep)?\.(wasm|mjs)$/;

/** Drops the runtime's WASM that bundling onnxruntime-web emits (the model worker's build does). */
const dropBundledOrtWasm = (): Plugin => ({
  name: 'lux-drop-bundled-ort-wasm',
  apply: 'build',
  generateBundle(_options, bundle) {
    for (const name of Object.keys(bundle)) if (/ort-wasm[^/]*\.wasm$/.test(name)) delete bundle[name];
  },
});

function ortRuntime(): Plugin {
  const src = 'node_modules/onnxruntime-web/dist';
  return {
    name: 'lux-ort-runtime',
    apply: 'build',
    generateBundle() {
      // Emitted into the bundle (not copied afterwards) so that the service worker's precache lists them.
      for (const f of readdirSync(src))
        if (ORT_FILES.test(f))
          this.emitFile({ type: 'asset', fileName: `ort/${f}`, source: readFileSync(join(src, f)) });
    },
  };
}

/** web-ifc's WASM (IFC import in the mesh worker), shipped at /ifc/ and precached like the rest. */
function ifcRuntime(): Plugin {
  return {
    name: 'lux-ifc-runtime',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'ifc/web-ifc.wasm',
        source: readFileSync('node_modules/web-ifc/web-ifc.wasm'),
      });
    },
  };
}

export default defineConfig({
  build: {
    outDir: 'dist/app',
    emptyOutDir: true,
    // The page's entry is ~0.5 MB; three.js and the 3D views (~0.9 MB) are a chunk of their own, loaded once
    // the first map is on screen (src/app/ui/Views3D.tsx), and every chunk is precached for offline use
    // (vite/pwa.ts). Warn only past the largest, and keep the build's output to what someone should act on.
    chunkSizeWarningLimit: 1600,
    rolldownOptions: { checks: { pluginTimings: false } },
  },
  plugins: [
    react(),
    dropBundledOrtWasm(),
    ortRuntime(),
    ifcRuntime(),
    // The app works offline once visited (app.md §10): vite/pwa.ts.
    pwa(),
  ],
  worker: { format: 'es', plugins: () => [dropBundledOrtWasm()] },
  server: { proxy: { '/v2': 'http://127.0.0.1:8080', '/v1': 'http://127.0.0.1:8080' } },
});
