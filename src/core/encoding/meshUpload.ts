import { Gunzip, strFromU8 } from 'fflate';
import { LuxError, validationError } from '../errors';

/**
 * A mesh sent as a file (the original gateway's multipart form, gateway.md §3): `.npy` (float32 or float64,
 * shape (n, 3) or (3n,), C order), the same gzip-compressed, or a JSON array of [x, y, z] points. A binary
 * mesh comes back as flat positions (the form parseMesh accepts without a per-point pass); JSON as the
 * parsed value, for parseMesh to check like a JSON body's mesh.
 *
 * Every failure is a LuxError with a message a client can act on: the NPY header, dtype, shape, a
 * truncated file, a gzip stream that inflates past `maxBytes` (a bomb is stopped while inflating, not
 * after).
 */
const NPY_MAGIC = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59]; // \x93NUMPY
const GZIP_MAGIC = [0x1f, 0x8b];

const startsWith = (b: Uint8Array, magic: readonly number[]): boolean => magic.every((m, i) => b[i] === m);

export function isBinaryMesh(bytes: Uint8Array): boolean {
  return startsWith(bytes, NPY_MAGIC) || startsWith(bytes, GZIP_MAGIC);
}

/** Inflates gzip in chunks, refusing once the output passes `maxBytes`. */
export function gunzipBounded(bytes: Uint8Array, maxBytes: number): Uint8Array {
  const parts: Uint8Array[] = [];
  let total = 0;
  let ended = false;
  const g = new Gunzip((chunk, final) => {
    total += chunk.length;
    if (total > maxBytes)
      throw new LuxError(
        'payload_too_large',
        `The gzip-compressed mesh inflates past ${maxBytes} bytes (LUX_MAX_BODY_BYTES)`,
      );
    parts.push(chunk);
    if (final) ended = true;
  });
  try {
    // Fed in slices so that the size check runs between them.
    for (let i = 0; i < bytes.length; i += 1 << 16)
      g.push(bytes.subarray(i, i + (1 << 16)), i + (1 << 16) >= bytes.length);
  } catch (e) {
    if (e instanceof LuxError) throw e;
    throw validationError(`The mesh file is not valid gzip: ${(e as Error).message}`);
  }
  if (!ended) throw validationError('The gzip-compressed mesh is truncated');
  const out = new Uint8Array(total);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * Flat positions from an NPY file of points: float32 or float64, (n, 3) or (3n,), little-endian, C order.
 * `owned`: the caller gives the bytes away, so an unaligned float32 array may be moved back to alignment
 * within them (over the NPY header before it) instead of copied to fresh memory.
 */
export function npyPoints(bytes: Uint8Array, owned = false): Float32Array {
  if (!startsWith(bytes, NPY_MAGIC) || bytes.length < 10)
    throw validationError('The mesh file is not an NPY file');
  const major = bytes[6]!;
  if (major < 1 || major > 3)
    throw validationError(`The mesh file's NPY version ${major} is not supported (1–3)`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const lenBytes = major === 1 ? 2 : 4;
  if (bytes.length < 8 + lenBytes) throw validationError('The mesh file is truncated (NPY header)');
  const headerLength = major === 1 ? view.getUint16(8, true) : view.getUint32(8, true);
  const start = 8 + lenBytes + headerLength;
  if (bytes.length < start) throw validationError('The mesh file is truncated (NPY header)');
  const header = String.fromCharCode(...bytes.subarray(8 + lenBytes, Math.min(start, 8 + lenBytes + 4096)));
  const descr = /'descr':\s*'([^']*)'/.exec(header)?.[1];
  const shapeText = /'shape':\s*\(([^)]*)\)/.exec(header)?.[1];
  if (descr === undefined || shapeText === undefined)
    throw validationError(`The mesh file's NPY header is not readable: ${header.trim().slice(0, 120)}`);
  if (/'fortran_order':\s*True/.test(header))
    throw validationError('The mesh array must be in C order (fortran_order False)');
  const size = descr === '<f4' ? 4 : descr === '<f8' ? 8 : 0;
  if (!size)
    throw validationError(
      `The mesh array's dtype must be float32 or float64 (little-endian), got '${descr}'`,
    );
  const shape = shapeText
    .split(',')
    .filter((s) => s.trim() !== '')
    .map(Number);
  const ok = (shape.length === 2 && shape[1] === 3) || (shape.length === 1 && shape[0]! % 3 === 0);
  if (!ok) throw validationError(`The mesh array's shape must be (n, 3) or (3n,), got (${shapeText.trim()})`);
  const values = shape.reduce((a, b) => a * b, 1);
  if (bytes.length - start < values * size)
    throw validationError(
      `The mesh file is truncated: ${values} values need ${values * size} bytes, it holds ${bytes.length - start}`,
    );
  if (size === 4 && LITTLE_ENDIAN) {
    // The file's bytes are the array's: a view when they are 4-byte aligned (NPY pads its header to 64
    // bytes, so they are whenever the file starts aligned), else moved or copied once. A file inside a
    // multipart body is aligned only by chance; moving it in place spares ~40 ms of page faults a 17 MB
    // copy into fresh memory costs.
    const offset = bytes.byteOffset + start;
    if (offset % 4 === 0) return new Float32Array(bytes.buffer, offset, values);
    if (owned) {
      const shift = offset % 4; // ≤ 3, and the header before the array is ≥ 10 bytes
      bytes.copyWithin(start - shift, start, start + 4 * values);
      return new Float32Array(bytes.buffer, offset - shift, values);
    }
    const copy = new Float32Array(values);
    new Uint8Array(copy.buffer).set(bytes.subarray(start, start + 4 * values));
    return copy;
  }
  const out = new Float32Array(values);
  for (let i = 0; i < values; i++)
    out[i] = size === 4 ? view.getFloat32(start + 4 * i, true) : view.getFloat64(start + 8 * i, true);
  return out;
}

/**
 * A mesh file's content: flat positions for NPY (or gzip of it), the parsed JSON otherwise. `owned`: the
 * bytes are the caller's to give away (npyPoints).
 */
export function meshFromFile(bytes: Uint8Array, maxBytes: number, owned = false): Float32Array | unknown {
  const gzip = startsWith(bytes, GZIP_MAGIC);
  const raw = gzip ? gunzipBounded(bytes, maxBytes) : bytes;
  if (startsWith(raw, NPY_MAGIC)) return npyPoints(raw, owned || gzip);
  const text = strFromU8(raw);
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new LuxError(
      'invalid_json',
      `The mesh file is neither NPY nor a JSON array: ${(e as Error).message.slice(0, 200)}`,
    );
  }
}
