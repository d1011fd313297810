/**
 * Reading an entity as web-ifc hands it out (GetLine, flat): attributes wrapped as `{ value }`, references
 * as `{ value: expressID }`, IFC2x3's list members of numbers bare.
 */
export type Line = Record<string, unknown>;

export const value = (v: unknown): unknown =>
  v !== null && typeof v === 'object' && 'value' in v ? (v as { value: unknown }).value : undefined;

export const text = (v: unknown): string => {
  const x = value(v);
  return typeof x === 'string' ? x : '';
};

export const ref = (v: unknown): number | null => {
  const x = value(v);
  return typeof x === 'number' ? x : null;
};

export const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** A number, wrapped (IFC4's `{ value }`) or bare (IFC2x3's list members). */
export const num = (v: unknown): number | null => {
  const x = typeof v === 'number' ? v : value(v);
  return typeof x === 'number' && Number.isFinite(x) ? x : null;
};
