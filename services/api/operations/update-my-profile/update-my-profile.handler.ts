import { inBatchedTransaction } from '../../../../shared/db/batched-transaction.js';
import { User } from '../../../../shared/db/entities/index.js';
import { unauthenticated } from '../../../../shared/errors/service-error.js';
import { PROFILE_FIELDS } from '../../../../shared/events/event-types.js';
import { commitChange } from '../../../../shared/events/record-change.js';
import { updateDetails } from '../details.js';
import { expectUnchanged, honoringIfMatch } from '../if-match.js';
import type { OperationContext } from '../operation.js';
import { normalizeProfile, sameProfile } from '../profile.js';
import { profileChanged } from './update-my-profile.events.js';
import type {
  UpdateMyProfileRequest,
  UpdateMyProfileResponse,
} from './update-my-profile.request.js';

/**
 * What the update reads of the caller's row: the profile it compares, and what its event and
 * details need. Not the credentials: a profile update has no use for a password hash or an OTP
 * secret, and reading 11 of the row's 23 columns costs MariaDB, mysql2 and the hydration less.
 */
const PROFILE_READ: (keyof User & string)[] = [
  'id',
  'orgId',
  'version',
  'sequence',
  'changeDate',
  ...PROFILE_FIELDS,
];

/**
 * Replaces the caller's profile. The row is locked for the comparison, so two concurrent updates
 * cannot both see "unchanged" or interleave their versions.
 */
export const updateMyProfile = honoringIfMatch(async function updateMyProfile(
  { deps, caller, ifMatch }: OperationContext,
  request: UpdateMyProfileRequest,
): Promise<UpdateMyProfileResponse> {
  const profile = normalizeProfile(request);
  return inBatchedTransaction(deps.dataSource, async (transaction) => {
    const [user] = await transaction.find(
      User,
      { id: caller.userId },
      { lock: true, select: PROFILE_READ },
    );
    if (!user) throw unauthenticated();
    expectUnchanged(ifMatch, user.sequence);
    if (sameProfile(user, profile)) return { details: updateDetails(user) };
    const changed = await commitChange(transaction, User, user, profileChanged(profile), profile);
    return { details: updateDetails({ ...user, ...changed }) };
  });
});
