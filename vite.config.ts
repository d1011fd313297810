import { defineConfig } from 'vite';

export default defineConfig({
  build: { outDir: 'dist/app', emptyOutDir: true },
  server: { proxy: { '/v2': 'http://127.0.0.1:8080', '/v1': 'http://127.0.0.1:8080' } },
});
