import { z } from 'zod';
import { MAX_COORDINATE } from '../core/validation/ranges';
import * as S from '../core/validation/schemas';

/**
 * Request bodies as JSON Schema for the OpenAPI document, generated from the same zod schemas that
 * validate requests, so the document cannot drift from the validator. What the zod schemas cannot say is
 * added here, each beside the code that decides it: the mesh (parsed by hand, validation/mesh.ts), which of
 * `mesh`, `mesh_id` and angles a request needs (validation/requests.ts meshMissing, meshRequired, meshOf),
 * the legacy `rad_y`, and the original's body forms that are read into Lux's before validation.
 * test/server/openapiContract.test.ts holds the server to this document at every documented bound.
 */
export type JsonSchema = Record<string, unknown>;

const coordinate = { type: 'number', minimum: -MAX_COORDINATE, maximum: MAX_COORDINATE };

export const MESH_SCHEMA: JsonSchema = {
  type: 'array',
  description:
    'Triangle soup: a flat list of [x, y, z] points (metres), three per triangle (the count must be a ' +
    'multiple of 3). An empty list beside angles for every window is skipped, as the original did.',
  items: { type: 'array', items: coordinate, minItems: 3, maxItems: 3 },
  minItems: 3,
};

const MESH_ID: JsonSchema = {
  type: 'string',
  pattern: '^[0-9a-f]{64}$',
  description: 'A context stored before by POST /meshes, instead of `mesh`',
};

/** `mesh` and `mesh_id` exclude each other (requests.ts meshOf: "Give either 'mesh' or 'mesh_id'"). */
const NOT_BOTH_MESHES: JsonSchema = { not: { required: ['mesh', 'mesh_id'] } };
/** One of them is required (requests.ts meshRequired). */
const A_MESH: JsonSchema = { anyOf: [{ required: ['mesh'] }, { required: ['mesh_id'] }] };

const props = (s: JsonSchema) => s.properties as Record<string, JsonSchema>;

export const schemaOf = (s: z.ZodType, withMesh = false): JsonSchema => {
  const js = z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  delete js.$schema;
  if (withMesh) {
    props(js).mesh = MESH_SCHEMA;
    props(js).mesh_id = MESH_ID;
  }
  return js;
};

/**
 * Every window has `angle` (its own), or the body has it at the top level for all of them (requests.ts
 * hasAngles). Vacuously true for no windows.
 */
const everyWindowHas = (angle: 'horizon' | 'zenith'): JsonSchema => ({
  anyOf: [
    { required: [angle] },
    {
      properties: {
        parameters: { properties: { windows: { additionalProperties: { required: [angle] } } } },
      },
    },
  ],
});

/** /run, /simulate, /encode: a mesh (or mesh_id) unless every window ends up with both angles. */
const MESH_OR_ANGLES: JsonSchema = {
  anyOf: [
    { required: ['mesh'] },
    { required: ['mesh_id'] },
    { allOf: [everyWindowHas('horizon'), everyWindowHas('zenith')] },
  ],
};

const isDaylightAutonomy = { properties: { model_type: { pattern: '^da_' } }, required: ['model_type'] };

/** A room lit by skylights alone may have no windows (requests.ts resolveRoom). */
const A_WINDOW_OR_SKYLIGHT: JsonSchema = {
  properties: {
    parameters: {
      anyOf: [
        { properties: { windows: { minProperties: 1 } } },
        { required: ['skylights'], properties: { skylights: { minProperties: 1 } } },
      ],
    },
  },
  description: 'At least one window, or a skylight',
};

/** What every /run-shaped body must hold: a window or skylight, a mesh or angles, not both meshes. */
const ROOM_RULES: readonly JsonSchema[] = [A_WINDOW_OR_SKYLIGHT, MESH_OR_ANGLES, NOT_BOTH_MESHES];

/**
 * /run and /simulate: the room (a window or a skylight) and its mesh rule; da_* needs `weather`
 * (requests.ts needsWeather).
 */
export function runDoc(extra?: z.ZodObject): JsonSchema {
  const js = schemaOf(extra ? S.runRequest.extend(extra.shape) : S.runRequest, true);
  return {
    ...js,
    allOf: [
      ...ROOM_RULES,
      {
        if: isDaylightAutonomy,
        then: { required: ['weather'] },
        description: 'da_default / da_custom need a year of weather (`weather`, the text of an EPW file)',
      },
    ],
  };
}

/**
 * /run/detailed: /run's request for the model's windows alone. Climate-based runs, skylights and sloped
 * ceilings are answered by /run and /simulate (runOps.ts runDetailed refuses them).
 */
export function runDetailedDoc(): JsonSchema {
  const js = schemaOf(S.runRequest, true);
  const parameters = props(js).parameters!;
  props(parameters).skylights = {
    ...props(parameters).skylights,
    maxProperties: 0,
    description: 'Rooms with skylights are answered by /run and /simulate',
  };
  props(parameters).ceiling_planes = {
    not: {},
    description: 'Rooms with a sloped ceiling are answered by /run and /simulate',
  };
  return {
    ...js,
    allOf: [
      ...ROOM_RULES,
      {
        not: isDaylightAutonomy,
        description: 'Climate-based runs (da_*) are answered by /run and /simulate',
      },
    ],
  };
}

