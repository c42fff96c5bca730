import type { ErrorId } from '../../../../../shared/errors/error-catalogue.js';
import { ServiceError } from '../../../../../shared/errors/service-error.js';
import { importHumanUsersOperation } from '../../../operations/import-human-users/import-human-users.operation.js';
import { listUsersOperation } from '../../../operations/list-users/list-users.operation.js';
import type { ImportHumanUserRequest } from '../../../operations/import-human-user/import-human-user.request.js';
import { ScimError, scimErrorOf } from '../../../scim/scim-errors.js';
import { scimUserOf, userToCreateOf } from '../../../scim/scim-users.js';
import type { ScimAnswer, ScimCalls, ScimRequest } from './scim-exchange.js';

/**
 * Creates the Users of a run of a BulkRequest's `POST /Users` operations through one
 * ImportHumanUsers call (`user.write`): every user checked alone as POST /Users checks it, then
 * all those that are one import (active, nothing kept as metadata) written in one transaction (the batch import's, which falls back to one transaction each
 * when a key was taken meanwhile), each answered in its place as POST /Users answers it: the
 * User (201, read back in one ListUsers once the read model shows them all; without it when
 * the read model is too late) or its own error. The others are made by `createOne`, as
 * POST /Users makes them, after the batch.
 */
export async function createUsers(
  calls: ScimCalls,
  request: ScimRequest,
  bodies: readonly unknown[],
  createOne: (body: unknown) => Promise<ScimAnswer>,
): Promise<(ScimAnswer | ScimError)[]> {
  const answers: (ScimAnswer | ScimError | undefined)[] = bodies.map(() => undefined);
  const users: { index: number; user: ImportHumanUserRequest }[] = [];
  const alone: number[] = [];
  bodies.forEach((body, index) => {
    try {
      const asked = userToCreateOf(body);
      // A User with metadata to keep, or created inactive, is more than one command: alone.
      if (asked.metadata.length > 0 || !asked.active) alone.push(index);
      else users.push({ index, user: asked.import });
    } catch (error) {
      if (!(error instanceof ScimError)) throw error;
      answers[index] = error;
    }
  });
  if (users.length > 0) {
    const imported = await calls.call(importHumanUsersOperation, request, {
      users: users.map(({ user }) => user),
    });
    const made = new Map<number, string>();
    imported.results.forEach((result, at) => {
      const { index } = users[at]!;
      if ('error' in result && result.error) {
        const { id, message, fieldViolations } = result.error;
        answers[index] = scimErrorOf(new ServiceError(id as ErrorId, message, fieldViolations));
      } else if ('alreadyExisted' in result && result.alreadyExisted)
        answers[index] = new ScimError(409, 'a user with this externalId exists', 'uniqueness');
      else made.set(index, result.userId!);
    });
    if (made.size > 0) {
      // The users are made: a read that fails (the read model not caught up in time, 503)
      // only leaves their answers without the User and its version, never makes them failures.
      const read = await calls
        .call(
          listUsersOperation,
          request,
          {
            query: { limit: made.size },
            queries: [{ inUserIdsQuery: { userIds: [...made.values()] } }],
          },
          { afterSequence: imported.details.sequence },
        )
        .catch(() => ({ result: [] }));
      const byId = new Map(read.result.map((user) => [user.id, user]));
      for (const [index, id] of made) {
        const location = `${calls.base(request)}/Users/${encodeURIComponent(id)}`;
        const view = byId.get(id);
        if (!view) {
          answers[index] = { status: 201, body: { id, meta: { location } }, headers: { location } };
          continue;
        }
        const user = scimUserOf(view, location);
        const version = (user.meta as { version: string }).version;
        answers[index] = { status: 201, body: user, headers: { location, etag: version } };
      }
    }
  }
  for (const index of alone)
    answers[index] = await createOne(bodies[index]).catch((error: unknown) => {
      if (error instanceof ScimError) return error;
      if (error instanceof ServiceError) return scimErrorOf(error);
      throw error;
    });
  return answers.map((answer) => answer!);
}
