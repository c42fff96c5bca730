import schema from '../../../../schemas/requests/update-org.schema.json' with { type: 'json' };
import { operation } from '../operation.js';
import { orgNameTaken, updateOrg } from '../org-lifecycle.js';

/** Renames the target organization (`org.changed`); for the instance's administrators. */
export const updateOrgOperation = operation(
  'identity.management.v1.ManagementService/UpdateOrg',
  'PUT /management/v1/orgs/me',
  { permission: 'instance.org.write', schema, handle: updateOrg },
  [orgNameTaken()],
);
