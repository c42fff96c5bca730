import { UserReadModel } from '../../../../shared/db/entities/index.js';
import { profileOf } from '../../queries/profiles.js';
import type { OperationContext } from '../operation.js';
import { profileNotFound } from './get-my-profile.errors.js';
import type { GetMyProfileResponse } from './get-my-profile.request.js';

/**
 * The caller's profile as the user read model holds it, with the details of a read: the sequence
 * and date of the last event reduced, and the date of the first. Until the worker has reduced the
 * user's first event there is nothing to read.
 */
export async function getMyProfile({
  deps,
  caller,
}: OperationContext): Promise<GetMyProfileResponse> {
  const user = await deps.dataSource.getRepository(UserReadModel).findOneBy({ id: caller.userId });
  if (!user) throw profileNotFound();
  return {
    details: {
      sequence: user.sequence,
      creationDate: user.creationDate,
      changeDate: user.changeDate,
      resourceOwner: user.orgId,
    },
    profile: profileOf(user),
  };
}
