import { jobListOperation, jobResultPaths, readLimited } from './openapiJobResults';

/**
 * The jobs' paths of the OpenAPI document (issue 37; docs/api.md §Jobs, jobRoutes.ts): a job made, looked
 * up and cancelled. Their bodies are lists of the /run and /simulate requests the document gives already.
 */
type Ref = Record<string, unknown>;

const jobView = {
  type: 'object',
  required: ['status', 'job_id', 'kind', 'state', 'progress', 'problems', 'created_at', 'expires_at'],
  properties: {
    status: { const: 'success' },
    job_id: { type: 'string', format: 'uuid' },
    kind: { enum: ['run', 'simulate'] },
    state: { enum: ['queued', 'running', 'done', 'failed', 'cancelled'] },
    progress: {
      type: 'object',
      properties: {
        total: { type: 'integer', minimum: 0 },
        done: { type: 'integer', minimum: 0 },
        failed: { type: 'integer', minimum: 0 },
      },
    },
    problems: {
      type: 'array',
      items: { type: 'object', properties: { index: { type: 'integer' }, error: { type: 'string' } } },
    },
    error: { type: 'string' },
    created_at: { type: 'string', format: 'date-time' },
    finished_at: { type: ['string', 'null'], format: 'date-time' },
    expires_at: { type: 'string', format: 'date-time' },
  },
};

const jobIdParameter = {
  name: 'id',
  in: 'path',
  required: true,
  schema: { type: 'string' },
  description: 'The job_id POST /jobs answered',
};

export const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  schema: {
    type: 'string',
    minLength: 1,
    maxLength: 257,
    description: 'at most 255 characters between the quotes',
  },
  description:
    'draft-ietf-httpapi-idempotency-key-header: a key the client draws for this request (a UUID), as a quoted ' +
    'string ("…") or bare. Sent again with the same body by the same token while the job is kept, it answers ' +
    'that job (202) instead of making a second one; with another body, 422.',
};

export function jobPaths(errorRef: Ref) {
  const viewAnswer = (description: string) => ({
    description,
    content: { 'application/json': { schema: jobView } },
  });
  const common = {
    401: { description: 'authentication_error', ...errorRef },
    404: { description: 'no such job of this token, or no hosted mode’s database', ...errorRef },
  };
  return {
    '/jobs': {
      get: jobListOperation(errorRef),
      post: {
        summary: 'Hand over a list of rooms or a building (IFC) as a job (hosted mode)',
        operationId: 'create-job',
        parameters: [IDEMPOTENCY_KEY_PARAMETER],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['rooms'],
                properties: {
                  kind: { enum: ['run', 'simulate'], default: 'run' },
                  rooms: {
                    type: 'array',
                    minItems: 1,
                    maxItems: 2000,
                    items: { type: 'object', description: 'A /run or /simulate body without its mesh' },
                  },
                  mesh: { type: 'array', items: { type: 'array', items: { type: 'number' } } },
                  mesh_id: { type: 'string' },
                  weather: { type: 'string', description: 'A year of weather (EPW text) for every room' },
                },
              },
            },
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['ifc'],
                properties: {
                  ifc: { type: 'string', format: 'binary' },
                  params: { type: 'string', description: 'JSON: method, quality, frame_ratio, …' },
                  context: { type: 'string', format: 'binary' },
                  weather: {
                    type: 'string',
                    format: 'binary',
                    description:
                      'A year for each room: an EnergyPlus weather file (.epw), or a station’s .zip holding one',
                  },
                },
              },
            },
          },
        },
        responses: {
          202: {
            ...viewAnswer('The job (Location: its URL); with an Idempotency-Key sent before, that job'),
            headers: { Location: { schema: { type: 'string' } } },
          },
          400: {
            description: 'validation_error / invalid_json (an Idempotency-Key it cannot read too)',
            ...errorRef,
          },
          ...common,
          403: { description: 'permission_error', ...errorRef },
          413: { description: 'payload_too_large', ...errorRef },
          422: { description: 'idempotency_key_reused: the key came with another body', ...errorRef },
          429: { description: 'rate_limited: a quota or rate limit; see Retry-After', ...errorRef },
        },
      },
    },
    '/jobs/{id}': {
      get: {
        summary: 'A job: its state, progress and refused rooms',
        operationId: 'get-job',
        parameters: [jobIdParameter],
        responses: { 200: viewAnswer('The job'), ...common, ...readLimited(errorRef) },
      },
      delete: {
        summary: 'Cancel a job (rooms not yet taken are not run)',
        operationId: 'cancel-job',
        parameters: [jobIdParameter],
        responses: { 200: viewAnswer('The job, cancelled'), ...common, ...readLimited(errorRef) },
      },
    },
    ...jobResultPaths(errorRef),
  };
}
