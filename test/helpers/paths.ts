import { fileURLToPath } from 'node:url';
import { SHIPPED_CARD } from '../../src/core/model/shipped';

/** The repository root, whatever the test runner's working directory. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const SERVER_MAIN = 'dist/server/main.js';
export const SERVER_MULTI = 'dist/server/multi.js';

/** The shipped model's card (src/core/model/shipped.ts), from the repository root. */
export const SHIPPED_CARD_PATH = `${ROOT}public/models/${SHIPPED_CARD}`;
