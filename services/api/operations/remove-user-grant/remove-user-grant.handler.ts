import type { RemoveUserGrantRequest } from './remove-user-grant.request.generated.js';
import { lockedUser, userChange, userGrantOf } from '../user-grants.js';

/** Removes a user grant (`user.grant.removed`): the user holds none of its roles any more. */
export const removeUserGrant = userChange<RemoveUserGrantRequest>(
  async (transaction, request, orgId) => {
    const user = await lockedUser(transaction, request.userId, orgId);
    const { id, projectId } = await userGrantOf(transaction, user.id, request.grantId);
    transaction.queue('DELETE FROM user_grants WHERE id = ?', [id]);
    return { user, event: { type: 'user.grant.removed', payload: { grantId: id, projectId } } };
  },
);
