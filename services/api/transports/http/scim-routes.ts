import express, {
  type ErrorRequestHandler,
  type Request,
  type RequestHandler,
  type Response,
  type Router,
} from 'express';
import { asServiceError } from '../../../../shared/errors/as-service-error.js';
import { ServiceError, StatusCode } from '../../../../shared/errors/service-error.js';
import type { Logger } from '../../../../shared/logging/logger.js';
import { getUserByIDOperation } from '../../operations/get-user-by-id/get-user-by-id.operation.js';
import { importHumanUserOperation } from '../../operations/import-human-user/import-human-user.operation.js';
import { listUsersOperation } from '../../operations/list-users/list-users.operation.js';
import { removeUserOperation } from '../../operations/remove-user/remove-user.operation.js';
import { deactivateUserOperation } from '../../operations/deactivate-user/deactivate-user.operation.js';
import { reactivateUserOperation } from '../../operations/reactivate-user/reactivate-user.operation.js';
import { updateHumanProfileOperation } from '../../operations/update-human-profile/update-human-profile.operation.js';
import { updateHumanEmailOperation } from '../../operations/update-human-email/update-human-email.operation.js';
import { updateHumanPhoneOperation } from '../../operations/update-human-phone/update-human-phone.operation.js';
import { removeHumanPhoneOperation } from '../../operations/remove-human-phone/remove-human-phone.operation.js';
import { changesOf, patchedUser, type UserChange } from '../../scim/scim-changes.js';
import { ifMatchOf } from '../../operations/if-match.js';
import type { Operation } from '../../operations/operation.js';
import type { OperationPipeline } from '../../pipeline/operation-pipeline.js';
import type { UserView } from '../../queries/user-views.js';
import {
  listOf,
  serviceProviderConfig,
  userResourceType,
  userSchema,
} from '../../scim/scim-discovery.js';
import { ScimError, scimErrorBody, scimErrorOf, type ScimType } from '../../scim/scim-errors.js';
import {
  importRequestOf,
  LIST_RESPONSE,
  listRequestOf,
  type ListParameters,
  scimUserOf,
  USER_SCHEMA,
} from '../../scim/scim-users.js';

const SCIM_JSON = 'application/scim+json';

/** The operation each kind of change to a User is made through. */
const CHANGE_OPERATIONS: Record<
  UserChange['kind'],
  Operation<never, { details: { sequence: string } }>
> = {
  profile: updateHumanProfileOperation,
  email: updateHumanEmailOperation,
  phone: updateHumanPhoneOperation,
  removePhone: removeHumanPhoneOperation,
  deactivate: deactivateUserOperation,
  reactivate: reactivateUserOperation,
};

