import { fileURLToPath } from 'node:url';

/** The repository root, whatever the test runner's working directory. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const SERVER_MAIN = 'dist/server/main.js';
export const SERVER_MULTI = 'dist/server/multi.js';
