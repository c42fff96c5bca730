import { isDuplicateKey, uniqueKeys } from '../../../../shared/db/db-errors.js';
import { ServiceError } from '../../../../shared/errors/service-error.js';
import { humanUserChange } from '../human-user-aggregate.js';
import type { UpdateUserExternalIdRequest } from './update-user-external-id.request.generated.js';

export const externalIdTaken = (): ServiceError =>
  new ServiceError('USER-EXTERNAL-ID-ALREADY-EXISTS');

const changeExternalId = humanUserChange<UpdateUserExternalIdRequest>(({ user, request }) => {
  const externalId = request.externalId || null;
  if (externalId === user.externalId) return {};
  return {
    event: { type: 'user.externalid.changed', payload: { externalId } },
    columns: { externalId },
  };
});

/**
 * Gives a person of the target organization another externalId, or none when it is empty
 * (`user.externalid.changed`): an import naming the new one answers this person from then on.
 * It is unique in the organization as the import keeps it (the database's unique key, under the
 * user's lock); the same one records nothing.
 */
export const updateUserExternalId: typeof changeExternalId = (context, request) =>
  changeExternalId(context, request).catch((error: unknown) => {
    throw isDuplicateKey(error, uniqueKeys.externalId) ? externalIdTaken() : error;
  });
