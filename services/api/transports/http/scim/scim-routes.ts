import express, {
  type ErrorRequestHandler,
  type Request,
  type RequestHandler,
  type Response,
  type Router,
} from 'express';
import { asServiceError } from '../../../../../shared/errors/as-service-error.js';
import type { Logger } from '../../../../../shared/logging/logger.js';
import type { OperationPipeline } from '../../../pipeline/operation-pipeline.js';
import {
  listOf,
  SCHEMAS,
  serviceProviderConfig,
  userResourceType,
} from '../../../scim/scim-discovery.js';
import { ScimError, scimErrorBody, scimErrorOf, type ScimType } from '../../../scim/scim-errors.js';
import {
  type ScimAnswer,
  ScimCalls,
  type ScimEndpoint,
  type ScimRequest,
} from './scim-exchange.js';
import { scimUserEndpoints } from './scim-user-endpoints.js';

const SCIM_JSON = 'application/scim+json';

/**
 * SCIM 2.0 (RFC 7643, RFC 7644) for one organization's people at `/scim/v2/{orgId}/`: the HTTP
 * side of the endpoints (scim-user-endpoints.ts), which call the operations through the pipeline
 * (authenticate, rate limit, authorize in the path's organization, validate, handle). Every
 * failure is SCIM's error message.
 */
export function scimRoutes(
  pipeline: OperationPipeline,
  { bodyLimit, publicUrl, logger }: { bodyLimit: number; publicUrl: string; logger: Logger },
): Router {
  const router = express.Router({ caseSensitive: false });
  const json = express.json({
    limit: bodyLimit,
    strict: false,
    type: ['application/scim+json', 'application/json'],
  });
  const calls = new ScimCalls(pipeline, publicUrl);
  const users = scimUserEndpoints(calls);
  const base = (request: Request) => calls.base(scimRequestOf(request));

  router.get('/scim/v2/:orgId/ServiceProviderConfig', (request, res) => {
    send(res, 200, serviceProviderConfig(base(request)));
  });
  router.get('/scim/v2/:orgId/ResourceTypes', (request, res) => {
    send(res, 200, listOf([userResourceType(base(request))]));
  });
  router.get('/scim/v2/:orgId/ResourceTypes/:id', (request, res) => {
    if (request.params.id !== 'User') throw new ScimError(404, 'no such resource type');
    send(res, 200, userResourceType(base(request)));
  });
  router.get('/scim/v2/:orgId/Schemas', (request, res) => {
    send(res, 200, listOf(Object.values(SCHEMAS).map((schema) => schema(base(request)))));
  });
  router.get('/scim/v2/:orgId/Schemas/:id', (request, res) => {
    const schema = Object.hasOwn(SCHEMAS, request.params.id)
      ? SCHEMAS[request.params.id]
      : undefined;
    if (!schema) throw new ScimError(404, 'no such schema');
    send(res, 200, schema(base(request)));
  });

  router.post('/scim/v2/:orgId/Users', requireJson, json, answer(users.create));
  router.get('/scim/v2/:orgId/Users', answer(users.list));
  router.post('/scim/v2/:orgId/Users/.search', requireJson, json, answer(users.search));
  router.get('/scim/v2/:orgId/Users/:id', answer(users.get));
  router.delete('/scim/v2/:orgId/Users/:id', answer(users.remove));
  router.put('/scim/v2/:orgId/Users/:id', requireJson, json, answer(users.replace));
  router.patch('/scim/v2/:orgId/Users/:id', requireJson, json, answer(users.patch));
  router.all('/scim/v2/:orgId/Users/:id', () => {
    throw new ScimError(405, 'a User takes GET, PUT, PATCH and DELETE');
  });
  router.all('/scim/v2/:orgId/Users', () => {
    throw new ScimError(405, 'the Users endpoint takes GET and POST');
  });
  router.all(/^\/scim\/v2(\/.*)?$/i, () => {
    throw new ScimError(404, 'no SCIM endpoint has this path');
  });
  router.use(scimErrors(logger));
  return router;
}

/** An endpoint as express's handler: the request as the endpoint takes it, its answer sent. */
function answer(endpoint: ScimEndpoint): RequestHandler {
  return async (request, res) => {
    const { status, body, headers }: ScimAnswer = await endpoint(scimRequestOf(request));
    if (headers) res.set(headers);
    if (body === undefined) res.status(status).end();
    else send(res, status, body);
  };
}

function scimRequestOf(request: Request): ScimRequest {
  const { orgId, ...params } = request.params as Record<string, string>;
  return {
    orgId: orgId!,
    authorization: request.get('authorization'),
    requestId: request.res!.locals.requestId as string | undefined,
    params,
    query: request.query,
    body: request.body as unknown,
    ifMatch: request.get('if-match'),
  };
}

/** A body is SCIM's JSON or plain JSON; anything else is refused before it is read. */
const requireJson: RequestHandler = (request, _res, next) => {
  if (!request.is(['application/scim+json', 'application/json']))
    throw new ScimError(415, `the body is ${SCIM_JSON} or application/json`);
  next();
};

function send(res: Response, status: number, body: unknown): void {
  res.status(status).type(SCIM_JSON).send(JSON.stringify(body));
}

/** Every failure in SCIM's error shape: ours, body-parser's, and anything else as INTERNAL. */
function scimErrors(logger: Logger): ErrorRequestHandler {
  return (error: unknown, _request, res, _next) => {
    let scim: ScimError;
    if (error instanceof ScimError) scim = error;
    else if (isBodyError(error)) scim = bodyError(error);
    else {
      const failure = asServiceError(error, logger);
      if (failure.retryAfterSeconds !== undefined)
        res.set('retry-after', String(failure.retryAfterSeconds));
      scim = scimErrorOf(failure);
    }
    send(res, scim.status, scimErrorBody(scim));
  };
}

interface BodyError {
  type: string;
  status: number;
}

function isBodyError(error: unknown): error is BodyError {
  return typeof error === 'object' && error !== null && 'type' in error && 'status' in error;
}

/** body-parser's refusals: JSON that does not parse, too large, an unsupported encoding. */
function bodyError(error: BodyError): ScimError {
  const scimType: ScimType | undefined =
    error.type === 'entity.parse.failed' ? 'invalidSyntax' : undefined;
  const detail =
    error.type === 'entity.parse.failed'
      ? 'the body is not JSON'
      : error.type === 'entity.too.large'
        ? 'the body is too large'
        : 'the body cannot be read';
  return new ScimError(
    error.status >= 400 && error.status < 500 ? error.status : 400,
    detail,
    scimType,
  );
}
