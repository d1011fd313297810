// Bundles the server and its worker into dist/server with esbuild (fast start, no TS loader at run time),
// and builds the web app into dist/app with Vite.
import { build } from 'esbuild';
import { execSync } from 'node:child_process';

await build({
  entryPoints: {
    main: 'src/server/main.ts',
    worker: 'src/server/worker.ts',
    modelScopeWorker: 'src/server/modelScopeWorker.ts',
    multi: 'src/server/multi.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
if (!process.argv.includes('--server-only')) execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
