import { inBatchedTransaction } from '../../../../shared/db/batched-transaction.js';
import { User } from '../../../../shared/db/entities/index.js';
import { unauthenticated } from '../../../../shared/errors/service-error.js';
import { updateDetails, type Details } from '../details.js';
import type { OperationContext } from '../operation.js';
import { normalizeProfile, sameProfile, type ProfileInput } from '../profile.js';
import { commitChange } from '../../../../shared/events/record-change.js';

export type UpdateMyProfileRequest = ProfileInput;
export interface UpdateMyProfileResponse {
  details: Details;
}

/**
 * Replaces the caller's profile. The row is locked for the comparison, so two concurrent updates
 * cannot both see "unchanged" or interleave their versions.
 */
export async function updateMyProfile(
  { deps, caller }: OperationContext,
  request: UpdateMyProfileRequest,
): Promise<UpdateMyProfileResponse> {
  const profile = normalizeProfile(request);
  return inBatchedTransaction(deps.dataSource, async (transaction) => {
    const [user] = await transaction.find(User, { id: caller.userId }, { lock: true });
    if (!user) throw unauthenticated();
    if (sameProfile(user, profile)) return { details: updateDetails(user) };
    const event = { type: 'user.human.profile.changed', payload: profile } as const;
    const changed = await commitChange(transaction, User, user, event, profile);
    return { details: updateDetails({ ...user, ...changed }) };
  });
}
