import schema from '../../../../schemas/requests/add-org.schema.json' with { type: 'json' };
import { operation } from '../operation.js';
import { orgNameTaken } from '../org-lifecycle.js';
import { addOrg } from './add-org.handler.js';

/** A new organization of the instance, whatever the target; for the instance's administrators. */
export const addOrgOperation = operation(
  'identity.management.v1.ManagementService/AddOrg',
  'POST /management/v1/orgs',
  { permission: 'instance.org.write', schema, handle: addOrg },
  [orgNameTaken()],
);
