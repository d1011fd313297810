import { SHIPPED_CARD } from '../../core/model/shipped';
import type { ModelWorker } from '../../../workers/model.worker';
import { modelWorker } from './workers';

/** The shipped model's card, relative to the page. */
export const MODEL_CARD = `models/${SHIPPED_CARD}`;

type Loaded = Awaited<ReturnType<ModelWorker['load']>>;
let loading: Promise<Loaded> | null = null;

/** Starts the model worker, the runtime's compile and the shipped model's download (once). */
export function loadShippedModel(): Promise<Loaded> {
  loading ??= modelWorker().load(new URL(MODEL_CARD, document.baseURI).href);
  return loading;
}
