import { ServiceError } from '../../../../../shared/errors/service-error.js';
import { getUserByIDOperation } from '../../../operations/get-user-by-id/get-user-by-id.operation.js';
import { importHumanUserOperation } from '../../../operations/import-human-user/import-human-user.operation.js';
import { listUsersOperation } from '../../../operations/list-users/list-users.operation.js';
import { removeUserOperation } from '../../../operations/remove-user/remove-user.operation.js';
import { deactivateUserOperation } from '../../../operations/deactivate-user/deactivate-user.operation.js';
import { reactivateUserOperation } from '../../../operations/reactivate-user/reactivate-user.operation.js';
import { updateHumanProfileOperation } from '../../../operations/update-human-profile/update-human-profile.operation.js';
import { updateHumanEmailOperation } from '../../../operations/update-human-email/update-human-email.operation.js';
import { updateHumanPhoneOperation } from '../../../operations/update-human-phone/update-human-phone.operation.js';
import { removeHumanPhoneOperation } from '../../../operations/remove-human-phone/remove-human-phone.operation.js';
import { ifMatchOf } from '../../../operations/if-match.js';
import type { Operation } from '../../../operations/operation.js';
import type { UserView } from '../../../queries/user-views.js';
import { changesOf, patchedUser, type UserChange } from '../../../scim/scim-changes.js';
import { ScimError, scimErrorOf } from '../../../scim/scim-errors.js';
import { type Projection, projected, projectionOf } from '../../../scim/scim-projection.js';
import {
  importRequestOf,
  LIST_RESPONSE,
  listRequestOf,
  type ListParameters,
  scimUserOf,
} from '../../../scim/scim-users.js';
import {
  type ScimAnswer,
  type ScimCalls,
  type ScimRequest,
  strongIfMatch,
} from './scim-exchange.js';

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
 * `/Users` (RFC 7644 §3): each endpoint the operations' calls through the pipeline, so a SCIM
 * write is the operation's command with its events and permission, and a SCIM read the
 * operation's read model.
 */
export function scimUserEndpoints(calls: ScimCalls) {
  const userOf = (request: ScimRequest, user: UserView) =>
    scimUserOf(user, `${calls.base(request)}/Users/${encodeURIComponent(user.id)}`);

  /** A list, from the query string or a `.search` body. */
  const list = async (request: ScimRequest, parameters: ListParameters): Promise<ScimAnswer> => {
    const asked = await calls.converted(listUsersOperation, request, () =>
      listRequestOf(parameters),
    );
    const { startIndex, count } = asked;
    const page = await calls
      .call(listUsersOperation, request, asked.request)
      .catch((error: unknown) => {
        // ListUsers' schema refusing a translated filter (too many terms, too deep) is the filter's.
        throw error instanceof ServiceError ? scimErrorOf(error, 'invalidFilter') : error;
      });
    const resources =
      count === 0
        ? []
        : page.result.map((user) => projected(userOf(request, user), asked.projection));
    return {
      status: 200,
      body: {
        schemas: [LIST_RESPONSE],
        totalResults: Number(page.details.totalResult),
        itemsPerPage: resources.length,
        startIndex,
        Resources: resources,
      },
    };
  };

  /**
   * A PUT or PATCH: the user read, the User asked for (`desiredOf` the User as it is), and what
   * differs sent through the operations' commands (profile, email, phone, deactivate,
   * reactivate) in turn; the answer is the User once the read model shows them all.
   */
  const change = async (
    request: ScimRequest,
    desiredOf: (current: Record<string, unknown>) => unknown,
  ): Promise<ScimAnswer> => {
    const id = request.params.id!;
    const projection = await projectionAsked(request, getUserByIDOperation);
    const user = await humanOf(request, id);
    const changes = changesOf(user, desiredOf(userOf(request, user)));
    // Each command's input is checked before the first runs, so that bad input stores nothing.
    for (const { kind, request: body } of changes)
      calls.check(CHANGE_OPERATIONS[kind] as Operation, body);
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
      const done = await calls.call(CHANGE_OPERATIONS[kind], request, body, { ifMatch });
      ifMatch = undefined;
      sequences.push(done.details.sequence);
    }
    const changed =
      sequences.length === 0
        ? user
        : (
            await calls.call(
              getUserByIDOperation,
              request,
              { id },
              { afterSequence: sequences.join(',') },
            )
          ).user;
    return userAnswer(200, userOf(request, changed), projection);
  };

  /** The answer's attributes the query string asks (checked after the caller is). */
  const projectionAsked = (request: ScimRequest, operation: Operation) =>
    calls.converted(operation, request, () => projectionOf(request.query));

  /** The person of the path's id; a machine user is no SCIM User. */
  const humanOf = async (request: ScimRequest, id: string) => {
    const { user } = await calls.call(getUserByIDOperation, request, { id });
    if (!user.human) throw new ScimError(404, 'no user with this id');
    return user;
  };

  return {
    async create(request: ScimRequest): Promise<ScimAnswer> {
      const projection = await projectionAsked(request, importHumanUserOperation);
      const body = await calls.converted(importHumanUserOperation, request, () =>
        importRequestOf(request.body),
      );
      const imported = await calls.call(importHumanUserOperation, request, body);
      // An import naming an externalId already imported answers that user: in SCIM, a conflict.
      if (imported.alreadyExisted)
        throw new ScimError(409, 'a user with this externalId exists', 'uniqueness');
      const { user } = await calls.call(
        getUserByIDOperation,
        request,
        { id: imported.userId },
        { afterSequence: imported.details.sequence },
      );
      const created = userOf(request, user);
      const answer = userAnswer(201, created, projection);
      answer.headers!.location = (created.meta as { location: string }).location;
      return answer;
    },
    list: (request: ScimRequest) => list(request, request.query),
    async search(request: ScimRequest): Promise<ScimAnswer> {
      const parameters = request.body;
      if (typeof parameters !== 'object' || parameters === null || Array.isArray(parameters))
        throw new ScimError(400, 'the body is not a SearchRequest object', 'invalidSyntax');
      return list(request, parameters as ListParameters);
    },
    async get(request: ScimRequest): Promise<ScimAnswer> {
      const projection = await projectionAsked(request, getUserByIDOperation);
      const user = await humanOf(request, request.params.id!);
      return userAnswer(200, userOf(request, user), projection);
    },
    replace: (request: ScimRequest) => change(request, () => request.body),
    patch: (request: ScimRequest) =>
      change(request, (current) => patchedUser(current, request.body)),
    async remove(request: ScimRequest): Promise<ScimAnswer> {
      // Machine users are no SCIM Users: one is not found here, as it is not by GET.
      await humanOf(request, request.params.id!);
      await calls.call(
        removeUserOperation,
        request,
        { id: request.params.id },
        { ifMatch: strongIfMatch(request) },
      );
      return { status: 204 };
    },
  };
}

/** A User's answer, its attributes as asked, with its version as the ETag header too. */
function userAnswer(
  status: number,
  user: Record<string, unknown>,
  projection: Projection,
): ScimAnswer {
  const etag = (user.meta as { version: string }).version;
  return { status, body: projected(user, projection), headers: { etag } };
}
