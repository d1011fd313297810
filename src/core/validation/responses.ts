import { z } from 'zod';
import { LUX_ERROR_TYPES, type ErrorBody } from '../errors';

/**
 * The answers of every endpoint as zod schemas, written once: the operations build their answers as these
 * schemas' types (api/result.ts `answer`), the OpenAPI document's responses are generated from them
 * (src/server/openapi.ts), and test/server/responses.test.ts holds every example request's real answer to
 * them at every depth, so neither the document nor the code can drift from the other.
 */
const success = z.literal('success');
const point3 = z.object({ x: z.number(), y: z.number(), z: z.number() });
const angles64 = z.array(z.number()).length(64).describe('64 directions, degrees above the horizontal');

export const windowSummary = z.object({
  direction_angle: z.number().describe('outward normal of the wall, degrees, 0 = east, counter-clockwise'),
  reference_point: point3,
  horizon: angles64,
  zenith: angles64,
});

export const gridJson = z.object({
  result: z
    .array(z.array(z.number()))
    .describe('DF (%) per 0.1 m cell, row 0 = largest y; 0 outside the room'),
  mask: z.array(z.array(z.boolean())).describe('true inside the room'),
});
export const gridBase64 = z.object({
  result: z.string().describe('base64 of little-endian float32, row-major'),
  mask: z.string().describe('base64 of uint8 (1 inside the room), row-major'),
  dtype: z.object({ result: z.literal('float32'), mask: z.literal('uint8') }),
});

export const roomCommon = z.object({
  status: success,
  model_type: z.string(),
  units: z.literal('%'),
  shape: z.tuple([z.number().int(), z.number().int()]).describe('[rows, cols]'),
  resolution: z.number().describe('cell size, metres'),
  origin: z.object({ x: z.number(), y: z.number() }).describe("the grid's left (x) and top (y) edge"),
  windows: z.record(z.string(), windowSummary),
  warnings: z.array(z.string()),
});

/** Lux's extension: the model's measured error for rooms like the one asked about (model/errorBand.ts). */
export const modelError = z
  .object({
    classes: z
      .array(z.string())
      .describe(
        "the stress classes the room resembles, 'low-window' when every window's head is low, and 'dark-room' when the answer's mean is under 0.3 % DF",
      ),
    basis: z.string().describe("the class whose figures these are (the worst of them), or 'all'"),
    rooms_within_5: z
      .number()
      .describe("share of its test rooms whose mean the model gave within 5 % of the engine's"),
    mean_room_error: z.number().describe('their mean relative room-mean error'),
    worst_room: z.number().describe('the worst relative room-mean error among them'),
    rooms: z.number().int().describe('test rooms in the class'),
  })
  .describe(
    "the model's measured error band for rooms like this one, from its card's stress suite (low windows: its strip probe; dark rooms: the suite's rooms it read that dark)",
  );

/** /run: the room's map by the model (response_format json or base64). */
const modelFields = {
  model: z.object({ name: z.string(), version: z.string() }),
  model_error: modelError.optional(),
};
export const runResponse = z.union([
  roomCommon.extend(gridJson.shape).extend(modelFields),
  roomCommon.extend(gridBase64.shape).extend(modelFields),
]);

/** What /simulate says of its computation besides the map. */
const engineFields = {
  method: z.literal('simulation'),
  seed: z.number().int(),
  quality: z.enum(['draft', 'standard', 'high']),
  ambient_bounces: z
    .number()
    .int()
    .nullable()
    .describe("the request's bounce limit (Radiance -ab), or null: converged, every reflection counted"),
};

/** /simulate: the same map by the physics engine. */
export const simulateResponse = z.union([
  roomCommon.extend(gridJson.shape).extend({
    ...engineFields,
  }),
  roomCommon.extend(gridBase64.shape).extend({
    ...engineFields,
  }),
]);

/** What a climate-based run (da_default, da_custom) says besides its map (docs/climate.md). */
const share = z.number().describe('% (0–100)');
const climateFields = {
  method: z.literal('climate'),
  metric: z
    .literal('da')
    .describe(
      'the map (`result`): daylight autonomy, % of occupied hours at or above climate.da_lux, blinds open',
    ),
  seed: z.number().int(),
  quality: z.enum(['draft', 'standard', 'high']),
  climate: z.object({
    location: z.object({
      city: z.string(),
      country: z.string(),
      latitude: z.number(),
      longitude: z.number(),
      time_zone: z.number(),
      elevation: z.number(),
    }),
    hours: z.object({
      occupied: z.number().int().describe('occupied hours of the year (local standard time)'),
      daylight: z.number().int().describe("EN 17037's daylight hours"),
    }),
    da_lux: z.number(),
    da_mean: share.describe('room mean of the DA map'),
    sda: share.describe('sDA300/50%, blinds open: % of the floor with DA ≥ 50 %'),
    sda_blinds: share.describe("sDA300/50% with LM-83's blinds operated: what LEED asks"),
    ase: share.describe(
      'ASE1000,250h: % of the floor with direct sun above 1000 lx for more than 250 occupied hours',
    ),
    udi: z.object({ low: share, useful: share, high: share, autonomous: share }),
    leed_points: z.number().int().describe('LEED v4.1 EQ Daylight option 1, this room alone'),
    en17037: z.object({
      reached: z.enum(['minimum', 'medium', 'high']).nullable(),
      levels: z.array(
        z.object({
          level: z.enum(['minimum', 'medium', 'high']),
          target_lux: z.number(),
          minimum_lux: z.number(),
          target_hours: share.describe('% of daylight hours with the target over 50 % of the plane'),
          minimum_hours: share.describe('% of daylight hours with the minimum over 95 % of the plane'),
          pass: z.boolean(),
        }),
      ),
    }),
    verdicts: z.array(z.object({ id: z.string(), label: z.string(), pass: z.boolean(), detail: z.string() })),
    notes: z.array(z.string()),
  }),
};

