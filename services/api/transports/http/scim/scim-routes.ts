import express, {
  type ErrorRequestHandler,
  type Request,
  type RequestHandler,
  type Response,
  type Router,
} from 'express';
import { asServiceError } from '../../../../../shared/errors/as-service-error.js';
import type { Logger } from '../../../../../shared/logging/logger.js';
import type { DataSource } from 'typeorm';
import type { OperationPipeline } from '../../../pipeline/operation-pipeline.js';
import { userMetadataByUser } from '../../../queries/user-metadata-queries.js';
import { METADATA_PREFIX } from '../../../scim/scim-attributes.js';
import { checkedBody } from '../../../scim/scim-values.js';
import {
  groupResourceType,
  groupSchema,
  listOf,
  SCHEMAS,
  serviceProviderConfig,
  userResourceType,
} from '../../../scim/scim-discovery.js';
import { MAX_PAYLOAD_SIZE } from '../../../scim/scim-bulk-requests.js';
import { ScimError, scimErrorBody, scimErrorOf, type ScimType } from '../../../scim/scim-errors.js';
import {
  type ScimAnswer,
  ScimCalls,
  type ScimEndpoint,
  type ScimRequest,
} from './scim-exchange.js';
import { scimBulkEndpoint } from './scim-bulk.js';
import { scimGroupEndpoints } from './scim-group-endpoints.js';
import { scimUserEndpoints } from './scim-user-endpoints.js';

const SCIM_JSON = 'application/scim+json';

/**
 * SCIM 2.0 (RFC 7643, RFC 7644) for one organization's people at `/scim/v2/{orgId}/`, and with a
 * project's roles as Groups at `/scim/v2/{orgId}/projects/{projectId}/`: the HTTP side of the
 * endpoints (scim-user-endpoints.ts, scim-group-endpoints.ts, scim-bulk.ts), which call the operations through the pipeline
 * (authenticate, rate limit, authorize in the path's organization, validate, handle). Every
 * failure is SCIM's error message.
 */
export function scimRoutes(
  pipeline: OperationPipeline,
  {
    bodyLimit,
    publicUrl,
    logger,
    dataSource,
  }: { bodyLimit: number; publicUrl: string; logger: Logger; dataSource: DataSource },
): Router {
  const router = express.Router({ caseSensitive: false });
  const json = express.json({
    limit: bodyLimit,
    strict: false,
    type: ['application/scim+json', 'application/json'],
  });
  const calls = new ScimCalls(pipeline, publicUrl);
  const users = scimUserEndpoints(calls, (orgId, userIds) =>
    userMetadataByUser(dataSource, orgId, userIds, METADATA_PREFIX),
  );
  const groups = scimGroupEndpoints(calls);
  const bulkJson = bulkBodyParser();

  /** A discovery list at `path` (one page of all), and each of its resources by id. */
  const listed = (
    path: string,
    what: string,
    of: (request: Request) => Record<string, unknown>[],
  ) => {
    router.get(path, (request, res) => {
      send(res, 200, listOf(of(request)));
    });
    router.get(`${path}/:id`, (request, res) => {
      const found = of(request).find((candidate) => candidate.id === request.params.id);
      if (!found) throw new ScimError(404, `no such ${what}`);
      send(res, 200, found);
    });
  };

  /** A resource type's endpoints at `path`: a list and create, and each resource by its id. */
  const resource = (path: string, name: string, endpoints: ResourceEndpoints) => {
    router.post(path, requireJson, json, answer(endpoints.create));
    router.get(path, answer(endpoints.list));
    router.get(`${path}/:id`, answer(endpoints.get));
    router.delete(`${path}/:id`, answer(endpoints.remove));
    router.put(`${path}/:id`, requireJson, json, answer(endpoints.replace));
    router.patch(`${path}/:id`, requireJson, json, answer(endpoints.patch));
    router.all(`${path}/:id`, () => {
      throw new ScimError(405, `a ${name} takes GET, PUT, PATCH and DELETE`);
    });
    router.all(path, () => {
      throw new ScimError(405, `the ${name}s endpoint takes GET and POST`);
    });
  };

  /**
   * The endpoints under `prefix`: the organization's (`/scim/v2/:orgId`: Users) or a project's
   * (`/scim/v2/:orgId/projects/:projectId`: the same Users, and the project's roles as Groups).
   */
  const mount = (prefix: string, withGroups: boolean) => {
    const base = (request: Request) => {
      const scim = scimRequestOf(request);
      const org = calls.base(scim);
      return withGroups ? `${org}/projects/${encodeURIComponent(scim.params.projectId!)}` : org;
    };
    const types = (request: Request) => [
      userResourceType(base(request)),
      ...(withGroups ? [groupResourceType(base(request))] : []),
    ];
    const schemas = (request: Request) => [
      ...Object.values(SCHEMAS).map((schema) => schema(base(request))),
      ...(withGroups ? [groupSchema(base(request))] : []),
    ];
    router.get(`${prefix}/ServiceProviderConfig`, (request, res) => {
      send(res, 200, serviceProviderConfig(base(request)));
    });
    listed(`${prefix}/ResourceTypes`, 'resource type', types);
    listed(`${prefix}/Schemas`, 'schema', schemas);
    router.post(`${prefix}/Users/.search`, requireJson, json, answer(users.search));
    resource(`${prefix}/Users`, 'User', users);
    if (withGroups) {
      resource(`${prefix}/Groups`, 'Group', groups);
    } else
      router.all([`${prefix}/Groups`, `${prefix}/Groups/*rest`], () => {
        throw new ScimError(
          404,
          "Groups are a project's roles: use the project's endpoint, /scim/v2/{orgId}/projects/{projectId}/Groups",
        );
      });
    const bulk = scimBulkEndpoint(calls, users, withGroups ? groups : undefined, logger);
    router.post(`${prefix}/Bulk`, requireJson, bulkJson, answer(bulk));
    router.all(`${prefix}/Bulk`, () => {
      throw new ScimError(405, 'the Bulk endpoint takes POST');
    });
  };
  mount('/scim/v2/:orgId/projects/:projectId', true);
  mount('/scim/v2/:orgId', false);
  router.all(/^\/scim\/v2(\/.*)?$/i, () => {
    throw new ScimError(404, 'no SCIM endpoint has this path');
  });
  router.use(scimErrors(logger));
  return router;
}

/** What a resource type's routes call. */
type ResourceEndpoints = Record<
  'create' | 'list' | 'get' | 'remove' | 'replace' | 'patch',
  ScimEndpoint
>;

/** An endpoint as express's handler: the request as the endpoint takes it, its answer sent. */
function answer(endpoint: ScimEndpoint): RequestHandler {
  return async (request, res) => {
    // Depth and prototype names first: no library below walks a body that could exhaust the
    // stack or reach a prototype (this says nothing of the organization, so before the caller).
    checkedBody(request.body);
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

/**
 * A BulkRequest's body, up to maxPayloadSize (not the other endpoints' limit); one over it is
 * 413 `tooMany`, as RFC 7644 §3.7.4 has it.
 */
function bulkBodyParser(): RequestHandler {
  const parse = express.json({
    limit: MAX_PAYLOAD_SIZE,
    strict: false,
    type: ['application/scim+json', 'application/json'],
  });
  return (request, res, next) =>
    parse(request, res, (error?: unknown) => {
      if (isBodyError(error) && error.type === 'entity.too.large')
        next(
          new ScimError(
            413,
            `the body is over the maxPayloadSize, ${MAX_PAYLOAD_SIZE} bytes`,
            'tooMany',
          ),
        );
      else next(error);
    });
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
