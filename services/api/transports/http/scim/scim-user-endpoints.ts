import { ServiceError } from '../../../../../shared/errors/service-error.js';
import type { ErrorId } from '../../../../../shared/errors/error-catalogue.js';
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
import { importHumanUsersOperation } from '../../../operations/import-human-users/import-human-users.operation.js';
import { updateUserNameOperation } from '../../../operations/update-user-name/update-user-name.operation.js';
import { updateUserExternalIdOperation } from '../../../operations/update-user-external-id/update-user-external-id.operation.js';
import { listUserMetadataOperation } from '../../../operations/list-user-metadata/list-user-metadata.operation.js';
import { bulkSetUserMetadataOperation } from '../../../operations/bulk-set-user-metadata/bulk-set-user-metadata.operation.js';
import { bulkRemoveUserMetadataOperation } from '../../../operations/bulk-remove-user-metadata/bulk-remove-user-metadata.operation.js';
import { ifMatchOf } from '../../../operations/if-match.js';
import type { Operation } from '../../../operations/operation.js';
import type { UserView } from '../../../queries/user-views.js';
import type { ImportHumanUserRequest } from '../../../operations/import-human-user/import-human-user.request.js';
import { changesOf, patchedUser, type UserChange } from '../../../scim/scim-changes.js';
import { ScimError, scimErrorOf } from '../../../scim/scim-errors.js';
import { type Projection, projected, projectionOf } from '../../../scim/scim-projection.js';
import { METADATA_PREFIX, type MetadataEntry } from '../../../scim/scim-attributes.js';
import {
  LIST_RESPONSE,
  listRequestOf,
  type ListParameters,
  scimUserOf,
  userToCreateOf,
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
  externalId: updateUserExternalIdOperation,
  userName: updateUserNameOperation,
  profile: updateHumanProfileOperation,
  email: updateHumanEmailOperation,
  phone: updateHumanPhoneOperation,
  removePhone: removeHumanPhoneOperation,
  setMetadata: bulkSetUserMetadataOperation,
  removeMetadata: bulkRemoveUserMetadataOperation,
  deactivate: deactivateUserOperation,
  reactivate: reactivateUserOperation,
};

/**
 * `/Users` (RFC 7644 §3): each endpoint the operations' calls through the pipeline, so a SCIM
 * write is the operation's command with its events and permission, and a SCIM read the
 * operation's read model.
 */
