// The label tool (src/datagen/labels/cli.ts → labels.mjs) and the room-terms tool (src/datagen/roomTermFrames.ts
// → roomterms.mjs, run with --threads 0) as single files that run with a bare `node` and nothing beside them,
// for a lent GPU machine, which has no npm and no node_modules (training/device/pack.sh; docs/model.md
// "Training on a lent machine"). What they write there must be what this machine writes, byte for byte
// (test/datagen/labels.test.ts).
//   node scripts/bundle-device.mjs <outdir>
import { join } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const source = (path) => fileURLToPath(new URL(`../${path}`, import.meta.url));

export async function bundleDeviceTools(outdir) {
  await build({
    entryPoints: {
      labels: source('src/datagen/labels/cli.ts'),
      roomterms: source('src/datagen/roomTermFrames.ts'),
    },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    // Bundled CommonJS dependencies call require(), which an ES module lacks.
    banner: { js: "import{createRequire as __cr}from'module';const require=__cr(import.meta.url);" },
  });
  return { labels: join(outdir, 'labels.mjs'), roomTerms: join(outdir, 'roomterms.mjs') };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (!process.argv[2]) throw new Error('node scripts/bundle-device.mjs <outdir>');
  await bundleDeviceTools(process.argv[2]);
}
