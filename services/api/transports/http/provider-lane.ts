import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { requestIdFrom } from '../../../../shared/logging/log-context.js';
import type { Logger } from '../../../../shared/logging/logger.js';
import { logRequest } from './access-log.js';
import { pageHeadersOf, type HeadersHandler } from './page-headers.js';

export interface ProviderLaneOptions {
  /** The provider's endpoints machines POST to (token, introspection, revocation). */
  paths: readonly string[];
  /** The provider's own request handler (koa), which answers those paths whole. */
  provider: RequestListener;
  logger: Logger;
  /** `PUBLIC_URL`, which decides the pages' headers (HSTS under https). */
  publicUrl: string;
}

/**
 * The provider's machine endpoints in the common case, handed to the provider on Node's own
 * request and response, and everything else to `app` (express) untouched, as the REST lane does
 * for the operations: a token request passed express's middleware and routers before reaching the
 * provider, which answers it whole, and express gives every request and response prototypes of
 * its own. The common case is a POST to one of `paths` as written, without a query and without
 * an Origin (CORS is express's). What express adds to such an answer the lane adds alike: the
 * request id, the headers of the provider's paths (page-headers.ts) and the access log's line,
 * so an answer does not depend on which of the two served it.
 */
export function withProviderLane(
  app: RequestListener,
  options: ProviderLaneOptions,
): RequestListener {
  const paths = new Set(options.paths);
  const headers = pageHeadersOf(options.publicUrl);
  return (request, response) => {
    if (
      request.method !== 'POST' ||
      !paths.has(request.url ?? '') ||
      request.headers.origin !== undefined
    ) {
      app(request, response);
      return;
    }
    serve(request, response, options, headers);
  };
}

function serve(
  request: IncomingMessage,
  response: ServerResponse,
  { provider, logger }: ProviderLaneOptions,
  headers: (path: string) => HeadersHandler,
): void {
  const header = request.headers['x-request-id'];
  const requestId = requestIdFrom(Array.isArray(header) ? header[0] : header);
  response.setHeader('x-request-id', requestId);
  const path = request.url!;
  logRequest(logger, response, { requestId, method: 'POST', path });
  headers(path)(request, response, (error?: unknown) => {
    // helmet fails only on a bad configuration, which the service's start already met.
    if (error) response.destroy(error as Error);
    else provider(request, response);
  });
}
