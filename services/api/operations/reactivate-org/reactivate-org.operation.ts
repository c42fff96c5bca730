import schema from '../../../../schemas/requests/reactivate-org.schema.json' with { type: 'json' };
import { operation } from '../operation.js';
import { orgNotInactive, orgStateChange } from '../org-lifecycle.js';

/** Reactivates the target organization (`org.reactivated`); for the instance's administrators. */
export const reactivateOrgOperation = operation(
  'identity.management.v1.ManagementService/ReactivateOrg',
  'POST /management/v1/orgs/me/_reactivate',
  { permission: 'instance.org.write', schema, handle: orgStateChange('active') },
  [orgNotInactive()],
);