/** The viewpoint form, with the original's legacy azimuth in radians (requests.ts parseViewpointRequest). */
export const viewpointWithLegacy = (): JsonSchema => {
  const s = schemaOf(S.viewpointRequest, true);
  props(s).rad_y = {
    type: 'number',
    description:
      'legacy: azimuth in radians instead of direction_angle (read when direction_angle is absent)',
  };
  props(s).rad_x = { description: 'legacy: pitch in radians, ignored' };
  return {
    ...s,
    required: (s.required as string[]).filter((k) => k !== 'direction_angle'),
    allOf: [{ anyOf: [{ required: ['direction_angle'] }, { required: ['rad_y'] }] }, A_MESH, NOT_BOTH_MESHES],
  };
};

/** /obstruction_all: the window form, or (with neither room_polygon nor windows) the viewpoint form. */
export function obstructionAllDoc(): JsonSchema {
  const windows = schemaOf(S.obstructionWindowsRequest, true);
  return {
    anyOf: [
      { ...windows, allOf: [A_MESH, NOT_BOTH_MESHES] },
      {
        ...viewpointWithLegacy(),
        not: { anyOf: [{ required: ['room_polygon'] }, { required: ['windows'] }] },
      },
    ],
  };
}

/**
 * /get-reference-point, /calculate-direction: the windows bare or in a `parameters` wrapper (read when the
 * body has no `room_polygon`); a mesh they are sent is checked as everywhere else.
 */
export function windowsOnlyDoc(needZ: boolean): JsonSchema {
  const bare = schemaOf(S.windowsOnlyRequest(needZ));
  const mesh = { mesh: MESH_SCHEMA, mesh_id: MESH_ID };
  return {
    type: 'object',
    properties: mesh,
    allOf: [NOT_BOTH_MESHES],
    anyOf: [
      bare,
      {
        type: 'object',
        properties: { parameters: bare },
        required: ['parameters'],
        not: { required: ['room_polygon'] },
        description: 'The same fields inside `parameters`, as the original encoder took them',
      },
    ],
  };
}

/**
 * /encode, /encode_raw: the original encoder's outline forms too (requests.ts encoderOutline): a point as
 * `{"x", "y"}`, or a list with more items (`[x, y, z]`, the rest dropped).
 */
function encoderOutline(js: JsonSchema): JsonSchema {
  const parameters = props(js).parameters!;
  const polygon = props(parameters).room_polygon!;
  const xy = (polygon.items as JsonSchema).prefixItems;
  const [x, y] = xy as JsonSchema[];
  props(parameters).room_polygon = {
    ...polygon,
    items: {
      anyOf: [
        { type: 'array', prefixItems: xy, minItems: 2, description: '[x, y], or [x, y, z] (z dropped)' },
        { type: 'object', properties: { x, y }, required: ['x', 'y'] },
      ],
    },
  };
  return js;
}

export function encodeDoc(): JsonSchema {
  return { ...encoderOutline(schemaOf(S.encodeRequest, true)), allOf: [MESH_OR_ANGLES, NOT_BOTH_MESHES] };
}

export const encodeRawDoc = (): JsonSchema => encoderOutline(schemaOf(S.encodeRawRequest));

export const storeMeshDoc = (): JsonSchema => ({
  type: 'object',
  required: ['mesh'],
  properties: { mesh: MESH_SCHEMA },
});

/** /stats: also the original gateway's `{result, mask}`, read when neither Lux name is there (statsOps.ts). */
export function statsDoc(): JsonSchema {
  const js = schemaOf(S.statsRequest);
  const p = props(js);
  return {
    ...js,
    required: [],
    anyOf: [
      { required: ['df_matrix', 'room_mask'] },
      {
        properties: {
          result: { ...p.df_matrix, description: "The original gateway's name for df_matrix" },
          mask: { ...p.room_mask, description: "The original gateway's name for room_mask" },
        },
        required: ['result', 'mask'],
        not: { anyOf: [{ required: ['df_matrix'] }, { required: ['room_mask'] }] },
        description: "The original gateway's body, read when neither df_matrix nor room_mask is there",
      },
    ],
  };
}

/**
 * /merge: Lux's `window_results`, or the original's per-window model frames (core/api/mergeFrames.ts):
 * the merger's `simulation` with `room_polygon` and `windows`, or the gateway's `simulations` with
 * `parameters` and `direction_angle` (radians by window id). Frames are 128 × 128 or 384 × 384.
 */
export function mergeDoc(): JsonSchema {
  const grids = { type: 'object', additionalProperties: { type: 'array' } };
  return {
    anyOf: [
      schemaOf(S.mergeRequest),
      {
        type: 'object',
        required: ['room_polygon', 'windows', 'simulation'],
        not: { required: ['window_results'] },
        properties: {
          simulation: { type: 'object' },
          room_polygon: { type: 'array' },
          windows: { type: 'object' },
        },
        description: "The original merger's body: simulation {<id>: {df_values, mask}}",
      },
      {
        type: 'object',
        required: ['parameters', 'simulations'],
        not: { required: ['window_results'] },
        properties: {
          simulations: grids,
          parameters: { type: 'object' },
          direction_angle: { type: 'object' },
        },
        description: "The original gateway's /v1/merge body: simulations {<id>: 2-D frame}",
      },
    ],
  };
}
