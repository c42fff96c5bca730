import { UserGrant } from '../../../../shared/db/entities/project-access.entities.js';
import { newId } from '../../../../shared/ids.js';
import type { AddUserGrantRequest } from './add-user-grant.request.generated.js';
import {
  grantableProject,
  grantableRoles,
  grantPayload,
  grantTaken,
  lockedUser,
  userChange,
} from '../user-grants.js';

/**
 * Gives a user of the target organization roles of a project (`user.grant.added`): a project of
 * the organization, or one granted to it (then only roles within the grant). One grant per user
 * and project; UpdateUserGrant changes its roles.
 */
export const addUserGrant = userChange<AddUserGrantRequest, { userGrantId: string }>(
  async (transaction, request, orgId) => {
    const roleKeys = request.roleKeys ?? [];
    const grantable = await grantableProject(transaction, request.projectId, orgId);
    await grantableRoles(transaction, grantable, roleKeys);
    const user = await lockedUser(transaction, request.userId, orgId);
    const projectId = grantable.project.id;
    const [held] = await transaction.find(UserGrant, { userId: user.id, projectId });
    if (held) throw grantTaken();
    const projectGrantId = grantable.projectGrant?.id ?? null;
    const grant = { id: newId(), userId: user.id, projectId, projectGrantId, roleKeys };
    transaction.insert(UserGrant, [grant]);
    const event = { type: 'user.grant.added', payload: grantPayload(grant) } as const;
    return { user, event, answer: { userGrantId: grant.id } };
  },
);