export function scimUserEndpoints(
  calls: ScimCalls,
  metadataByUser: (
    orgId: string,
    userIds: readonly string[],
  ) => Promise<Map<string, MetadataEntry[]>>,
) {
  const userOf = (request: ScimRequest, user: UserView, metadata: readonly MetadataEntry[]) =>
    scimUserOf(user, `${calls.base(request)}/Users/${encodeURIComponent(user.id)}`, metadata);

  /** The user's `scim.` metadata (ListUserMetadata), as the read model shows `afterSequence`. */
  const metadataOf = async (
    request: ScimRequest,
    id: string,
    afterSequence?: string,
  ): Promise<MetadataEntry[]> => {
    const { result } = await calls.call(
      listUserMetadataOperation,
      request,
      {
        id,
        query: { limit: 100 },
        queries: [{ keyQuery: { key: METADATA_PREFIX, method: 'TEXT_QUERY_METHOD_STARTS_WITH' } }],
      },
      { ...(afterSequence !== undefined && { afterSequence }) },
    );
    return result.map(({ key, value }) => ({ key, value }));
  };

  /** The person and their metadata, as the read models show `afterSequence`. */
  const readUser = async (request: ScimRequest, id: string, afterSequence?: string) => ({
    user: await humanOf(request, id, afterSequence),
    metadata: await metadataOf(request, id, afterSequence),
  });

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
    const users = count === 0 ? [] : page.result;
    // The page's metadata in one read of its read model: ListUsers has just read these users
    // in this organization with user.read, which is what ListUserMetadata asks of each.
    const metadata = await metadataByUser(
      request.orgId,
      users.map((user) => user.id),
    );
    const resources = users.map((user) =>
      projected(userOf(request, user, metadata.get(user.id) ?? []), asked.projection),
    );
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
   * differs sent through the operations' commands (externalId, user name, profile, email, phone,
   * metadata, deactivate, reactivate) in turn; the answer is the User once the read model shows them all.
   */
  const change = async (
    request: ScimRequest,
    desiredOf: (current: Record<string, unknown>) => unknown,
  ): Promise<ScimAnswer> => {
    const id = request.params.id!;
    const projection = await projectionAsked(request, getUserByIDOperation);
    const { user, metadata } = await readUser(request, id);
    const changes = changesOf(user, metadata, desiredOf(userOf(request, user, metadata)));
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
        ? { user, metadata }
        : await readUser(request, id, sequences.join(','));
    return userAnswer(200, userOf(request, changed.user, changed.metadata), projection);
  };

  /** The answer's attributes the query string asks (checked after the caller is). */
  const projectionAsked = (request: ScimRequest, operation: Operation) =>
    calls.converted(operation, request, () => projectionOf(request.query));

  /** The person of the path's id; a machine user is no SCIM User. */
  const humanOf = async (request: ScimRequest, id: string, afterSequence?: string) => {
    const { user } = await calls.call(
      getUserByIDOperation,
      request,
      { id },
      { ...(afterSequence !== undefined && { afterSequence }) },
    );
    if (!user.human) throw new ScimError(404, 'no user with this id');
    return user;
  };

  return {
    async create(request: ScimRequest): Promise<ScimAnswer> {
      const projection = await projectionAsked(request, importHumanUserOperation);
      const asked = await calls.converted(importHumanUserOperation, request, () =>
        userToCreateOf(request.body),
      );
      // Both commands' input is checked before the first runs (the user's id is not known yet).
      calls.check(importHumanUserOperation, asked.import);
      if (asked.metadata.length > 0)
        calls.check(bulkSetUserMetadataOperation, { id: 'new', metadata: asked.metadata });
      const imported = await importOf(calls, request, asked.import, asked.active);
      // An import naming an externalId already imported answers that user: in SCIM, a conflict.
      if (imported.alreadyExisted)
        throw new ScimError(409, 'a user with this externalId exists', 'uniqueness');
      const sequences = [imported.sequence];
      const userId = imported.userId;
      if (asked.metadata.length > 0) {
        const body = { id: userId, metadata: asked.metadata };
        const done = await calls.call(bulkSetUserMetadataOperation, request, body);
        sequences.push(done.details.sequence);
      }
      if (!asked.active) {
        const done = await calls.call(deactivateUserOperation, request, { id: userId });
        sequences.push(done.details.sequence);
      }
      const { user, metadata } = await readUser(request, userId, sequences.join(','));
      const created = userOf(request, user, metadata);
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
      const { user, metadata } = await readUser(request, request.params.id!);
      return userAnswer(200, userOf(request, user, metadata), projection);
    },
    replace: (request: ScimRequest) => change(request, () => request.body),
    patch: (request: ScimRequest) =>
      change(request, (current) => patchedUser(current, request.body)),
    async remove(request: ScimRequest): Promise<ScimAnswer> {
      // Machine users are no SCIM Users: one is not found here, as it is not by GET.
      const id = request.params.id!;
      await humanOf(request, id);
      const removed = await calls.call(
        removeUserOperation,
        request,
        { id },
        { ifMatch: strongIfMatch(request) },
      );
      // Answered once the read model shows the removal (a GET that follows is 404, as directories
      // expect), or once it has not within the read wait: the user is removed either way.
      await humanOf(request, id, removed.details.sequence).catch(() => undefined);
      return { status: 204 };
    },
  };
}

/**
 * A new user: ImportHumanUser; or, for one created inactive, ImportHumanUsers with that one user
 * and no initialization email (a person who cannot sign in is not asked to; once reactivated,
 * they ask for the email on the activation page, or an administrator resends it).
 */
async function importOf(
  calls: ScimCalls,
  request: ScimRequest,
  body: ImportHumanUserRequest,
  active: boolean,
): Promise<{ userId: string; sequence: string; alreadyExisted?: boolean }> {
  if (active) {
    const imported = await calls.call(importHumanUserOperation, request, body);
    return { ...imported, sequence: imported.details.sequence };
  }
  const batch = { users: [body], sendInitializationEmail: false };
  const { results, details } = await calls.call(importHumanUsersOperation, request, batch);
  const result = results[0]!;
  if ('error' in result) {
    const { id, message, fieldViolations } = result.error;
    throw new ServiceError(id as ErrorId, message, fieldViolations);
  }
  return { ...result, sequence: details.sequence };
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
