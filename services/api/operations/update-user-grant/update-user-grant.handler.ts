import { UserGrant } from '../../../../shared/db/entities/project-access.entities.js';
import type { UpdateUserGrantRequest } from './update-user-grant.request.generated.js';
import {
  grantableProject,
  grantableRoles,
  grantPayload,
  lockedUser,
  userChange,
  userGrantOf,
  userOf,
} from '../user-grants.js';

/** Replaces a user grant's roles (`user.grant.changed`, unless they are the same). */
export const updateUserGrant = userChange<UpdateUserGrantRequest>(
  async (transaction, request, orgId) => {
    const roleKeys = request.roleKeys ?? [];
    await userOf(transaction, request.userId, orgId);
    const grant = await userGrantOf(transaction, request.userId, request.grantId);
    const grantable = await grantableProject(transaction, grant.projectId, orgId);
    await grantableRoles(transaction, grantable, roleKeys);
    const user = await lockedUser(transaction, request.userId, orgId);
    if (grant.roleKeys.join('\n') === roleKeys.join('\n')) return { user };
    transaction.update(UserGrant, { id: grant.id }, { roleKeys });
    const payload = grantPayload({ ...grant, roleKeys });
    return { user, event: { type: 'user.grant.changed', payload } };
  },
);
