import schema from '../../../../schemas/requests/deactivate-org.schema.json' with { type: 'json' };
import { operation } from '../operation.js';
import { orgHoldsLastInstanceOwner, orgNotActive, orgStateChange } from '../org-lifecycle.js';

/**
 * Deactivates the target organization (`org.deactivated`): its users cannot sign in, refresh
 * their tokens or call the API until it is reactivated. For the instance's administrators.
 */
export const deactivateOrgOperation = operation(
  'identity.management.v1.ManagementService/DeactivateOrg',
  'POST /management/v1/orgs/me/_deactivate',
  { permission: 'instance.org.write', schema, handle: orgStateChange('inactive') },
  [orgNotActive(), orgHoldsLastInstanceOwner()],
);
