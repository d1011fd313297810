import { z } from 'zod';
import { DIRECTION_COUNT, RANGES, type RangedField } from './ranges';

/** The most trees a request's crowns may hold (each is drawn with 224 triangles: 4.5 M at most). */
export const MAX_TREES = 20_000;

/**
 * Request schemas (zod). The key order of each object is the order api.md lists its fields, which is the
 * order in which "Missing required parameters" names them and the first failing rule is found.
 * `{name}` in a custom message is replaced by the field's path (see format.ts).
 * Meshes are not described here: they are parsed by mesh.ts in one pass over millions of numbers.
 */

/** A finite number (zod 4 already rejects NaN, ±Infinity and numeric strings). */
const num = () => z.number();

/** A number within its api.md range; the message is built from RANGES by format.ts. */
function ranged(field: RangedField) {
  const r = RANGES[field];
  const base = num().max(r.max);
  return 'exclusiveMin' in r && r.exclusiveMin ? base.gt(r.min) : base.min(r.min);
}

/** The length of what zod was given, for "got n" (a check may run on a value of the wrong type). */
const lengthOf = (v: unknown): number => (Array.isArray(v) ? v.length : 0);

/** Exactly 64 angles in 0–90° (a native length check: the OpenAPI document shows minItems/maxItems 64). */
function angles(field: 'horizon' | 'zenith') {
  return z
    .array(ranged(field), { error: `Parameter '{name}' must be an array of ${DIRECTION_COUNT} numbers` })
    .length(DIRECTION_COUNT, {
      error: (iss) => `Parameter '{name}' must contain ${DIRECTION_COUNT} values, got ${lengthOf(iss.input)}`,
    });
}

const point2 = z.tuple([ranged('room_polygon'), ranged('room_polygon')], {
  error: `Parameter '{name}' must be an array of [x, y] points`,
});

export const roomPolygon = z
  .array(point2, { error: `Parameter '{name}' must be an array of [x, y] points` })
  .min(3, { error: (iss) => `Parameter '{name}' must have at least 3 points, got ${lengthOf(iss.input)}` });

/** Materials only the v2 encoding carries (see RANGES); a window's value wins over the room's. */
const encoderExtras = () => ({
  window_frame_reflectance: ranged('window_frame_reflectance').optional(),
  balcony_reflectance: ranged('balcony_reflectance').optional(),
  context_reflectance: ranged('context_reflectance').optional(),
});

export interface WindowSchemaOptions {
  /** window_frame_ratio required (/run, /encode, /encode_raw, /obstruction_all). */
  frameRatio: boolean;
  /** z1, z2 required (everything but /calculate-direction). */
  z: boolean;
  /** direction_angle, horizon, zenith required (/encode_raw). */
  raw: boolean;
}

export function windowSchema(o: WindowSchemaOptions) {
  const maybe = <T extends z.ZodType>(t: T, required: boolean) => (required ? t : t.optional());
  return z.object(
    {
      x1: ranged('x1'),
      y1: ranged('y1'),
      z1: maybe(ranged('z1'), o.z),
      x2: ranged('x2'),
      y2: ranged('y2'),
      z2: maybe(ranged('z2'), o.z),
      window_frame_ratio: maybe(ranged('window_frame_ratio'), o.frameRatio),
      glass_transmittance: ranged('glass_transmittance').optional(),
      direction_angle: maybe(ranged('direction_angle'), o.raw),
      horizon: maybe(angles('horizon'), o.raw),
      zenith: maybe(angles('zenith'), o.raw),
      window_sill_height: ranged('window_sill_height').optional(),
      window_height: ranged('window_height').optional(),
      ...encoderExtras(),
    },
    { error: `Parameter '{name}' must be an object` },
  );
}

/**
 * A record keyed by ids, refusing the id `__proto__`: zod skips that key (an object cannot hold it as its
 * own), so the window or skylight vanished from the parsed request without a word.
 */
const keyedBy = <T extends z.ZodType>(what: string, record: T) =>
  z.preprocess(
    (v, ctx) => {
      if (v !== null && typeof v === 'object' && Object.hasOwn(v, '__proto__'))
        ctx.addIssue({
          code: 'custom',
          message: `Parameter '{name}' cannot hold a ${what} with the id '__proto__'`,
        });
      return v;
    },
    record.meta({ propertyNames: { type: 'string', not: { const: '__proto__' } } }),
  );

/** `allowEmpty`: a room lit by skylights alone (/run and /simulate check that it has one). */
export function windowsSchema(o: WindowSchemaOptions, allowEmpty = false) {
  return keyedBy(
    'window',
    z
      .record(z.string(), windowSchema(o), {
        error: `Parameter '{name}' must be an object keyed by window id`,
      })
      .superRefine((w, ctx) => {
        if (!allowEmpty && Object.keys(w).length === 0)
          ctx.addIssue({ code: 'custom', message: `Parameter '{name}' must contain at least one window` });
      })
      // The rule above, as the OpenAPI document states it (zod's records have no size check of their own).
      .meta(allowEmpty ? {} : { minProperties: 1 }),
  );
}

