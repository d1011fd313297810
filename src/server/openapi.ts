import { z } from 'zod';
import {
  deletedMeshResponse,
  errorResponse,
  healthResponse,
  storedMeshResponse,
} from '../core/validation/responses';
import EXAMPLE_ANSWERS from './exampleAnswers.json' with { type: 'json' };
import { OPERATION_SPECS, STORE_MESH } from '../service/operations';
import { jobPaths } from './openapiJobs';

/**
 * OpenAPI 3.1 document, derived from the operations' descriptors (service/operations.ts): their request
 * schemas (the zod schemas that validate them), examples and answers, so the document cannot drift from
 * the validator.
 */
/** An answer's JSON schema, from the same zod schema the code builds it as and the tests hold it to. */
const responseOf = (s: z.ZodType) => {
  const js = z.toJSONSchema(s, { io: 'output', unrepresentable: 'any' }) as Record<string, unknown>;
  delete js.$schema;
  return js;
};

/** The real answer to an example request (exampleAnswers.json, `npm run examples`), where there is one. */
const answerExample = (key: string) => {
  const example = (EXAMPLE_ANSWERS as Record<string, unknown>)[key];
  return example === undefined ? {} : { example };
};

/** POST /v2/meshes also takes the mesh file as the whole body. */
const RAW_MESH = {
  'application/octet-stream': {
    schema: {
      type: 'string',
      format: 'binary',
      description: 'The mesh file alone: .npy (float32/float64), gzip-compressed .npy, or a JSON array',
    },
  },
};

const meshIdParameter = {
  name: 'id',
  in: 'path',
  required: true,
  schema: { type: 'string', pattern: '^[0-9a-f]{64}$' },
  description: 'The mesh_id POST /meshes answered',
};

/** GET and DELETE /meshes/{id}: whether the server still holds a context, and forgetting one. */
function meshPaths(errorRef: Record<string, unknown>) {
  const errors = {
    400: { description: 'not a mesh_id', ...errorRef },
    401: { description: 'authentication_error', ...errorRef },
    403: { description: 'permission_error', ...errorRef },
    404: { description: 'not held (never stored, or evicted): upload it again', ...errorRef },
  };
  return {
    '/meshes/{id}': {
      get: {
        summary: 'A stored context: held or not, its size',
        operationId: 'get-mesh',
        parameters: [meshIdParameter],
        responses: {
          200: {
            description: 'Held',
            content: {
              'application/json': {
                schema: responseOf(storedMeshResponse),
                ...answerExample('GET /meshes/{id}'),
              },
            },
          },
          ...errors,
        },
      },
      delete: {
        summary: 'Forget a stored context',
        operationId: 'delete-mesh',
        parameters: [meshIdParameter],
        responses: {
          200: {
            description: 'Forgotten',
            content: {
              'application/json': {
                schema: responseOf(deletedMeshResponse),
                ...answerExample('DELETE /meshes/{id}'),
              },
            },
          },
          ...errors,
        },
      },
    },
  };
}

/** GET /usage: a token's own usage by UTC day (hosted mode, issue 36). */
function usagePaths(errorRef: Record<string, unknown>) {
  const date = (name: string, description: string) => ({
    name,
    in: 'query',
    required: false,
    schema: { type: 'string', format: 'date' },
    description,
  });
  const count = { type: 'integer', minimum: 0 };
  return {
    '/usage': {
      get: {
        summary: "The calling token's usage by UTC day (hosted mode)",
        operationId: 'usage',
        parameters: [
          date('from', 'First day (default: the month’s first)'),
          date('to', 'Last day (default: today)'),
        ],
        responses: {
          200: {
            description: 'Usage by day',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['status', 'token', 'from', 'to', 'days'],
                  properties: {
                    status: { const: 'success' },
                    token: { type: 'string' },
                    from: { type: 'string', format: 'date' },
                    to: { type: 'string', format: 'date' },
                    days: {
                      type: 'array',
                      items: {
                        type: 'object',
                        properties: {
                          day: { type: 'string', format: 'date' },
                          ...Object.fromEntries(
                            [
                              'requests',
                              'errors',
                              'windows',
                              'triangles',
                              'compute_ms',
                              'bytes_in',
                              'bytes_out',
                            ].map((k) => [k, count]),
                          ),
                        },
                      },
                    },
                  },
                },
              },
            },
          },
          400: {
            description: 'validation_error: a date that is not YYYY-MM-DD, or a range past 366 days',
            ...errorRef,
          },
          401: { description: 'authentication_error', ...errorRef },
          404: {
            description: 'not_found: the server records no usage (no database, or no tokens)',
            ...errorRef,
          },
        },
      },
    },
  };
}

/** The error envelope, with the interface's range message as its example. */
const errorSchema = () => ({ ...responseOf(errorResponse), ...answerExample('error') });

/** A body's top-level fields, from its schema and the branches of its anyOf (/obstruction_all's two forms). */
function topLevelFields(js: Record<string, unknown>): string[] {
  const names = new Set(Object.keys((js.properties as Record<string, unknown> | undefined) ?? {}));
  for (const branch of (js.anyOf as Record<string, unknown>[] | undefined) ?? [])
    for (const k of Object.keys((branch.properties as Record<string, unknown> | undefined) ?? {}))
      names.add(k);
  return [...names];
}

