import { RoleGrant } from '../../../../shared/db/entities/entity-classes.js';
import { orgMemberChange, orgMemberNotFound } from '../org-members.js';
import type { UpdateOrgMemberRequest } from './update-org-member.request.generated.js';

/**
 * Replaces the roles a member holds in the target organization with `roles`
 * (`org.member.changed`). The roles it holds already change nothing and record nothing, as
 * UpdateOrg's name as it is: answered with the organization's details as they are. A user who is
 * no member is ORG-MEMBER-NOT-FOUND: AddOrgMember makes one.
 */
export const updateOrgMember = orgMemberChange<UpdateOrgMemberRequest>(
  ({ transaction, request: { userId, roles }, orgId, held }) => {
    if (held.length === 0) throw orgMemberNotFound();
    if (sameRoles(held, roles)) return undefined;
    transaction.queue('DELETE FROM role_grants WHERE user_id = ? AND org_id = ?', [userId, orgId]);
    const createdAt = new Date();
    transaction.insert(
      RoleGrant,
      roles.map((role) => ({ userId, orgId, role, createdAt })),
    );
    return { type: 'org.member.changed', payload: { userId, roles } };
  },
);

/** Whether two lists of roles, each without repeats, hold the same roles in any order. */
const sameRoles = (held: readonly string[], roles: readonly string[]) =>
  held.length === roles.length && roles.every((role) => held.includes(role));
