/**
 * Typed errors of the core. The HTTP face maps each `type` to its status code and the JSON envelope of
 * api.md; the browser shows `message` as is. Messages are part of the contract: see validation/messages.ts.
 */
export const LUX_ERROR_TYPES = [
  'validation_error',
  'invalid_json',
  'authentication_error',
  'permission_error',
  'not_found',
  'method_not_allowed',
  'payload_too_large',
  'rate_limited',
  'idempotency_key_reused',
  'internal_error',
  'service_unavailable',
  'timeout',
] as const;
export type LuxErrorType = (typeof LUX_ERROR_TYPES)[number];

export const HTTP_STATUS: Record<LuxErrorType, number> = {
  validation_error: 400,
  invalid_json: 400,
  authentication_error: 401,
  permission_error: 403,
  not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  rate_limited: 429,
  // POST /v2/jobs: an Idempotency-Key already used with another body (draft-ietf-httpapi-idempotency-key-header).
  idempotency_key_reused: 422,
  internal_error: 500,
  service_unavailable: 503,
  timeout: 504,
};

export class LuxError extends Error {
  constructor(
    readonly type: LuxErrorType,
    message: string,
    /** For `rate_limited`: when the caller may try again (HTTP Retry-After). */
    readonly retryAfterS?: number,
  ) {
    super(message);
    this.name = 'LuxError';
  }
}

export const validationError = (message: string): LuxError => new LuxError('validation_error', message);

export function isLuxError(e: unknown): e is LuxError {
  return e instanceof LuxError;
}

/**
 * The JSON envelope of every error (api.md §Errors). validation/responses.ts documents it as the schema
 * errorResponse, which is checked against this type there (errors.ts imports nothing, so no cycle).
 */
export interface ErrorBody {
  status: 'error';
  error: string;
  error_type: LuxErrorType;
}

export function errorBody(e: LuxError): ErrorBody {
  return { status: 'error', error: e.message, error_type: e.type };
}
