import { build } from 'esbuild';

/** Bundles a worker or probe module for the browser, in memory, so a test can serve it with page.route. */
export async function bundle(entry: string): Promise<string> {
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}
