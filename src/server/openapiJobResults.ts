/**
 * The OpenAPI paths of a job's results and of the token's list of jobs (docs/api.md §Jobs; jobRoutes.ts,
 * jobListRoute.ts): what openapiJobs.ts's job view links to. openapiContract.test.ts holds every route the
 * server serves to the document, and these answers to their schemas.
 */
import { DEFAULT_LIST, MAX_LIST } from '../service/jobs/jobList';
import { DEFAULT_JOB_READS_PER_MINUTE } from './jobReadLimit';

type Ref = Record<string, unknown>;

/** The job routes but POST: past the token's reads a minute (server/jobReadLimit.ts). */
export const readLimited = (errorRef: Ref) => ({
  429: {
    description:
      `rate_limited: past the token’s reads of its jobs a minute (LUX_JOB_READS_PER_MINUTE, ` +
      `${DEFAULT_JOB_READS_PER_MINUTE} by default); see Retry-After`,
    ...errorRef,
  },
});

const progress = {
  type: 'object',
  required: ['total', 'done', 'failed'],
  properties: {
    total: { type: 'integer', minimum: 0 },
    done: { type: 'integer', minimum: 0 },
    failed: { type: 'integer', minimum: 0 },
  },
};

const listItem = {
  type: 'object',
  required: ['job_id', 'url', 'kind', 'state', 'progress', 'idempotency_key', 'created_at', 'expires_at'],
  properties: {
    job_id: { type: 'string', format: 'uuid' },
    url: { type: 'string', description: 'The job’s path (as POST /jobs’s Location)' },
    kind: { enum: ['run', 'simulate'] },
    state: { enum: ['queued', 'running', 'done', 'failed', 'cancelled'] },
    progress,
    idempotency_key: { type: ['string', 'null'], description: 'The Idempotency-Key it was made with' },
    created_at: { type: 'string', format: 'date-time' },
    finished_at: { type: ['string', 'null'], format: 'date-time' },
    expires_at: { type: 'string', format: 'date-time' },
  },
};

/** `/result` of a list of rooms: the job with each room's answer. */
const roomsResult = {
  type: 'object',
  required: ['status', 'job_id', 'state', 'progress', 'rooms'],
  properties: {
    status: { const: 'success' },
    job_id: { type: 'string', format: 'uuid' },
    kind: { enum: ['run', 'simulate'] },
    state: { enum: ['queued', 'running', 'done', 'failed', 'cancelled'] },
    progress,
    rooms: {
      type: 'array',
      items: {
        type: 'object',
        required: ['index', 'status'],
        properties: {
          index: { type: 'integer', minimum: 0 },
          status: { enum: ['pending', 'done', 'failed', 'cancelled'] },
          answer: { type: 'object', description: 'As /run or /simulate answers the room' },
          error: { type: 'string' },
        },
      },
    },
  },
};

/** `/result` of a building: rooms.json as `npm run ifc` writes it (docs/ifc.md). */
const buildingResult = {
  type: 'object',
  required: ['file', 'rooms'],
  properties: {
    file: { type: 'string' },
    lux_version: { type: 'string' },
    weather: {
      type: 'object',
      description:
        'The weather file the rooms’ year is of (a job with a weather part), as the report names it',
      required: ['name', 'source', 'wmo'],
      properties: { name: { type: 'string' }, source: { type: 'string' }, wmo: { type: 'string' } },
    },
    rooms: { type: 'array' },
  },
};

const jobIdParameter = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };

export function jobResultPaths(errorRef: Ref) {
  const common = {
    401: { description: 'authentication_error', ...errorRef },
    404: { description: 'not_found: no such job of this token, or no hosted mode’s database', ...errorRef },
    ...readLimited(errorRef),
  };
  const file = (type: string, description: string) => ({
    description,
    content: { [type]: { schema: { type: 'string' } } },
  });
  const get = (operationId: string, summary: string, ok: Ref, notFound?: string) => ({
    get: {
      summary,
      operationId,
      parameters: [jobIdParameter],
      responses: {
        200: ok,
        ...common,
        ...(notFound ? { 404: { description: notFound, ...errorRef } } : {}),
      },
    },
  });
  return {
    '/jobs/{id}/result': get('get-job-result', 'A job’s results: its rooms’ answers so far', {
      description: 'A list of rooms: the job and each room’s answer; a building: its rooms.json',
      content: { 'application/json': { schema: { anyOf: [roomsResult, buildingResult] } } },
    }),
    '/jobs/{id}/result.csv': get('get-job-result-csv', 'A job’s results as CSV (a row a room)', {
      ...file('text/csv', 'A list of rooms: index, status, DFs, area, error; a building: its rooms.csv'),
      headers: { 'Content-Disposition': { schema: { type: 'string' } } },
    }),
    '/jobs/{id}/report.html': get(
      'get-job-report',
      'A building’s report (the HTML page `npm run ifc` writes)',
      file('text/html', 'The report'),
      'not_found: no such job of this token, or a list of rooms’ job (only a building has a report)',
    ),
  };
}

/** `GET /jobs`: the token's own jobs, most recent first. */
export function jobListOperation(errorRef: Ref) {
  const query = (name: string, schema: Ref, description: string) => ({
    name,
    in: 'query',
    required: false,
    schema,
    description,
  });
  return {
    summary: 'The calling token’s jobs, most recent first (hosted mode)',
    operationId: 'list-jobs',
    parameters: [
      query(
        'limit',
        { type: 'integer', minimum: 1, maximum: MAX_LIST, default: DEFAULT_LIST },
        'Jobs a page',
      ),
      query('cursor', { type: 'string' }, 'The next_cursor of the page before'),
      query(
        'idempotency_key',
        { type: 'string', minLength: 1, maxLength: 257 },
        'Only the job made with this Idempotency-Key (quoted or bare, as sent)',
      ),
    ],
    responses: {
      200: {
        description: 'A page of jobs; next_cursor null on the last',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['status', 'jobs', 'next_cursor'],
              properties: {
                status: { const: 'success' },
                jobs: { type: 'array', maxItems: MAX_LIST, items: listItem },
                next_cursor: { type: ['string', 'null'] },
              },
            },
          },
        },
      },
      400: { description: 'validation_error: a limit, cursor or key it cannot read', ...errorRef },
      401: { description: 'authentication_error', ...errorRef },
      404: { description: 'not_found: no hosted mode’s database', ...errorRef },
      ...readLimited(errorRef),
    },
  };
}
