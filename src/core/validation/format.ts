import type { z } from 'zod';
import { LuxError, validationError } from '../errors';
import { jsonTypeOf, missingParameters, outOfRange } from './messages';
import { RANGES, type Range } from './ranges';

type Path = readonly PropertyKey[];

/** `['parameters', 'windows', 'w1', 'horizon', 3]` → `parameters.windows.w1.horizon[3]`. */
export function pathName(path: Path): string {
  let s = '';
  for (const k of path) {
    if (typeof k === 'number') s += `[${k}]`;
    else s += s ? `.${String(k)}` : String(k);
  }
  return s;
}

/** Messages name fields relative to `parameters` (api.md: `Parameter 'height_roof_over_floor' ...`). */
export function fieldName(path: Path): string {
  return pathName(path[0] === 'parameters' && path.length > 1 ? path.slice(1) : path);
}

export function valueAt(root: unknown, path: Path): unknown {
  let v: unknown = root;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined;
    if (!Object.prototype.hasOwnProperty.call(v, k)) return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** The range that applies at `path`: the field's own, or its array's (horizon[3] → horizon). */
function rangeAt(path: Path): Range | undefined {
  for (let i = path.length - 1; i >= 0; i--) {
    const k = path[i];
    if (typeof k === 'string') return (RANGES as Record<string, Range>)[k];
  }
  return undefined;
}

function issueError(issue: z.core.$ZodIssue, body: unknown): LuxError {
  const name = fieldName(issue.path);
  const value = valueAt(body, issue.path);
  if (issue.message.includes('{name}')) return validationError(issue.message.replaceAll('{name}', name));
  if ((issue.code === 'too_big' || issue.code === 'too_small') && issue.origin === 'number') {
    const range = rangeAt(issue.path);
    if (range && typeof value === 'number') return outOfRange(name, value, range);
  }
  if (issue.code === 'invalid_type') {
    const expected = issue.expected === 'number' ? 'a finite number' : `of type ${issue.expected}`;
    return validationError(`Parameter '${name}' must be ${expected}, got ${jsonTypeOf(value)}`);
  }
  if (issue.code === 'invalid_union') {
    return validationError(`Parameter '${name}' has an invalid value (got ${jsonTypeOf(value)})`);
  }
  return validationError(`Parameter '${name}' is invalid: ${issue.message.replace(/^Invalid input: /, '')}`);
}

/**
 * Parses `body` with `schema`, turning the first failing rule into api.md's message. Missing fields come
 * first, all named in one message; `extraMissing` adds conditionally required ones (e.g. `mesh`).
 */
export function parseWith<S extends z.ZodType>(
  schema: S,
  body: unknown,
  extraMissing: (body: Record<string, unknown>) => string[] = () => [],
): z.output<S> {
  if (!isPlainObject(body)) throw new LuxError('invalid_json', 'Request body must be a JSON object');
  const r = schema.safeParse(body);
  const issues = r.success ? [] : r.error.issues;
  const missing = issues
    .filter((i) => i.code === 'invalid_type' && valueAt(body, i.path) === undefined)
    .map((i) => pathName(i.path));
  missing.push(...extraMissing(body));
  if (missing.length > 0) throw missingParameters(missing);
  const first = issues[0];
  if (first) throw issueError(first, body);
  return r.data as z.output<S>;
}
