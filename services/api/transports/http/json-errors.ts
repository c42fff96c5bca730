import type { ServerResponse } from 'node:http';
import { ERROR_CATALOGUE, type CatalogueEntry } from '../../../../shared/errors/error-catalogue.js';
import type { ServiceError } from '../../../../shared/errors/service-error.js';

/** The error body of every failure over HTTP: `{code, message, details: [{"@type", ...}]}`. */
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

/** The HTTP status an error is answered with: its condition's, from the catalogue. */
export function httpStatusOf(error: ServiceError): number {
  const entry: CatalogueEntry = ERROR_CATALOGUE[error.id];
  return entry.http ?? 500;
}

/** A JSON answer, with the headers express's `response.json` gives it. */
export function writeJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body) ?? '';
  response.statusCode = status;
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.setHeader('Content-Length', Buffer.byteLength(text));
  response.end(text);
}

/** A failure in the documented shape, with its status and, when it has one, Retry-After. */
export function sendError(response: ServerResponse, error: ServiceError): void {
  if (error.retryAfterSeconds !== undefined) {
    response.setHeader('retry-after', String(error.retryAfterSeconds));
  }
  writeJson(response, httpStatusOf(error), errorBody(error));
}
