import schema from '../../../../schemas/requests/add-org-member.schema.json' with { type: 'json' };
import { orgMemberTaken } from '../org-members.js';
import { userNotFound } from '../user-grants.js';
import { addOrgMember } from './add-org-member.handler.js';
import { operation } from '../operation.js';

export const addOrgMemberOperation = operation(
  'identity.management.v1.ManagementService/AddOrgMember',
  'POST /management/v1/orgs/me/members',
  { permission: 'org.member.write', schema, handle: addOrgMember },
  [userNotFound(), orgMemberTaken()],
);
