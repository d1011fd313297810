import { LuxError } from '../core/errors';
import { meshFromFile } from '../core/encoding/meshUpload';

/**
 * A request body as the operations take it, from either form a client of the original service sends
 * (gateway.md §3):
 * - JSON (`application/json`, or no content type);
 * - `multipart/form-data` with a `params` field holding the JSON body without its mesh, and an optional
 *   `mesh` file part: `.npy`, gzip-compressed `.npy`, or a JSON array (meshUpload.ts). When the params
 *   give both `horizon` and `zenith`, the mesh is not read (the original skips obstruction then). Without
 *   a `params` field the flat form fields are the body (each JSON-decoded where it parses).
 * The multipart form is parsed by the platform's own parser (undici's FormData, as fetch uses it).
 * Runs in the worker threads: a mesh file is decoded there, never on the event loop.
 */
export const isMultipart = (contentType: string | undefined): boolean =>
  /^multipart\/form-data\b/i.test(contentType ?? '');

export interface BodyOptions {
  /** Bound on a gzip mesh's inflated size (the body limit: a bomb is stopped while inflating). */
  maxBytes: number;
  /** Read the mesh file part too (false: the fields only, e.g. to learn the model type). */
  mesh?: boolean;
}

export function parseJsonText(text: string, what = 'Request body'): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new LuxError('invalid_json', `${what} is not valid JSON: ${(e as Error).message.slice(0, 200)}`);
  }
}

export async function decodeBody(
  body: ArrayBuffer,
  contentType: string | undefined,
  o: BodyOptions,
): Promise<unknown> {
  if (!isMultipart(contentType))
    return parseJsonText(new TextDecoder('utf-8', { fatal: false }).decode(body));
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': contentType! } }).formData();
  } catch (e) {
    throw new LuxError(
      'invalid_json',
      `The multipart body cannot be read: ${(e as Error).message.slice(0, 200)}`,
    );
  }
  const params = form.get('params');
  let fields: Record<string, unknown>;
  if (params !== null) {
    const text = typeof params === 'string' ? params : await params.text();
    const v = parseJsonText(text, "The multipart field 'params'");
    if (v === null || typeof v !== 'object' || Array.isArray(v))
      throw new LuxError('invalid_json', "The multipart field 'params' must hold a JSON object");
    fields = v as Record<string, unknown>;
  } else {
    fields = {};
    for (const [k, v] of form.entries()) {
      if (k === 'mesh' || typeof v !== 'string') continue;
      try {
        fields[k] = JSON.parse(v);
      } catch {
        fields[k] = v;
      }
    }
  }
  const mesh = form.get('mesh');
  if (mesh === null || o.mesh === false) return fields;
  // Both angles given: the mesh is not needed, and not read (gateway.md §3).
  if ('horizon' in fields && 'zenith' in fields) return fields;
  const bytes =
    typeof mesh === 'string' ? new TextEncoder().encode(mesh) : new Uint8Array(await mesh.arrayBuffer());
  return { ...fields, mesh: meshFromFile(bytes, o.maxBytes) };
}