/**
 * Skylights and roof windows (Lux's extension, /run and /simulate): keyed by id, each a convex opening in
 * the roof above the room by its corners in plan (validation/skylights.ts checks the shape and place).
 */
export const skylightsSchema = keyedBy(
  'skylight',
  z.record(
    z.string(),
    z.object(
      {
        polygon: roomPolygon,
        window_frame_ratio: ranged('window_frame_ratio').optional(),
        glass_transmittance: ranged('glass_transmittance').optional(),
      },
      { error: `Parameter '{name}' must be an object` },
    ),
    { error: `Parameter '{name}' must be an object keyed by skylight id` },
  ),
);

export function parametersSchema(o: WindowSchemaOptions) {
  return z.object(
    {
      height_roof_over_floor: ranged('height_roof_over_floor'),
      floor_height_above_terrain: ranged('floor_height_above_terrain'),
      room_polygon: roomPolygon,
      windows: windowsSchema(o),
      ceiling_reflectance: ranged('ceiling_reflectance').optional(),
      horizontal_reflectance: ranged('horizontal_reflectance').optional(),
      vertical_reflectance: ranged('vertical_reflectance').optional(),
      facade_reflectance: ranged('facade_reflectance').optional(),
      terrain_reflectance: ranged('terrain_reflectance').optional(),
      ...encoderExtras(),
      window_orientation: ranged('window_orientation').optional(),
    },
    { error: `Parameter '{name}' must be an object` },
  );
}

export const MODEL_TYPE_PATTERN = /^(df|da)_(default|custom)(_\d+\.\d+(\.\d+)?)?$/;

const modelType = z.string({ error: `Parameter '{name}' must be a string` }).regex(MODEL_TYPE_PATTERN, {
  error: (iss) =>
    `Parameter '{name}' must be one of df_default, df_custom, da_default, da_custom (optionally with a version suffix such as _2.0.1), got '${String(iss.input).slice(0, 60)}'`,
});

/** A context stored before by POST /v2/meshes: its content hash (SHA-256 of the float32 positions, hex). */
export const meshId = z
  .string({ error: `Parameter '{name}' must be a string (the id POST /v2/meshes answered)` })
  .regex(/^[0-9a-f]{64}$/, {
    error: `Parameter 'mesh_id' must be 64 hexadecimal digits (the id POST /v2/meshes answered)`,
  })
  .optional();

/** A sloped ceiling (Lux's extension, /run and /simulate): planes z = a·x + b·y + c, validation/ceiling.ts. */
export const ceilingPlanesSchema = z
  .array(
    z.tuple([num(), num(), num()], { error: `Parameter '{name}' must be [a, b, c] of z = a·x + b·y + c` }),
    {
      error: `Parameter '{name}' must be an array of planes [a, b, c]`,
    },
  )
  .min(1, { error: `Parameter '{name}' must hold at least one plane` })
  .max(8, { error: `Parameter '{name}' may hold at most 8 planes` });

const radius = num()
  .gt(0, { error: `Parameter '{name}' must be above 0 m` })
  .max(100, { error: `Parameter '{name}' must be at most 100 m` });

/**
 * Tree crowns that let part of the light through (Lux's extension, /run and /simulate; validation/crowns.ts):
 * the share seen through a crown, and each tree's crown as an axis-aligned ellipsoid in the frame of `mesh`.
 */
export const crownsSchema = z.object(
  {
    transmittance: num()
      .min(0, { error: `Parameter '{name}' must be between 0 and 1` })
      .max(1, { error: `Parameter '{name}' must be between 0 and 1` }),
    trees: z
      .array(
        z.object(
          {
            centre: z.tuple([num(), num(), num()], {
              error: `Parameter '{name}' must be [x, y, z]`,
            }),
            radii: z.tuple([radius, radius, radius], {
              error: `Parameter '{name}' must be [rx, ry, rz]`,
            }),
          },
          { error: `Parameter '{name}' must be an object with 'centre' and 'radii'` },
        ),
        { error: `Parameter '{name}' must be an array of trees, each with 'centre' and 'radii'` },
      )
      .min(1, { error: `Parameter '{name}' must hold at least one tree` })
      .max(MAX_TREES, { error: `Parameter '{name}' may hold at most ${MAX_TREES} trees` }),
  },
  { error: `Parameter '{name}' must be an object with 'transmittance' and 'trees'` },
);

const runWindows: WindowSchemaOptions = { frameRatio: true, z: true, raw: false };

