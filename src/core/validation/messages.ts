import { validationError, type LuxError } from '../errors';
import type { Range } from './ranges';

/** The exact messages of api.md §Errors. Numbers print as JavaScript prints them (`35`, `0.95`). */
export const missingParameters = (paths: readonly string[]): LuxError =>
  validationError(`Missing required parameters: ${paths.join(', ')}`);

/**
 * The interface's shape, `[<min>, <max>]`, for every range: clients parse it. An exclusive lower bound
 * (height > 0) is said in the docs and the OpenAPI (exclusiveMinimum), not with a round bracket here.
 */
export function outOfRange(name: string, value: number, range: Range): LuxError {
  return validationError(
    `Parameter '${name}' value ${value} outside valid range [${range.min}, ${range.max}]`,
  );
}

export const tooFewMeshPoints = (): LuxError => validationError('Mesh must contain at least 3 points');

/** Describes a JSON value's type for "got ..." in messages. */
export function jsonTypeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number' && !Number.isFinite(v)) return String(v);
  return typeof v;
}
