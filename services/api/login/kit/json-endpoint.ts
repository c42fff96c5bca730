import express, { type Request, type RequestHandler, type Response } from 'express';
import { asServiceError } from '../../../../shared/errors/as-service-error.js';
import {
  invalidArgument,
  requestTooLarge,
  ServiceError,
} from '../../../../shared/errors/service-error.js';
import type { Logger } from '../../../../shared/logging/logger.js';
import type { Csrf } from './page-kit.js';
import { sendError } from '../../transports/http/json-errors.js';

/** A passkey ceremony's body: the response with its client data and attestation fits in this. */
const BODY_LIMIT = '64kb';

/**
 * A JSON endpoint of the passkey pages' scripts: the body parsed (an object, at most 64 KiB),
 * the form's CSRF token (`_csrf` in the body) checked where the page's cookie authenticates, and
 * every failure answered in the API's error shape with its id: a ServiceError as it is, anything
 * unexpected as INTERNAL (logged).
 */
export function jsonEndpoint(
  csrf: Csrf | undefined,
  logger: Logger,
  work: (request: Request, body: Record<string, unknown>, response: Response) => Promise<object>,
): RequestHandler[] {
  const parse = express.json({ limit: BODY_LIMIT, type: () => true, strict: false });
  const handle: RequestHandler = (request, response) => {
    void (async () => {
      const body = (request.body as unknown) ?? {};
      if (typeof body !== 'object' || body === null || Array.isArray(body))
        throw invalidArgument([{ field: '', description: 'the body must be a JSON object' }]);
      if (csrf && !csrf.verify(request))
        throw invalidArgument([
          { field: '_csrf', description: 'the form has expired; reload the page' },
        ]);
      response.set('cache-control', 'no-store');
      response.json(await work(request, body as Record<string, unknown>, response));
    })().catch((error: unknown) => {
      sendError(response, error instanceof ServiceError ? error : asServiceError(error, logger));
    });
  };
  const unreadable: express.ErrorRequestHandler = (
    error: { status?: number },
    _request,
    response,
    _next,
  ) => {
    sendError(
      response,
      error.status === 413
        ? requestTooLarge()
        : invalidArgument([{ field: '', description: 'the body must be a JSON object' }]),
    );
  };
  return [parse, handle, unreadable as unknown as RequestHandler];
}

/** A string field of a body, or '' when it is absent or not a string. */
export function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
