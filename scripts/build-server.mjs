// Bundles the server and its worker into dist/server with esbuild (fast start, no TS loader at run time),
// and builds the web app into dist/app with Vite.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

await build({
  entryPoints: {
    main: 'src/server/main.ts',
    worker: 'src/service/worker.ts',
    modelScopeWorker: 'src/server/modelScopeWorker.ts',
    multi: 'src/server/multi.ts',
    // A building's IFC file for a job, on a thread of its own (src/service/jobs/ifcWorker.ts says why).
    ifcWorker: 'src/service/jobs/ifcWorker.ts',
    // The IFC command line (`npm run ifc` runs its source), runnable built like the two below; the tests run
    // it built (test/helpers/build.ts builtCli).
    ifc: 'src/cli/ifc.ts',
    // The model's room-terms solve beside the network (src/service/model/roomTermsThread.ts).
    roomTermsWorker: 'src/service/model/roomTermsWorker.ts',
    // Hosted mode's administration, runnable in the runtime image (no TypeScript there).
    tokens: 'src/cli/tokens.ts',
    usage: 'src/cli/usage.ts',
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
// When the bundle was last made whole: test/helpers/build.ts rebuilds it when a source is newer (so the
// entries above are named here alone).
writeFileSync('dist/server/.built', `${new Date().toISOString()}\n`);
// Vite's own CLI with this Node, not through npx: npm would print its config warnings a second time.
if (!process.argv.includes('--server-only'))
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
