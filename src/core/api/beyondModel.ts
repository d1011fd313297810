import { isPlainObject } from '../validation/format';

/**
 * What in a request's room the model cannot see (Lux's extensions, which only the engine lights): its
 * skylights, its sloped ceiling or tree crowns that let light through, in words; null when the model can
 * answer it.
 */
export function beyondModel(body: unknown): string | null {
  const p = isPlainObject(body) ? body.parameters : undefined;
  if (!isPlainObject(p)) return null;
  // The model reads each window's obstruction angles, which a crown's gaps have no place in.
  if (isPlainObject(body) && body.crowns !== undefined) return 'tree crowns that let light through';
  if (isPlainObject(p.skylights) && Object.keys(p.skylights).length > 0) return 'skylights';
  if (Array.isArray(p.ceiling_planes) && p.ceiling_planes.length > 0) return 'a sloped ceiling';
  return null;
}
