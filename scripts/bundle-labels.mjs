// The label tool (src/datagen/labels/cli.ts) as one ESM file that runs with a bare `node` and nothing beside it,
// for a lent GPU machine, which has no npm and no node_modules (training/device/pack.sh; docs/model.md
// "Training on a lent machine"). Its `export` there must write the frames this machine's writes, byte for byte
// (test/datagen/labels.test.ts).
//   node scripts/bundle-labels.mjs <outfile.mjs>
import { pathToFileURL, fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export async function bundleLabels(outfile) {
  await build({
    entryPoints: [fileURLToPath(new URL('../src/datagen/labels/cli.ts', import.meta.url))],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    // Bundled CommonJS dependencies call require(), which an ES module lacks.
    banner: { js: "import{createRequire as __cr}from'module';const require=__cr(import.meta.url);" },
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (!process.argv[2]) throw new Error('node scripts/bundle-labels.mjs <outfile.mjs>');
  await bundleLabels(process.argv[2]);
}
