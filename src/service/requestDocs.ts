import { z } from 'zod';
import * as S from '../core/validation/schemas';

/**
 * Request bodies as JSON Schema for the OpenAPI document, generated from the same zod schemas that
 * validate requests, so the document cannot drift from the validator. Meshes are parsed by hand
 * (validation/mesh.ts) and described here.
 */
export type JsonSchema = Record<string, unknown>;

export const MESH_SCHEMA: JsonSchema = {
  type: 'array',
  description: 'Triangle soup: a flat list of [x, y, z] points (metres), three per triangle',
  items: { type: 'array', items: { type: 'number' }, minItems: 3, maxItems: 3 },
  minItems: 3,
};

export const schemaOf = (s: z.ZodType, withMesh = false): JsonSchema => {
  const js = z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  delete js.$schema;
  const props = js.properties as Record<string, unknown> | undefined;
  if (withMesh && props) props.mesh = MESH_SCHEMA;
  return js;
};

/** The viewpoint form, with the original's legacy azimuth in radians. */
export const viewpointWithLegacy = (): JsonSchema => {
  const s = schemaOf(S.viewpointRequest, true);
  (s.properties as Record<string, unknown>).rad_y = {
    type: 'number',
    description: 'legacy: azimuth in radians instead of direction_angle',
  };
  return s;
};
