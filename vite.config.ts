import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * onnxruntime-web loads its WASM (and WebGPU) runtime files at run time: ship them with the app under
 * /ort/ so that prediction never depends on a CDN and works offline.
 */
function ortRuntime(): Plugin {
  const src = 'node_modules/onnxruntime-web/dist';
  return {
    name: 'lux-ort-runtime',
    apply: 'build',
    writeBundle(options) {
      const out = join(options.dir ?? 'dist/app', 'ort');
      mkdirSync(out, { recursive: true });
      for (const f of readdirSync(src))
        if (/^ort-wasm-simd-threaded.*\.(wasm|mjs)$/.test(f)) copyFileSync(join(src, f), join(out, f));
    },
  };
}

export default defineConfig({
  build: { outDir: 'dist/app', emptyOutDir: true },
  plugins: [react(), ortRuntime()],
  worker: { format: 'es' },
  server: { proxy: { '/v2': 'http://127.0.0.1:8080', '/v1': 'http://127.0.0.1:8080' } },
});
