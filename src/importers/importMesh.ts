import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';
import { Mesh, type BufferGeometry } from 'three';
import { collectTriangles, yUpToZUp } from './triangles';

/**
 * Obstruction meshes from files (app.md §3): OBJ, STL (ASCII or binary), glTF/GLB, and the API's JSON point
 * list. The three.js loaders parse; this module picks one, turns the result into a Z-up triangle soup and
 * checks it, so that a bad file fails here with a reason a user understands, before the scene changes.
 * Runs in the import worker: a 10⁶-triangle file takes seconds, which the page must not feel.
 */
export type UpAxis = 'z' | 'y';
export type MeshFormat = 'obj' | 'stl' | 'gltf' | 'glb' | 'json';

export class ImportError extends Error {
  override name = 'ImportError';
}

export interface ImportedMesh {
  positions: Float32Array;
  triangles: number;
  format: MeshFormat;
  /** Axis-aligned bounds in the world frame, for the 3D view and sanity messages. */
  min: [number, number, number];
  max: [number, number, number];
}

export const MAX_TRIANGLES = 5_000_000;

/** The format of a file from its name, else its first bytes. */
export function detectFormat(name: string, bytes: Uint8Array): MeshFormat {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (ext === 'obj' || ext === 'stl' || ext === 'gltf' || ext === 'glb' || ext === 'json') return ext;
  const head = new TextDecoder().decode(bytes.subarray(0, 256)).trimStart();
  if (head.startsWith('glTF')) return 'glb';
  if (head.startsWith('solid')) return 'stl';
  if (head.startsWith('[')) return 'json';
  if (head.startsWith('{')) return 'gltf';
  if (/^(v|vn|vt|f|o|g|#|mtllib)\s/m.test(head)) return 'obj';
  if (
    bytes.length >= 84 &&
    84 + 50 * new DataView(bytes.buffer, bytes.byteOffset).getUint32(80, true) === bytes.length
  )
    return 'stl';
  throw new ImportError(`Unknown file type '${name}': use OBJ, STL, glTF/GLB or a JSON point list.`);
}

/**
 * A binary STL says how many triangles it holds (50 bytes each after an 84-byte header): a file of another
 * size was cut short in a download or a copy. ASCII STL (starting "solid" and holding "facet") is left to
 * the parser.
 */
function checkStlSize(name: string, bytes: Uint8Array): void {
  const head = new TextDecoder().decode(bytes.subarray(0, 512));
  if (head.trimStart().startsWith('solid') && head.includes('facet')) return;
  if (bytes.length < 84)
    throw new ImportError(
      `'${name}' is too short to be an STL file (${bytes.length} bytes): export it again.`,
    );
  const n = new DataView(bytes.buffer, bytes.byteOffset).getUint32(80, true);
  const expected = 84 + 50 * n;
  if (expected !== bytes.length)
    throw new ImportError(
      `'${name}' is cut short or damaged: its header announces ${n} triangles (${expected} bytes) but the file has ${bytes.length} bytes. Export or download it again.`,
    );
}

function jsonPoints(text: string): Float32Array {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new ImportError(`The JSON file is not valid JSON (${(e as Error).message}).`);
  }
  // The API's form: [[x, y, z], …] (a multiple of 3 points), or a /run-style body with a `mesh` field.
  const list = Array.isArray(raw) ? raw : (raw as { mesh?: unknown } | null)?.mesh;
  if (!Array.isArray(list))
    throw new ImportError('The JSON file holds no point list: expected [[x, y, z], …] or {"mesh": [...]}.');
  if (list.length % 3 !== 0)
    throw new ImportError(`The point list has ${list.length} points: triangles need a multiple of 3.`);
  const out = new Float32Array(list.length * 3);
  list.forEach((p, i) => {
    if (!Array.isArray(p) || p.length !== 3 || !p.every((v) => typeof v === 'number' && Number.isFinite(v)))
      throw new ImportError(`Point ${i} of the list is not three finite numbers [x, y, z].`);
    out.set(p as number[], i * 3);
  });
  return out;
}

function gltf(data: ArrayBuffer | string): Promise<Float32Array> {
  return new Promise((resolve, reject) => {
    new GLTFLoader().parse(
      data,
      '',
      (g) => resolve(collectTriangles(g.scene)),
      (e) => reject(new ImportError(`The glTF file cannot be read (${e.message}).`)),
    );
  });
}

export async function importMesh(
  name: string,
  bytes: Uint8Array,
  up: UpAxis | 'auto' = 'auto',
): Promise<ImportedMesh> {
  if (bytes.length === 0) throw new ImportError(`'${name}' is empty.`);
  const format = detectFormat(name, bytes);
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  let positions: Float32Array;
  try {
    switch (format) {
      case 'obj':
        positions = collectTriangles(new OBJLoader().parse(new TextDecoder().decode(bytes)));
        break;
      case 'stl':
        checkStlSize(name, bytes);
        positions = collectTriangles(new Mesh(new STLLoader().parse(buffer) as BufferGeometry));
        break;
      case 'gltf':
        positions = await gltf(new TextDecoder().decode(bytes));
        break;
      case 'glb':
        positions = await gltf(buffer);
        break;
      case 'json':
        positions = jsonPoints(new TextDecoder().decode(bytes));
        break;
    }
  } catch (e) {
    if (e instanceof ImportError) throw e;
    throw new ImportError(
      `'${name}' could not be read as ${format.toUpperCase()}: export it again from the modelling tool, or try another format (${(e as Error).message}).`,
    );
  }
  // glTF is Y-up by definition; OBJ, STL and JSON follow the project's Z-up unless the user says otherwise.
  if ((up === 'auto' && (format === 'gltf' || format === 'glb')) || up === 'y') yUpToZUp(positions);
  const triangles = positions.length / 9;
  if (triangles === 0) throw new ImportError(`'${name}' holds no triangles.`);
  if (triangles > MAX_TRIANGLES)
    throw new ImportError(
      `'${name}' has ${triangles.toLocaleString('en')} triangles; at most ${MAX_TRIANGLES.toLocaleString('en')}.`,
    );
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i++) {
    const v = positions[i]!;
    if (!Number.isFinite(v))
      throw new ImportError(
        `'${name}' has a coordinate that is not a finite number (vertex ${Math.floor(i / 3)}).`,
      );
    const a = i % 3;
    if (v < min[a]!) min[a] = v;
    if (v > max[a]!) max[a] = v;
  }
  return { positions, triangles, format, min, max };
}