export const runRequest = z.object({
  model_type: modelType,
  parameters: parametersSchema(runWindows).extend({
    windows: windowsSchema(runWindows, true),
    skylights: skylightsSchema.optional(),
    ceiling_planes: ceilingPlanesSchema.optional(),
  }),
  /** Every window's glass without its own (default 0.70, the reference glazing). */
  glass_transmittance: ranged('glass_transmittance').optional(),
  horizon: angles('horizon').optional(),
  zenith: angles('zenith').optional(),
  response_format: z
    .enum(['json', 'base64'], { error: `Parameter '{name}' must be 'json' or 'base64'` })
    .optional(),
  /** Conditionally required: see meshMissing in requests.ts. */
  mesh: z.unknown().optional(),
  mesh_id: meshId,
  crowns: crownsSchema.optional(),
  /** da_default / da_custom: the year's weather, an EnergyPlus weather file (EPW) as text. */
  weather: z
    .string({ error: `Parameter '{name}' must be the text of an EnergyPlus weather file (EPW)` })
    .optional(),
  /** da_default / da_custom: occupied hours (local standard time) and DA's threshold. */
  climate: z
    .object({
      occupied_from: ranged('occupied_from')
        .int({ error: `Parameter '{name}' must be an integer` })
        .optional(),
      occupied_to: ranged('occupied_to').int({ error: `Parameter '{name}' must be an integer` }).optional(),
      da_lux: ranged('da_lux').optional(),
      plan_north: ranged('plan_north').optional(),
    })
    .optional(),
});

const scheme = z.enum(['v1', 'v2'], { error: `Parameter '{name}' must be 'v1' or 'v2'` }).optional();

export const encodeRequest = z.object({
  model_type: modelType,
  parameters: parametersSchema(runWindows),
  encoding_scheme: scheme,
  horizon: angles('horizon').optional(),
  zenith: angles('zenith').optional(),
  mesh: z.unknown().optional(),
  mesh_id: meshId,
});

export const encodeRawRequest = z.object({
  model_type: modelType,
  parameters: parametersSchema({ frameRatio: true, z: true, raw: true }),
  encoding_scheme: scheme,
});

/** /get-reference-point and /calculate-direction. */
export function windowsOnlyRequest(z_: boolean) {
  return z.object({
    room_polygon: roomPolygon,
    windows: windowsSchema({ frameRatio: false, z: z_, raw: false }),
  });
}

export const obstructionWindowsRequest = z.object({
  room_polygon: roomPolygon,
  windows: windowsSchema({ frameRatio: true, z: true, raw: false }),
  /** Required unless `mesh_id` is given (meshRequired in requests.ts). */
  mesh: z.unknown().optional(),
  mesh_id: meshId,
});

/** Viewpoint form: x, y, z and a direction (degrees, or the legacy radians rad_y). */
export const viewpointRequest = z.object({
  x: ranged('x'),
  y: ranged('y'),
  z: ranged('z'),
  direction_angle: ranged('direction_angle'),
  mesh: z.unknown().optional(),
  mesh_id: meshId,
});

/** A grid's rows and cells: stats/grid.ts refuses an empty grid or row ("must not be empty"), as documented. */
const nonEmpty = { minItems: 1 };

export const statsRequest = z.object({
  df_matrix: z
    .array(z.array(num(), { error: `Parameter '{name}' must be a 2-D array of numbers` }).meta(nonEmpty), {
      error: `Parameter '{name}' must be a 2-D array of numbers`,
    })
    .meta(nonEmpty),
  room_mask: z
    .array(
      z
        .array(z.union([z.boolean(), z.literal(0), z.literal(1)]), {
          error: `Parameter '{name}' must be a 2-D array of booleans or 0/1`,
        })
        .meta(nonEmpty),
      { error: `Parameter '{name}' must be a 2-D array of booleans or 0/1` },
    )
    .meta(nonEmpty),
  thresholds: z.array(num(), { error: `Parameter '{name}' must be an array of numbers` }).optional(),
});

const windowResult = z.object({
  df_matrix: statsRequest.shape.df_matrix,
  room_mask: statsRequest.shape.room_mask,
});

export const mergeRequest = z.object({
  window_results: z
    .record(z.string(), windowResult, {
      error: `Parameter '{name}' must be an object keyed by window id`,
    })
    // statsOps.ts merge refuses an empty one ("must contain at least one window"), as the document says.
    .meta({ minProperties: 1 }),
});

/** /simulate's own optional fields, beside those of /run. */
export const simulateOptions = z.object({
  seed: ranged('seed').int({ error: `Parameter '{name}' must be an integer` }).optional(),
  ambient_bounces: ranged('ambient_bounces')
    .int({ error: `Parameter '{name}' must be an integer` })
    .optional(),
  quality: z
    .enum(['draft', 'standard', 'high'], {
      error: `Parameter '{name}' must be 'draft', 'standard' or 'high'`,
    })
    .optional(),
});
