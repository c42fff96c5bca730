import schema from '../../../../schemas/requests/remove-org-member.schema.json' with { type: 'json' };
import { orgMemberNotFound } from '../org-members.js';
import { removeOrgMember } from './remove-org-member.handler.js';
import { operation } from '../operation.js';

export const removeOrgMemberOperation = operation(
  'identity.management.v1.ManagementService/RemoveOrgMember',
  'DELETE /management/v1/orgs/me/members/:userId',
  { permission: 'org.member.write', schema, handle: removeOrgMember },
  [orgMemberNotFound()],
);
