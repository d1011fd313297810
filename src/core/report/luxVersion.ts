import packageJson from '../../../package.json' with { type: 'json' };

/**
 * Lux's own version (package.json), as every report and export states it: an architect signing a page
 * names the software that produced its figures. Read from package.json where each face is built (Vite, esbuild)
 * or run (tsx, Vitest, Playwright's loader: hence the import attribute), so it cannot drift from the release.
 */
export const LUX_VERSION: string = packageJson.version;

/** "Lux 0.1.0": the software, as a page's footer and a report's head name it. */
export const LUX_SOFTWARE = `Lux ${LUX_VERSION}`;
