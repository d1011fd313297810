import busboy from 'busboy';
import { LuxError } from '../core/errors';
import { meshFromFile } from '../core/encoding/meshUpload';

/**
 * A request body as the operations take it, from either form a client of the original service sends
 * (gateway.md §3):
 * - JSON (`application/json`, or no content type);
 * - `multipart/form-data` with a `params` field holding the JSON body without its mesh, and an optional
 *   `mesh` file part: `.npy`, gzip-compressed `.npy`, or a JSON array (meshUpload.ts). When the params
 *   give both `horizon` and `zenith`, the mesh is not read (the original skips obstruction then). A
 *   `weather` part (an EPW file, climate-based runs) becomes the body's `weather` text. Without
 *   a `params` field the flat form fields are the body (each JSON-decoded where it parses).
 * The multipart form is parsed by busboy (readForm).
 * Runs in the worker threads: a mesh file is decoded there, never on the event loop.
 */
export const isMultipart = (contentType: string | undefined): boolean =>
  /^multipart\/form-data\b/i.test(contentType ?? '');

export interface BodyOptions {
  /** Bound on a gzip mesh's inflated size (the body limit: a bomb is stopped while inflating). */
  maxBytes: number;
  /** Read the mesh file part too (false: the fields only, e.g. to learn the model type). */
  mesh?: boolean;
  /** The body is the caller's to give away: a mesh file in it may be realigned in place (meshUpload.ts). */
  owned?: boolean;
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
  let form: Map<string, string | Uint8Array>;
  try {
    form = await readForm(body, contentType!, o.maxBytes);
  } catch (e) {
    throw new LuxError(
      'invalid_json',
      `The multipart body cannot be read: ${(e as Error).message.slice(0, 200)}`,
    );
  }
  const text = (v: string | Uint8Array) => (typeof v === 'string' ? v : new TextDecoder().decode(v));
  const params = form.get('params');
  let fields: Record<string, unknown>;
  if (params !== undefined) {
    const v = parseJsonText(text(params), "The multipart field 'params'");
    if (v === null || typeof v !== 'object' || Array.isArray(v))
      throw new LuxError('invalid_json', "The multipart field 'params' must hold a JSON object");
    fields = v as Record<string, unknown>;
  } else {
    fields = {};
    for (const [k, v] of form) {
      if (k === 'mesh' || k === 'weather' || typeof v !== 'string') continue;
      try {
        fields[k] = JSON.parse(v);
      } catch {
        fields[k] = v;
      }
    }
  }
  // A climate-based run's weather file (EPW, text) as a file part or a field: taken as it is.
  const weather = form.get('weather');
  if (weather !== undefined) fields = { ...fields, weather: text(weather) };
  const mesh = form.get('mesh');
  if (mesh === undefined || o.mesh === false) return fields;
  // Both angles given: the mesh is not needed, and not read (gateway.md §3).
  if ('horizon' in fields && 'zenith' in fields) return fields;
  const bytes = typeof mesh === 'string' ? new TextEncoder().encode(mesh) : mesh;
  return { ...fields, mesh: meshFromFile(bytes, o.maxBytes, o.owned === true && typeof mesh !== 'string') };
}

/** A part of a multipart form: a field's text, or a file's bytes and its name. */
export interface FormPart {
  name: string;
  value: string | Uint8Array;
  filename?: string;
}

/**
 * The parts of a multipart form by name (the first of each name), fields as text and files as bytes.
 * busboy rather than the platform's Request.formData(): the latter took ~360 ms for a 16 MB .npy file
 * (it builds Blobs through web streams), busboy ~20 ms.
 */
export async function readForm(
  body: ArrayBuffer,
  contentType: string,
  maxBytes: number,
): Promise<Map<string, string | Uint8Array>> {
  return firstOfEach(await readFormParts(body, contentType, maxBytes));
}

/** A form's parts by name, the first of each. */
export function firstOfEach(parts: readonly FormPart[]): Map<string, string | Uint8Array> {
  const byName = new Map<string, string | Uint8Array>();
  for (const p of parts) if (!byName.has(p.name)) byName.set(p.name, p.value);
  return byName;
}

/** Every part of a multipart form in order, files with their names (several files may share a name). */
export function readFormParts(body: ArrayBuffer, contentType: string, maxBytes: number): Promise<FormPart[]> {
  return new Promise((resolve, reject) => {
    const parts: FormPart[] = [];
    const form = busboy({
      headers: { 'content-type': contentType },
      limits: { fieldSize: maxBytes, fileSize: maxBytes },
    });
    form.on('field', (name, value, info) => {
      if (info.valueTruncated) reject(new Error(`field '${name}' is above the body limit`));
      parts.push({ name, value });
    });
    form.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      // Kept in the order the parts came: a file's bytes arrive after later fields may have.
      const part: FormPart = {
        name,
        value: new Uint8Array(0),
        ...(info.filename ? { filename: info.filename } : {}),
      };
      parts.push(part);
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        part.value = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      });
    });
    form.on('error', reject);
    form.on('close', () => resolve(parts));
    form.end(Buffer.from(body));
  });
}
