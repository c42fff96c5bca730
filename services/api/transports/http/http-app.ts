import cors from 'cors';
import express, { type ErrorRequestHandler, type RequestHandler, type Router } from 'express';
import { requestIdFrom } from '../../../../shared/logging/log-context.js';
import { ServiceError } from '../../../../shared/errors/service-error.js';
import { asServiceError } from '../../../../shared/errors/as-service-error.js';
import type { Logger } from '../../../../shared/logging/logger.js';
import type { Operation } from '../../operations/operation.js';
import type { OperationPipeline } from '../../pipeline/operation-pipeline.js';
import {
  GRPC_WEB_ALLOWED_HEADERS,
  GRPC_WEB_EXPOSED_HEADERS,
  grpcWebRoutes,
} from '../grpc-web/grpc-web-routes.js';
import { logRequest } from './access-log.js';
import { sendError } from './json-errors.js';
import { pageHeaders } from './page-headers.js';
import { mountRestRoutes } from './rest-routes.js';
import { unreadableRequest, type HttpError } from './unreadable-request.js';

interface HttpAppOptions {
  pipeline: OperationPipeline;
  operations: readonly Operation[];
  logger: Logger;
  /** Largest accepted body in bytes. */
  bodyLimit: number;
  /** Browser origins allowed to call, `*` for any; none means no CORS headers. */
  corsOrigins: readonly string[];
  /**
   * How many proxies in front set X-Forwarded-For: the client address (sign-in failures and the
   * activation's resend limit count by it) is read that many hops back. 0: the peer's address.
   */
  trustProxyHops: number;
  /** `/healthz`, `/readyz`, `/metrics`. */
  ops: Router;
  /**
   * The pages people use in a browser (account activation, passkey registration), with their own
   * body parsing.
   */
  pages: Router[];
  /** The OpenID provider and its sign-in pages, which read their own bodies. */
  signIn?: Router | undefined;
  /** The profile page and the API page, after gRPC-web and before the JSON routes. */
  userInterface: Router[];
  /** SCIM 2.0 at /scim/v2/{orgId}/, with its own body parsing and its own error shape. */
  scim?: Router | undefined;
  /** `PUBLIC_URL`: under https, the pages' headers ask for https only (HSTS). */
  publicUrl: string;
}

/**
 * The HTTP/1.1 face of the service: gRPC-web for its content types, and JSON for everything
 * else, parsed whatever the content type says.
 */
export function createHttpApp({
  pipeline,
  operations,
  logger,
  bodyLimit,
  corsOrigins,
  trustProxyHops,
  ops,
  pages,
  signIn,
  userInterface,
  scim,
  publicUrl,
}: HttpAppOptions): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  if (trustProxyHops > 0) app.set('trust proxy', trustProxyHops);
  app.use(requestIds);
  app.use(ops); // probes and scrapes are not logged
  app.use(accessLog(logger));
  if (corsOrigins.length > 0) {
    app.use(
      cors({
        origin: corsOrigins.includes('*') ? '*' : [...corsOrigins],
        allowedHeaders: GRPC_WEB_ALLOWED_HEADERS,
        exposedHeaders: GRPC_WEB_EXPOSED_HEADERS,
        maxAge: 600,
      }),
    );
  }
  app.use(pageHeaders(publicUrl));
  // The activation pages first: their paths (/ui/login/init…) lie under the sign-in pages'
  // /ui/login/<interaction>.
  for (const router of pages) app.use(router);
  if (signIn) app.use(signIn);
  app.use(grpcWebRoutes(pipeline, operations, bodyLimit, logger));
  for (const router of userInterface) app.use(router);
  if (scim) app.use(scim);
  // Not strict: a body that is JSON but no object (`null`, `[]`) is the schema's to refuse, with
  // the same words as over gRPC.
  app.use(express.json({ limit: bodyLimit, type: () => true, strict: false }));
  const router = express.Router();
  mountRestRoutes(router, pipeline, operations);
  app.use(router);
  app.use((_request, response) => {
    sendError(response, new ServiceError('ROUTE-NOT-FOUND'));
  });
  app.use(errors(logger, operations));
  return app;
}

/**
 * Errors no route answered, in our error shape: a request that could not be read (body or path),
 * and anything else as `asServiceError` makes it.
 */
function errors(logger: Logger, operations: readonly Operation[]): ErrorRequestHandler {
  return (error: HttpError, request, response, _next) => {
    let answer: ServiceError;
    try {
      answer = unreadableRequest(error, request, operations) ?? asServiceError(error, logger);
    } catch (failure) {
      // Still an answer in our shape, not express's HTML page.
      answer = asServiceError(failure, logger);
    }
    sendError(response, answer);
  };
}

/** The request's id, the caller's `x-request-id` when plausible, echoed in the response. */
const requestIds: RequestHandler = (request, response, next) => {
  const requestId = requestIdFrom(request.get('x-request-id'));
  response.locals.requestId = requestId;
  response.set('x-request-id', requestId);
  next();
};

/** The access log's line for each request express serves (access-log.ts). */
function accessLog(logger: Logger): RequestHandler {
  return (request, response, next) => {
    logRequest(logger, response, {
      requestId: response.locals.requestId as string,
      method: request.method,
      path: request.path,
    });
    next();
  };
}