/**
 * The original gateway's multipart form (gateway.md §3; src/service/requestBody.ts): the JSON body without
 * its mesh in `params`, the mesh as a file. Without `params` the body's fields are form fields of their own,
 * each JSON-decoded where it parses (the original's fallback). Either way the fields then make the body the
 * application/json schema describes.
 */
function multipartOf(json: Record<string, unknown>) {
  const fields = topLevelFields(json).filter((k) => k !== 'mesh' && k !== 'weather');
  const required = ((json.required as string[] | undefined) ?? []).filter((k) => k !== 'mesh');
  const flat = (k: string) => ({
    type: 'string',
    description: `Without \`params\`: the body's \`${k}\`, JSON-encoded (text that is not JSON is taken as a string)`,
  });
  return {
    schema: {
      type: 'object',
      properties: {
        params: {
          type: 'string',
          description:
            'The JSON request body (as for application/json), without `mesh`. Absent: the fields are form fields of their own.',
        },
        mesh: {
          type: 'string',
          format: 'binary',
          description:
            'The mesh as .npy (float32 or float64, shape (n, 3) or (3n,), C order), the same gzip-compressed, ' +
            'or a JSON array of [x, y, z] points. Not read when the body gives both `horizon` and `zenith`. ' +
            'A gzip file may not inflate past LUX_MAX_BODY_BYTES.',
        },
        ...('weather' in ((json.properties as Record<string, unknown> | undefined) ?? {})
          ? {
              weather: {
                type: 'string',
                description: 'da_*: the EnergyPlus weather file (EPW), as a file or text',
              },
            }
          : {}),
        ...Object.fromEntries(fields.map((k) => [k, flat(k)])),
      },
      ...(required.length > 0 ? { anyOf: [{ required: ['params'] }, { required }] } : {}),
    },
    encoding: {
      params: { contentType: 'application/json' },
      mesh: { contentType: 'application/octet-stream' },
    },
  };
}

let cached: Record<string, unknown> | null = null;

export function openApiDocument(version: string): Record<string, unknown> {
  if (cached) return cached;
  const errorRef = { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  const paths: Record<string, unknown> = {
    '/': {
      get: {
        summary: 'Health',
        security: [],
        responses: {
          200: {
            description: 'Service and component states',
            content: { 'application/json': { schema: responseOf(healthResponse), ...answerExample('/') } },
          },
          503: {
            description:
              'Hosted mode: the database does not answer (`database: "unavailable"`, `status: "degraded"`), so the replica serves no authenticated call; with Retry-After',
            content: { 'application/json': { schema: responseOf(healthResponse) } },
          },
        },
      },
    },
  };
  for (const r of OPERATION_SPECS) {
    const answers = r.response;
    const request = r.request();
    paths[r.path] = {
      post: {
        summary: r.summary,
        operationId: r.op,
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: request,
              ...(r.examples[0] !== undefined ? { example: r.examples[0] } : {}),
            },
            'multipart/form-data': multipartOf(request),
            ...(r.op === STORE_MESH ? RAW_MESH : {}),
          },
        },
        responses: {
          200: !answers
            ? {
                description:
                  'ZIP of NPY files: image.npy (uint8 128 × 128 × 4) and mask.npy (uint8 128 × 128), or <id>_image.npy / <id>_mask.npy per window',
                content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
              }
            : {
                description: 'Success',
                content: {
                  'application/json': { schema: responseOf(answers), ...answerExample(r.path) },
                },
              },
          400: { description: 'validation_error / invalid_json', ...errorRef },
          401: { description: 'authentication_error', ...errorRef },
          403: { description: 'permission_error', ...errorRef },
          ...(r.takesMesh ? { 404: { description: 'mesh_id not held: upload it again', ...errorRef } } : {}),
          413: { description: 'payload_too_large', ...errorRef },
          429: {
            description: 'rate_limited (hosted mode): a quota or rate limit; see Retry-After',
            ...errorRef,
          },
          503: { description: 'service_unavailable', ...errorRef },
          504: { description: 'timeout', ...errorRef },
        },
      },
    };
  }
  Object.assign(paths, meshPaths(errorRef));
  Object.assign(paths, usagePaths(errorRef));
  Object.assign(paths, jobPaths(errorRef));
  cached = {
    openapi: '3.1.0',
    info: {
      title: 'Lux daylight API',
      version,
      description:
        'Daylight factor, obstruction angles, encoding and statistics (the /v2 interface). What a request may ' +
        "hold (body bytes, mesh points, windows, polygon corners) and how long it may run are this server's " +
        "health answer's `limits`; beyond them a request is refused at once (400/413). A busy server answers " +
        '503 with Retry-After.',
    },
    servers: [{ url: '/v2' }, { url: '/v1' }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: { Error: errorSchema() },
    },
    paths,
  };
  return cached;
}
