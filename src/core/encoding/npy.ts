/**
 * NPY format 1.0 for uint8 arrays, byte-identical to numpy's writer (encoder.md §1.1): magic, version
 * 1.0, little-endian uint16 header length, then the header dict padded with spaces (numpy reserves room
 * for the first axis to grow to 21 digits) and a newline so that the preamble is a multiple of 64 bytes
 * (128 for the encoder's shapes). Data follows in C order.
 */
/** `\x93NUMPY` */
const MAGIC = Uint8Array.of(0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59);
const PREFIX_LENGTH = MAGIC.length + 2 + 2;
const ALIGN = 64;
const GROWTH_AXIS_MAX_DIGITS = 21;

/** Python's repr of a tuple of ints: `()`, `(5,)`, `(128, 128, 4)`. */
function pythonTuple(shape: readonly number[]): string {
  return shape.length === 1 ? `(${shape[0]},)` : `(${shape.join(', ')})`;
}

function headerText(shape: readonly number[], descr: string): string {
  const dict = `{'descr': '${descr}', 'fortran_order': False, 'shape': ${pythonTuple(shape)}, }`;
  const growth = shape.length > 0 ? ' '.repeat(GROWTH_AXIS_MAX_DIGITS - String(shape[0]).length) : '';
  const unpadded = dict + growth;
  const pad = ALIGN - ((PREFIX_LENGTH + unpadded.length + 1) % ALIGN);
  return `${unpadded}${' '.repeat(pad)}\n`;
}

/** NPY bytes of uint8 data, or of little-endian float32 (`'<f4'`, the training shards' targets). */
export function npyBytes(data: Uint8Array | Float32Array, shape: readonly number[]): Uint8Array {
  const bytes =
    data instanceof Float32Array ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : data;
  // Float32Array's own bytes are little-endian on every platform this runs on (x86, ARM).
  return npyRaw(bytes, shape, data instanceof Float32Array ? '<f4' : '|u1', data.BYTES_PER_ELEMENT);
}

/** NPY bytes of raw little-endian values of type `descr` (e.g. `'<f2'`, itemSize 2). */
export function npyRaw(
  bytes: Uint8Array,
  shape: readonly number[],
  descr: string,
  itemSize: number,
): Uint8Array {
  const size = shape.reduce((a, b) => a * b, 1);
  if (size * itemSize !== bytes.length)
    throw new RangeError(
      `npyBytes: shape ${pythonTuple(shape)} needs ${size * itemSize} bytes, got ${bytes.length}`,
    );
  const header = headerText(shape, descr);
  const out = new Uint8Array(PREFIX_LENGTH + header.length + bytes.length);
  out.set(MAGIC, 0);
  out.set([1, 0, header.length & 0xff, header.length >> 8], MAGIC.length);
  for (let i = 0; i < header.length; i++) out[PREFIX_LENGTH + i] = header.charCodeAt(i);
  out.set(bytes, PREFIX_LENGTH + header.length);
  return out;
}

export interface NpyArray {
  descr: string;
  shape: number[];
  data: Uint8Array;
}

/** Reads a version 1.0 C-order NPY file (enough for the encoder's own files and numpy's uint8 output). */
export function readNpy(bytes: Uint8Array): NpyArray {
  if (!MAGIC.every((b, i) => bytes[i] === b) || bytes[6] !== 1)
    throw new Error('readNpy: not an NPY 1.x file');
  const headerLength = (bytes[8] ?? 0) | ((bytes[9] ?? 0) << 8);
  const header = String.fromCharCode(...bytes.subarray(PREFIX_LENGTH, PREFIX_LENGTH + headerLength));
  const descr = /'descr':\s*'([^']*)'/.exec(header)?.[1];
  const shape = /'shape':\s*\(([^)]*)\)/.exec(header)?.[1];
  if (descr === undefined || shape === undefined || /'fortran_order':\s*True/.test(header)) {
    throw new Error(`readNpy: unsupported header ${header.trim()}`);
  }
  return {
    descr,
    shape: shape
      .split(',')
      .filter((s) => s.trim() !== '')
      .map(Number),
    data: bytes.subarray(PREFIX_LENGTH + headerLength),
  };
}
