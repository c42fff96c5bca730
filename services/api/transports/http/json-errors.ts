import type { Response } from 'express';
import { ServiceError, StatusCode } from '../../../../shared/errors/service-error.js';

const HTTP_STATUS: Record<StatusCode, number> = {
  [StatusCode.INVALID_ARGUMENT]: 400,
  [StatusCode.DEADLINE_EXCEEDED]: 504,
  [StatusCode.FAILED_PRECONDITION]: 400,
  [StatusCode.NOT_FOUND]: 404,
  [StatusCode.ALREADY_EXISTS]: 409,
  [StatusCode.UNAUTHENTICATED]: 401,
  [StatusCode.PERMISSION_DENIED]: 403,
  [StatusCode.RESOURCE_EXHAUSTED]: 413,
  [StatusCode.UNAVAILABLE]: 503,
  [StatusCode.UNIMPLEMENTED]: 501,
  [StatusCode.INTERNAL]: 500,
};

/** Where HTTP has a status of its own for a condition that shares its code with others. */
const HTTP_STATUS_BY_ID: Record<string, number> = {
  'UNSUPPORTED-MEDIA-TYPE': 415,
  'HEADERS-TOO-LARGE': 431,
  'REQUEST-TIMEOUT': 408,
};

/** The error body of the spec's section 7: `{code, message, details: [{"@type", ...}]}`. */
export function errorBody(error: ServiceError): object {
  const details: object[] = [];
  if (error.fieldViolations.length > 0) {
    details.push({
      '@type': 'type.googleapis.com/google.rpc.BadRequest',
      fieldViolations: error.fieldViolations,
    });
  }
  if (error.retryAfterSeconds !== undefined) {
    details.push({
      '@type': 'type.googleapis.com/google.rpc.RetryInfo',
      retryDelay: `${error.retryAfterSeconds}s`,
    });
  }
  details.push({
    '@type': 'type.googleapis.com/identity.v1.ErrorDetail',
    id: error.id,
    message: error.message,
  });
  return { code: error.code, message: error.message, details };
}

/**
 * The HTTP status an error is answered with: a rate limit's 429, a status of its own for the
 * condition, otherwise its code's.
 */
export function httpStatusOf(error: ServiceError): number {
  if (error.retryAfterSeconds !== undefined) return 429;
  return HTTP_STATUS_BY_ID[error.id] ?? HTTP_STATUS[error.code] ?? 500;
}

export function sendError(response: Response, error: ServiceError): void {
  response.status(httpStatusOf(error));
  if (error.retryAfterSeconds !== undefined) {
    response.set('retry-after', String(error.retryAfterSeconds));
  }
  response.json(errorBody(error));
}
