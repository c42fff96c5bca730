import schema from '../../../../schemas/requests/list-org-members.schema.json' with { type: 'json' };
import { listOrgMembers } from './list-org-members.handler.js';
import { operation } from '../operation.js';

/** The target organization's members with their roles, read from `role_grants` and the users. */
export const listOrgMembersOperation = operation(
  'identity.management.v1.ManagementService/ListOrgMembers',
  'POST /management/v1/orgs/me/members/_search',
  { permission: 'org.read', schema, handle: listOrgMembers },
);
