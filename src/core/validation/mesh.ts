import { LuxError, validationError } from '../errors';
import type { TriangleSoup } from '../types';
import { tooFewMeshPoints } from './messages';
import { MAX_COORDINATE } from './ranges';
import { AT_ORIGIN, isAtOrigin, movedPositions, type PlanOrigin } from './aboutRoom';

export const DEFAULT_MAX_MESH_POINTS = 3_000_000;

/**
 * Turns the JSON mesh (`[[x, y, z], ...]`, three points per triangle) into a flat Float32Array in one
 * pass. Written by hand rather than with the schema library: a 10⁶-triangle mesh is 3·10⁶ points, and a
 * generic validator would allocate per point and take seconds where this loop takes milliseconds.
 */
export function parseMesh(
  value: unknown,
  maxPoints = DEFAULT_MAX_MESH_POINTS,
  origin: PlanOrigin = AT_ORIGIN,
): TriangleSoup {
  if (value instanceof Float32Array) return movedSoup(checkPositions(value, maxPoints), origin);
  if (!Array.isArray(value)) throw validationError(`Parameter 'mesh' must be an array of [x, y, z] points`);
  const n = value.length;
  if (n > maxPoints) {
    throw new LuxError(
      'payload_too_large',
      `Mesh has ${n} points, above the limit of ${maxPoints} (LUX_MAX_MESH_POINTS)`,
    );
  }
  if (n < 3) throw tooFewMeshPoints();
  if (n % 3 !== 0) throw validationError(`Mesh point count must be a multiple of 3, got ${n}`);
  const positions = new Float32Array(n * 3);
  // Moved about the room (aboutRoom.ts) in double precision, before the value becomes single precision.
  const shift = [origin.x, origin.y, 0];
  for (let i = 0; i < n; i++) {
    const p: unknown = value[i];
    if (!Array.isArray(p) || p.length !== 3) {
      throw validationError(`Parameter 'mesh' must be an array of [x, y, z] points (point ${i} is not)`);
    }
    for (let k = 0; k < 3; k++) {
      const c: unknown = p[k];
      if (typeof c !== 'number' || !Number.isFinite(c)) {
        throw validationError(`Parameter 'mesh[${i}][${k}]' must be a finite number`);
      }
      if (Math.abs(c) > MAX_COORDINATE) {
        throw validationError(
          `Parameter 'mesh[${i}][${k}]' value ${c} outside valid range [-${MAX_COORDINATE}, ${MAX_COORDINATE}]`,
        );
      }
      positions[i * 3 + k] = c - shift[k]!;
    }
  }
  return { positions };
}

/**
 * A mesh that is single precision already, moved about the room: its points keep the steps they came with
 * (`singleStep`, for the answer to name), but everything computed about the room is then exact.
 *
 * The same soup moved to the same origin is the same object: a stored context (`mesh_id`, whose soup a
 * server thread keeps between requests) seen from rooms far from the plan's origin would otherwise be a new
 * array on every request, and the engine's and the obstruction's trees, cached by array, built again each
 * time (~0.2–1 s per 10⁵ triangles). A thread keeps at most MOVES_KEPT origins of one soup, the latest.
 */
export function movedSoup(
  soup: TriangleSoup,
  origin: PlanOrigin,
  /**
   * A held context (a browser worker's HeldMeshes, the command line's threads; a server keeps its copies in
   * its store, service/threadMeshes.ts): its moved copy serves the next rooms too (TriangleSoup.reused), and
   * lies in shared memory as the context does, so the model's solve thread is handed it, not a 17 MB copy.
   */
  stored = false,
): TriangleSoup {
  if (isAtOrigin(origin)) return soup;
  let kept = moves.get(soup);
  if (!kept) moves.set(soup, (kept = new Map()));
  const key = `${origin.x},${origin.y}`;
  let out = kept.get(key);
  if (out)
    kept.delete(key); // re-inserted below: the Map's order is its use
  else {
    const { positions, step } = movedPositions(soup.positions, origin, stored);
    out = { positions, singleStep: step, ...(stored ? { reused: true } : {}) };
    if (kept.size >= MOVES_KEPT) kept.delete(kept.keys().next().value!);
  }
  kept.set(key, out);
  return out;
}

/**
 * Origins kept per soup: the rooms of a building lie about one or, across a kilometre line, a few. Each
 * costs a copy of the positions and, once used, the trees over it.
 */
export const MOVES_KEPT = 4;
/** A soup's moved copies by origin; gone with the soup (an upload's, or a context the server evicted). */
const moves = new WeakMap<TriangleSoup, Map<string, TriangleSoup>>();

/** Cheap size check done before anything else touches a large body. */
export function checkMeshSize(value: unknown, maxPoints = DEFAULT_MAX_MESH_POINTS): void {
  if (Array.isArray(value) && value.length > maxPoints) parseMesh(value, maxPoints);
  if (value instanceof Float32Array && value.length / 3 > maxPoints) checkPositions(value, maxPoints);
}

/**
 * A mesh that arrived as flat positions (an uploaded NPY file, meshUpload.ts): the same checks as the
 * JSON form, with the same messages, on the array as it is.
 */
function checkPositions(positions: Float32Array, maxPoints: number): TriangleSoup {
  const n = positions.length / 3;
  if (n > maxPoints)
    throw new LuxError(
      'payload_too_large',
      `Mesh has ${n} points, above the limit of ${maxPoints} (LUX_MAX_MESH_POINTS)`,
    );
  if (n < 3) throw tooFewMeshPoints();
  if (n % 3 !== 0) throw validationError(`Mesh point count must be a multiple of 3, got ${n}`);
  for (let j = 0; j < positions.length; j++) {
    const c = positions[j]!;
    // NaN fails both comparisons, ±Infinity the second: one test per number on the path that passes.
    if (!(c >= -MAX_COORDINATE && c <= MAX_COORDINATE)) {
      const where = `mesh[${Math.floor(j / 3)}][${j % 3}]`;
      if (!Number.isFinite(c)) throw validationError(`Parameter '${where}' must be a finite number`);
      throw validationError(
        `Parameter '${where}' value ${c} outside valid range [-${MAX_COORDINATE}, ${MAX_COORDINATE}]`,
      );
    }
  }
  return { positions };
}
