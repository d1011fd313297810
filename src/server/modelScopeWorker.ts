import { movable } from './movable';

/**
 * Worker-thread entry of the gateway's model-scope check: the top-level `model_type` of a request body,
 * read exactly as task.ts reads it (same decoder, same JSON.parse), so gateway and embedded mode agree.
 * The body goes back transferred; a body that is not JSON has no model type here and is forwarded, and
 * the component answers its `invalid_json` error.
 */
export interface ModelTypeQuery {
  body: ArrayBuffer;
}

export interface ModelTypeAnswer {
  modelType: string | null;
  body: ArrayBuffer;
}

export default function modelTypeOf({ body }: ModelTypeQuery): ModelTypeAnswer {
  let modelType: string | null = null;
  try {
    const v: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: false }).decode(body));
    const mt = v !== null && typeof v === 'object' ? (v as { model_type?: unknown }).model_type : undefined;
    if (typeof mt === 'string') modelType = mt;
  } catch {
    // Not JSON: nothing to check.
  }
  return movable({ modelType, body }, [body]);
}
