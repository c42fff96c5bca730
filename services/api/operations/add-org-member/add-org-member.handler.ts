import { MachineUser, RoleGrant, User } from '../../../../shared/db/entities/entity-classes.js';
import { orgMemberChange, orgMemberTaken } from '../org-members.js';
import { userNotFound } from '../user-grants.js';
import type { AddOrgMemberRequest } from './add-org-member.request.generated.js';

/**
 * Makes a user of the target organization, human or machine, a member with `roles`
 * (`org.member.added`). The user's row is locked too, so that a removal of the user cannot leave
 * its roles behind. A member already is refused: RemoveOrgMember first changes its roles.
 */
export const addOrgMember = orgMemberChange<AddOrgMemberRequest>(
  async ({ transaction, request: { userId, roles }, orgId, held }) => {
    const where = { id: userId, orgId };
    const locked = { select: ['id' as const], lock: true };
    const member =
      (await transaction.find(User, where, locked))[0] ??
      (await transaction.find(MachineUser, where, locked))[0];
    if (!member) throw userNotFound();
    if (held.length > 0) throw orgMemberTaken();
    const createdAt = new Date();
    transaction.insert(
      RoleGrant,
      roles.map((role) => ({ userId, orgId, role, createdAt })),
    );
    return { type: 'org.member.added', payload: { userId, roles } };
  },
);
