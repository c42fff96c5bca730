import schema from '../../../../schemas/requests/update-org-member.schema.json' with { type: 'json' };
import { orgMemberNotFound } from '../org-members.js';
import { updateOrgMember } from './update-org-member.handler.js';
import { operation } from '../operation.js';

export const updateOrgMemberOperation = operation(
  'identity.management.v1.ManagementService/UpdateOrgMember',
  'PUT /management/v1/orgs/me/members/:userId',
  { permission: 'org.member.write', schema, handle: updateOrgMember },
  [orgMemberNotFound()],
);
