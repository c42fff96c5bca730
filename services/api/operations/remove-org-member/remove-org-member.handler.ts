import { orgMemberChange, orgMemberNotFound } from '../org-members.js';
import type { RemoveOrgMemberRequest } from './remove-org-member.request.generated.js';

/** Takes every role a user holds in the target organization (`org.member.removed`). */
export const removeOrgMember = orgMemberChange<RemoveOrgMemberRequest>(
  ({ transaction, request: { userId }, orgId, held }) => {
    if (held.length === 0) throw orgMemberNotFound();
    transaction.queue('DELETE FROM role_grants WHERE user_id = ? AND org_id = ?', [userId, orgId]);
    return { type: 'org.member.removed', payload: { userId } };
  },
);
