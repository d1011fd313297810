import { movable } from '../service/movable';
import { decodeBody } from '../service/requestBody';

/**
 * Worker-thread entry of the gateway's model-scope check: the top-level `model_type` of a request body,
 * read exactly as task.ts reads it (requestBody.ts: JSON, or a multipart form's fields without reading its
 * mesh), so gateway and embedded mode agree. The body goes back transferred; a body that cannot be read
 * has no model type here and is forwarded, and the component answers its `invalid_json` error.
 */
export interface ModelTypeQuery {
  body: ArrayBuffer;
  contentType?: string | undefined;
}

export interface ModelTypeAnswer {
  modelType: string | null;
  body: ArrayBuffer;
}

export default async function modelTypeOf({ body, contentType }: ModelTypeQuery): Promise<ModelTypeAnswer> {
  let modelType: string | null = null;
  try {
    const v: unknown = await decodeBody(body, contentType, { maxBytes: body.byteLength, mesh: false });
    const mt = v !== null && typeof v === 'object' ? (v as { model_type?: unknown }).model_type : undefined;
    if (typeof mt === 'string') modelType = mt;
  } catch {
    // Not readable: nothing to check.
  }
  return movable({ modelType, body }, [body]);
}
