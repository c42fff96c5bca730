import { User } from '../../../../shared/db/entities/index.js';
import { unauthenticated } from '../../../../shared/errors/service-error.js';
import { updateDetails } from '../details.js';
import type { OperationContext } from '../operation.js';
import type { GetMyEmailResponse } from './get-my-email.request.js';

/**
 * The caller's email, whether it is verified, and the address waiting for its link. Read from
 * the user's row, not the read model: the address waiting is kept there alone, and the account
 * page shows it right after asking for it (SetMyEmail) and right after the link was followed.
 */
export async function getMyEmail({ deps, caller }: OperationContext): Promise<GetMyEmailResponse> {
  const user = await deps.dataSource.getRepository(User).findOne({
    where: { id: caller.userId },
    select: ['id', 'orgId', 'sequence', 'changeDate', 'email', 'emailVerified', 'pendingEmail'],
  });
  if (!user) throw unauthenticated();
  return {
    details: updateDetails(user),
    email: { email: user.email, isEmailVerified: user.emailVerified },
    ...(user.pendingEmail !== null && { pendingEmail: user.pendingEmail }),
  };
}