/** /run and /simulate with da_default or da_custom: the year's daylight autonomy map and its metrics. */
export const climateResponse = z.union([
  roomCommon.extend(gridJson.shape).extend(climateFields),
  roomCommon.extend(gridBase64.shape).extend(climateFields),
]);

/** /run/detailed: /run plus each window's own share on the room grid. */
const windowResults = z.record(z.string(), z.union([gridJson, gridBase64]));
export const runDetailedResponse = z.union([
  runResponse.options[0].extend({ window_results: windowResults }),
  runResponse.options[1].extend({ window_results: windowResults }),
]);

export const obstructionAllResponse = z.union([
  z.object({
    status: success,
    horizon: angles64.describe("the first window's"),
    zenith: angles64,
    windows: z.record(z.string(), windowSummary),
  }),
  z.object({
    status: success,
    horizon: angles64,
    zenith: angles64,
    directions: z.array(z.number()).length(64).describe('azimuths, degrees'),
  }),
]);

const angleResult = z.object({
  obstruction_angle_degrees: z.number(),
  obstruction_angle_radians: z.number(),
  highest_point: point3.nullable(),
  projected_point_count: z.number().int(),
});
export const horizonResponse = z.object({ status: success, horizon: z.number(), data: angleResult });
export const zenithResponse = z.object({ status: success, zenith: z.number(), data: angleResult });
export const obstructionResponse = z.object({
  status: success,
  horizon: z.number(),
  zenith: z.number(),
  data: z.object({ horizon: angleResult, zenith: angleResult }),
});

export const referencePointResponse = z.object({
  status: success,
  windows: z.record(z.string(), z.object({ reference_point: point3 })),
});
export const directionResponse = z.object({
  status: success,
  windows: z.record(z.string(), z.object({ direction_angle: z.number() })),
});

export const statsResponse = z.object({
  status: success,
  mean: z.number(),
  median: z.number(),
  min: z.number(),
  max: z.number(),
  std: z.number().describe('population standard deviation'),
  count: z.number().int().describe('cells inside the mask'),
  area_above: z
    .record(z.string(), z.number())
    .describe('% of the counted cells with DF at or above each threshold'),
});

const rows = z.array(z.array(z.number()));
const maskRows = z.array(z.array(z.boolean()));
export const mergeResponse = z.object({
  status: success,
  merged_result: z.object({
    df_matrix: rows.describe('cell-wise sum'),
    room_mask: maskRows.describe('cell-wise or'),
  }),
  // The original's frame forms (api/mergeFrames.ts) are answered in their own names too.
  result: rows.optional().describe("merger-service form (`simulation`): merged_result's df_matrix again"),
  mask: maskRows.optional().describe("merger-service form: merged_result's room_mask again"),
  df_matrix: rows
    .optional()
    .describe("original gateway form (`simulations`): merged_result's df_matrix again"),
  room_mask: maskRows.optional().describe("original gateway form: merged_result's room_mask again"),
});

/** The contexts a process holds (POST /v2/meshes). */
export const meshStoreStats = z.object({
  count: z.number().int(),
  bytes: z.number().int(),
  limit_bytes: z.number().int(),
});

export const healthResponse = z.object({
  status: z.enum(['running', 'degraded']),
  service: z.literal('lux'),
  version: z.string(),
  services: z.record(z.string(), z.string()),
  /** Hosted mode only: whether its database answers (unavailable: `degraded`, HTTP 503). */
  database: z.enum(['ready', 'unavailable']).optional(),
  /** What computes each model type (core/api/modelTypes.ts). */
  model_types: z.record(z.string(), z.string()),
  /** Embedded: this process's store; gateway: each mesh-holding component's (absent when unreachable). */
  mesh_store: z.union([meshStoreStats, z.record(z.string(), meshStoreStats)]),
  /** Requests this process is computing or holding in its queue. */
  in_flight: z.number().int().nonnegative(),
  /** What a request may hold (LUX_MAX_BODY_BYTES, LUX_MAX_MESH_POINTS, LUX_MAX_WINDOWS, LUX_MAX_CORNERS) and take. */
  limits: z.object({
    max_body_bytes: z.number().int(),
    max_mesh_points: z.number().int(),
    max_windows: z.number().int(),
    max_corners: z.number().int(),
    request_timeout_ms: z.number().int(),
  }),
});

/** POST /v2/meshes and GET /v2/meshes/{id}. */
export const storedMeshResponse = z.object({
  status: z.literal('success'),
  mesh_id: z.string().regex(/^[0-9a-f]{64}$/),
  triangles: z.number().int().positive(),
  bytes: z.number().int().positive(),
});

/** DELETE /v2/meshes/{id}. */
export const deletedMeshResponse = z.object({
  status: success,
  mesh_id: z.string().regex(/^[0-9a-f]{64}$/),
  deleted: z.literal(true),
});

/** Every failure (api.md §Errors): the HTTP status follows from error_type (errors.ts HTTP_STATUS). */
export const errorResponse = z.object({
  status: z.literal('error'),
  error: z
    .string()
    .describe(
      "what went wrong, for a person; range and missing-field messages keep the interface's exact shape",
    ),
  error_type: z.enum(LUX_ERROR_TYPES),
}) satisfies z.ZodType<ErrorBody>;
