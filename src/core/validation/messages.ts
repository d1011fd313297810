import { validationError, type LuxError } from '../errors';
import type { Range } from './ranges';

/** The exact messages of api.md §Errors. Numbers print as JavaScript prints them (`35`, `0.95`). */
export const missingParameters = (paths: readonly string[]): LuxError =>
  validationError(`Missing required parameters: ${paths.join(', ')}`);

export function outOfRange(name: string, value: number, range: Range): LuxError {
  const open = range.exclusiveMin ? '(' : '[';
  return validationError(
    `Parameter '${name}' value ${value} outside valid range ${open}${range.min}, ${range.max}]`,
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
