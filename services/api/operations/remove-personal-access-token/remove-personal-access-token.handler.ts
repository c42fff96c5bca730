import { PersonalAccessToken } from '../../../../shared/db/entities/machine-user.entity.js';
import { ServiceError } from '../../../../shared/errors/service-error.js';
import { machineUserChange } from '../machine-user-aggregate.js';
import { firstOr } from '../project-aggregate.js';
import type { RemovePersonalAccessTokenRequest } from './remove-personal-access-token.request.generated.js';

export const personalAccessTokenNotFound = (): ServiceError =>
  new ServiceError('PERSONAL-ACCESS-TOKEN-NOT-FOUND');

/** Removes a machine user's personal access token, which stops working (`user.pat.removed`). */
export const removePersonalAccessToken = machineUserChange<RemovePersonalAccessTokenRequest>(
  async ({ transaction, machineUser, request: { tokenId } }) => {
    const where = { id: tokenId, userId: machineUser.id };
    await firstOr(
      transaction.find(PersonalAccessToken, where, { select: ['id'] }),
      personalAccessTokenNotFound,
    );
    transaction.queue('DELETE FROM personal_access_tokens WHERE id = ?', [tokenId]);
    return { event: { type: 'user.pat.removed', payload: { tokenId } } };
  },
);
