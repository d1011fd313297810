import { SHIPPED_CARD } from '../../core/model/shipped';
import type { ModelWorker } from '../../../workers/model.worker';
import { modelWorker } from './workers';

/** The shipped model's card, relative to the page. */
export const MODEL_CARD = `models/${SHIPPED_CARD}`;

type Loaded = Awaited<ReturnType<ModelWorker['load']>>;
let loading: Promise<Loaded> | null = null;

/**
 * This device's setting (localStorage `lux-warm-up` = `off`): no warm-up of the model after the first map.
 * The warm-up makes the first edits' maps fast (model.worker.ts) but costs ~10 s of CPU time after every
 * page load on two cores (its answers and the runtime's optimising compiles). The end-to-end tests turn it
 * off, as they block the service worker: nothing a test reads depends on it (docs/app.md).
 */
function warmUpWanted(): boolean {
  try {
    return localStorage.getItem('lux-warm-up') !== 'off';
  } catch {
    return true; // storage refused (a sandboxed frame): the default
  }
}

/** Starts the model worker, the runtime's compile and the shipped model's download (once). */
export function loadShippedModel(): Promise<Loaded> {
  loading ??= modelWorker().load(new URL(MODEL_CARD, document.baseURI).href, { warmUp: warmUpWanted() });
  return loading;
}