/**
 * SCIM 2.0 (RFC 7643, RFC 7644) for one organization's people at `/scim/v2/{orgId}/`: each call
 * is an operation's call through the pipeline (authenticate, rate limit, authorize in the path's
 * organization, validate, handle), so a SCIM write is the operation's command with its events and
 * permission, and a SCIM read the operation's read model. Every failure is SCIM's error message.
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
  const base = (request: Request) =>
    `${publicUrl.replace(/\/$/, '')}/scim/v2/${encodeURIComponent(param(request, 'orgId'))}`;
  const call = <R>(
    operation: Operation<never, R>,
    request: Request,
    body: unknown,
    { afterSequence, ifMatch }: { afterSequence?: string; ifMatch?: string } = {},
  ) =>
    pipeline.call(operation, {
      authorization: request.get('authorization'),
      targetOrgId: param(request, 'orgId'),
      ...(afterSequence !== undefined && { afterSequence }),
      ...(ifMatch !== undefined && { ifMatch }),
      requestId: response(request).locals.requestId as string | undefined,
      transport: 'json',
      request: body,
    });
  /**
   * The operation's request made of the SCIM one; when that refuses the SCIM request, the caller
   * is still authenticated and authorized first (the operation is called with no request, which
   * its schema refuses after both), so a stranger learns nothing from a body's faults.
   */
  const converted = async <T>(operation: Operation, request: Request, convert: () => T) => {
    try {
      return convert();
    } catch (error) {
      await call(operation as Operation<never, unknown>, request, null).catch(
        (refusal: unknown) => {
          if (!(refusal instanceof ServiceError) || refusal.code !== StatusCode.INVALID_ARGUMENT)
            throw refusal;
        },
      );
      throw error;
    }
  };
  const userOf = (request: Request, user: UserView) =>
    scimUserOf(user, `${base(request)}/Users/${encodeURIComponent(user.id)}`);

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
    send(res, 200, listOf([userSchema(base(request))]));
  });
  router.get('/scim/v2/:orgId/Schemas/:id', (request, res) => {
    if (request.params.id !== USER_SCHEMA) throw new ScimError(404, 'no such schema');
    send(res, 200, userSchema(base(request)));
  });

  router.post('/scim/v2/:orgId/Users', requireJson, json, async (request, res) => {
    const body = await converted(importHumanUserOperation, request, () =>
      importRequestOf(request.body),
    );
    const imported = await call(importHumanUserOperation, request, body);
    // An import naming an externalId already imported answers that user: in SCIM, a conflict.
    if (imported.alreadyExisted)
      throw new ScimError(409, 'a user with this externalId exists', 'uniqueness');
    const { user } = await call(
      getUserByIDOperation,
      request,
      { id: imported.userId },
      { afterSequence: imported.details.sequence },
    );
    const created = userOf(request, user);
    res.set('location', (created.meta as { location: string }).location);
    sendUser(res, 201, created);
  });
  /** A list, from the query string or a `.search` body. */
  const list = async (request: Request, res: Response, parameters: ListParameters) => {
    const asked = await converted(listUsersOperation, request, () => listRequestOf(parameters));
    const { startIndex, count } = asked;
    const page = await call(listUsersOperation, request, asked.request).catch((error: unknown) => {
      // ListUsers' schema refusing a translated filter (too many terms, too deep) is the filter's.
      throw error instanceof ServiceError ? scimErrorOf(error, 'invalidFilter') : error;
    });
    const resources = count === 0 ? [] : page.result.map((user) => userOf(request, user));
    send(res, 200, {
      schemas: [LIST_RESPONSE],
      totalResults: Number(page.details.totalResult),
      itemsPerPage: resources.length,
      startIndex,
      Resources: resources,
    });
  };
  router.get('/scim/v2/:orgId/Users', async (request, res) => {
    await list(request, res, request.query);
  });
  router.post('/scim/v2/:orgId/Users/.search', requireJson, json, async (request, res) => {
    const parameters = request.body as unknown;
    if (typeof parameters !== 'object' || parameters === null || Array.isArray(parameters))
      throw new ScimError(400, 'the body is not a SearchRequest object', 'invalidSyntax');
    await list(request, res, parameters as ListParameters);
  });
  router.get('/scim/v2/:orgId/Users/:id', async (request, res) => {
    const { user } = await call(getUserByIDOperation, request, { id: param(request, 'id') });
    if (!user.human) throw new ScimError(404, 'no user with this id');
    sendUser(res, 200, userOf(request, user));
  });
  router.delete('/scim/v2/:orgId/Users/:id', async (request, res) => {
    await call(
      removeUserOperation,
      request,
      { id: param(request, 'id') },
      { ifMatch: strongIfMatch(request) },
    );
    res.status(204).end();
  });
  /**
   * A PUT or PATCH: the user read, the User asked for (`desiredOf` the User as it is), and what
   * differs sent through the operations' commands (profile, email, phone, deactivate,
   * reactivate) in turn; the answer is the User once the read model shows them all.
   */
  const change = async (
    request: Request,
    res: Response,
    desiredOf: (current: Record<string, unknown>) => unknown,
  ) => {
    const id = param(request, 'id');
    const { user } = await call(getUserByIDOperation, request, { id });
    if (!user.human) throw new ScimError(404, 'no user with this id');
    const changes = changesOf(user, desiredOf(userOf(request, user)));
    // Each command's input is checked before the first runs, so that bad input stores nothing.
    for (const { kind, request: body } of changes)
      pipeline.check(CHANGE_OPERATIONS[kind] as Operation, body);
    // If-Match is checked by the first command under the user's lock; the others follow it.
    let ifMatch = strongIfMatch(request);
    if (changes.length === 0 && ifMatch !== undefined) {
      // Nothing to change: the version asked for is compared with the one read.
      const tags = ifMatchOf(ifMatch);
      if (tags !== '*' && !tags?.includes(user.details.sequence))
        throw new ScimError(412, 'the User has changed since that version');
    }
    const sequences: string[] = [];
    for (const { kind, request: body } of changes) {
      const done = await call(CHANGE_OPERATIONS[kind], request, body, { ifMatch });
      ifMatch = undefined;
      sequences.push(done.details.sequence);
    }
    const changed =
      sequences.length === 0
        ? user
        : (
            await call(
              getUserByIDOperation,
              request,
              { id },
              { afterSequence: sequences.join(',') },
            )
          ).user;
    sendUser(res, 200, userOf(request, changed));
  };
  router.put('/scim/v2/:orgId/Users/:id', requireJson, json, async (request, res) => {
    await change(request, res, () => request.body as unknown);
  });
  router.patch('/scim/v2/:orgId/Users/:id', requireJson, json, async (request, res) => {
    await change(request, res, (current) => patchedUser(current, request.body));
  });
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

/** The response of a request (express hands both to a handler; this is for the pipeline's id). */
function response(request: Request): Response {
  return request.res!;
}

/** A parameter of the route's path (one segment: never an array). */
function param(request: Request, name: string): string {
  return String(request.params[name]);
}

/** A body is SCIM's JSON or plain JSON; anything else is refused before it is read. */
const requireJson: RequestHandler = (request, _res, next) => {
  if (!request.is(['application/scim+json', 'application/json']))
    throw new ScimError(415, `the body is ${SCIM_JSON} or application/json`);
  next();
};

/** A User's answer, with its version as the ETag header too. */
function sendUser(res: Response, status: number, user: Record<string, unknown>): void {
  res.set('etag', (user.meta as { version: string }).version);
  send(res, status, user);
}

/**
 * The request's If-Match as the operations take it: SCIM's versions are weak tags (`W/"4711"`),
 * of the same sequence the operations' strong tags are, so the weakness is dropped.
 */
function strongIfMatch(request: Request): string | undefined {
  return request.get('if-match')?.replace(/W\//g, '');
}

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
